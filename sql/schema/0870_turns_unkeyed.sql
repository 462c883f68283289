-- migration: 0870_turns_unkeyed
-- turns without a primary key. DuckDB keeps a key's index (an ART over session_id, turn_id) in
-- memory, and an import writes all its turns in one transaction: at 6 M turns that index alone
-- took ~600 MB and, held to a bounded memory, the commit failed ("could not allocate block");
-- without it the same import stays at ~300 MB (measured with DuckDB 2.0.1). Nothing looks turns
-- up by the key: reads go by session_no (0850), and the ids are unique because the writers make
-- them so (the importer refuses a turn id given twice in a session; the recorder mints new ids).
-- The table is rebuilt in the order it is stored in (session_no, then transcript order).
CREATE TABLE turns_unkeyed (
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
    session_no      INTEGER NOT NULL     -- sessions.session_no: the order the turns are stored in
);
INSERT INTO turns_unkeyed
SELECT workspace_id, session_id, turn_id, seq, chunk_id, speaker_id, start_ms, end_ms, text, translated_text,
       provisional, changed_at_ms, session_no
FROM turns
ORDER BY session_no, seq, turn_id;
DROP TABLE turns;
ALTER TABLE turns_unkeyed RENAME TO turns;
