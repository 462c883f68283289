-- name: db.tables
-- returns: one
-- params: none
-- What the file holds, in one look at the catalog (each look costs ~10 ms, paid by every CLI
-- call): how many tables, and whether TalkBar's metadata and migration record are among them.
-- Tells a new file from a foreign one.
SELECT count(*) AS n, coalesce(bool_or(table_name = 'meta'), false) AS meta,
       coalesce(bool_or(table_name = 'schema_migrations'), false) AS migrations
FROM information_schema.tables

-- name: db.settings
-- returns: exec
-- params: none
-- Per connection: an index finds rows for a scan only when it finds at most 64 (a short
-- session's turns through turns_by_session_no, migration 0881); a longer run of rows is read by
-- scanning its row group, which costs less than fetching them one by one.
SET index_scan_percentage = 0;
SET index_scan_max_count = 64

-- name: db.app_id
-- returns: value
-- params: none
-- The mark that a DuckDB file is TalkBar's.
SELECT value FROM meta WHERE key = 'app'

-- name: migrations.ensure_table
-- returns: exec
-- params: none
-- The record of applied migrations; created before the first one runs.
CREATE TABLE IF NOT EXISTS schema_migrations (
    version       INTEGER PRIMARY KEY,
    name          VARCHAR NOT NULL,
    applied_at_ms BIGINT NOT NULL
)

-- name: migrations.applied
-- returns: many
-- params: none
SELECT version FROM schema_migrations ORDER BY version

-- name: migrations.record
-- returns: exec
-- params: $version, $name, $now_ms
INSERT INTO schema_migrations VALUES ($version, $name, $now_ms)

-- name: meta.cursor_secret
-- returns: value
-- params: none
-- The key that signs paging cursors, made when the data root was created.
SELECT value FROM meta WHERE key = 'cursor_secret'
