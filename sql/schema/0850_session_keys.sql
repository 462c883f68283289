-- migration: 0850_session_keys
-- The big per-session tables laid out for how they are read: one session at a time.
--
-- Session ids are strings that all start alike ("ses-…"), and DuckDB's zone maps keep 8 bytes of
-- a string, so `turns WHERE session_id = $id` read all 600 k turns of a 2,000-session workspace.
-- Each session now also has a small integer key, `session_no` (from a sequence, so a new session
-- numbers after every existing one), and `turns` carries it, stored in session_no order: a
-- session's turns lie together, and a read `WHERE session_no = …` opens only the row groups that
-- hold them. New sessions' turns are appended after the others', so the order holds as the
-- archive grows (the importer writes a document's turns session by session, in numbering order).
-- The string ids stay as they were: every query and the search index keep using them.
--
-- The other per-session tables are indexed by session in 0851, which also makes session_no NOT NULL
-- (DuckDB can do neither in the transaction that added the column).
CREATE SEQUENCE session_no_seq;
ALTER TABLE sessions ADD COLUMN session_no INTEGER DEFAULT nextval('session_no_seq');

CREATE TABLE turns_by_session (
    workspace_id    VARCHAR NOT NULL,
    session_id      VARCHAR NOT NULL,
    turn_id         VARCHAR NOT NULL,
    seq             INTEGER NOT NULL,    -- position in the transcript
    chunk_id        VARCHAR,
    speaker_id      VARCHAR NOT NULL,
    start_ms        BIGINT NOT NULL,
    end_ms          BIGINT NOT NULL,
    text            VARCHAR NOT NULL,
    translated_text VARCHAR,
    provisional     BOOLEAN NOT NULL DEFAULT false,
    changed_at_ms   BIGINT NOT NULL,     -- strictly increasing per session: the transcript cursor
    session_no      INTEGER NOT NULL,    -- sessions.session_no: the order the turns are stored in
    PRIMARY KEY (session_id, turn_id)
);
INSERT INTO turns_by_session
SELECT t.workspace_id, t.session_id, t.turn_id, t.seq, t.chunk_id, t.speaker_id, t.start_ms, t.end_ms, t.text,
       t.translated_text, t.provisional, t.changed_at_ms, coalesce(s.session_no, 0)
FROM turns t LEFT JOIN sessions s ON s.session_id = t.session_id
ORDER BY coalesce(s.session_no, 0), t.seq, t.turn_id;
DROP TABLE turns;
ALTER TABLE turns_by_session RENAME TO turns;
