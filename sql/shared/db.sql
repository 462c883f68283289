-- name: db.table_count
-- returns: value
-- params: $name
-- How many tables the file has (all of them when $name is null): tells a new file from a foreign one.
SELECT count(*) FROM information_schema.tables WHERE $name IS NULL OR table_name = $name

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
