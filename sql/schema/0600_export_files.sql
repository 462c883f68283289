-- migration: 0600_export_files
-- Exports (issue 9). What TalkBar wrote at each destination: one row per target (an absolute file
-- path, or a Notion page id) with the session it holds and the content hash recorded at write time
-- (sha256 of the bytes; for a Notion page its last_edited_time). A target that exists with another
-- hash was changed outside TalkBar since: a conflict. A target TalkBar never wrote is someone
-- else's file: the next free name is used instead. Deliveries keep the order of the request
-- (sessions x destinations) in `ord`.
CREATE TABLE export_files (
    workspace_id   VARCHAR NOT NULL,
    destination_id VARCHAR NOT NULL,
    target         VARCHAR NOT NULL,
    session_id     VARCHAR NOT NULL,
    content_hash   VARCHAR NOT NULL,
    delivery_id    VARCHAR NOT NULL,
    written_at_ms  BIGINT NOT NULL,
    PRIMARY KEY (destination_id, target)
);

ALTER TABLE export_deliveries ADD COLUMN ord INTEGER NOT NULL DEFAULT 0;

-- The summary an export takes from a session: the one selected in the app, else the standard
-- length, else the first. Readiness (summaryMissing, summaryStale) and every format read it here.
CREATE VIEW export_summaries AS
SELECT session_id, length, text, generated_at_ms
FROM summaries
QUALIFY row_number() OVER (PARTITION BY session_id ORDER BY selected DESC, length = 'standard' DESC, length) = 1;
