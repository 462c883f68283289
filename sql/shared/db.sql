-- name: db.identity
-- returns: one
-- params: none
-- A TalkBar file's mark and the migrations it records, in one statement: ~4 ms where a look at
-- the catalog costs ~10, paid by every process that opens the file. A file without TalkBar's two
-- tables fails it (a catalog error): a new file, or not TalkBar's (db.tables tells which).
SELECT (SELECT value FROM meta WHERE key = 'app') AS app,
       (SELECT list(version ORDER BY version) FROM schema_migrations) AS versions

-- name: db.tables
-- returns: value
-- params: none
-- How many tables a file without TalkBar's holds: none in a new file.
SELECT count(*) FROM information_schema.tables

-- name: db.settings
-- returns: exec
-- params: none
-- Per connection: an index finds rows for a scan only when it finds at most 64 (a short
-- session's turns through turns_by_session_no, migration 0881); a longer run of rows is read by
-- scanning its row group, which costs less than fetching them one by one.
SET index_scan_percentage = 0;
SET index_scan_max_count = 64

-- name: db.checkpoint
-- returns: exec
-- params: none
-- Everything committed written into the file itself, none of it left in the log beside it: before
-- the file is copied (talkbar/dbsnapshot.py), and after an import while DuckDB's memory is still
-- bounded (talkbar/fixture/importer.py).
CHECKPOINT

-- name: db.threads.machine
-- returns: value
-- params: none
-- DuckDB's own thread count for this machine (its default; talkbar/dbwidth.py reads it once).
RESET threads;
SELECT current_setting('threads')

-- name: db.threads.narrow
-- returns: exec
-- params: none
-- One thread for the DuckDB instance: every cursor of the lease's connection (talkbar/dbwidth.py,
-- NARROW).
SET threads = 1

-- name: db.threads.wide
-- returns: exec
-- params: none
-- The machine's threads again, while work that reads or writes much at once runs.
RESET threads

-- name: db.optimizers.lean
-- returns: exec
-- params: none
-- The optimiser's passes that cost the statements of a search, a notes.create and a recording more
-- than they give back (talkbar/dbplans.py): for the DuckDB instance, every cursor of the lease's
-- connection, while work holds Planning.lean().
SET disabled_optimizers = 'join_order,common_subexpressions,common_subplan,common_aggregate,duplicate_groups,join_elimination,projection_pullup,self_join_aggregate,statistics_propagation,projection_placement,outer_join_simplification,aggregate_reuse,partial_aggregate_pushdown,redundant_order_keys,build_side_probe_side,filter_pullup,empty_result_pullup,grouping_sets,sampling_pushdown,top_n_window_elimination,window_self_join,type_pushdown,unnest_rewriter,deliminator,regex_range,reorder_filter,scalar_fn_pushdown,cte_filter_pusher,partitioned_execution,aggregate_function_rewriter'

-- name: db.optimizers.current
-- returns: value
-- params: none
-- The passes disabled now ('' when none is).
SELECT current_setting('disabled_optimizers')

-- name: db.optimizers.full
-- returns: exec
-- params: none
-- Every pass again.
RESET disabled_optimizers

-- name: migrations.ensure_table
-- returns: exec
-- params: none
-- The record of applied migrations; created before the first one runs.
CREATE TABLE IF NOT EXISTS schema_migrations (
    version       INTEGER PRIMARY KEY,
    name          VARCHAR NOT NULL,
    applied_at_ms BIGINT NOT NULL
)

-- name: migrations.record
-- returns: exec
-- params: $version, $name, $now_ms
INSERT INTO schema_migrations VALUES ($version, $name, $now_ms)

-- name: meta.cursor_secret
-- returns: value
-- params: none
-- The key that signs paging cursors, made when the data root was created.
SELECT value FROM meta WHERE key = 'cursor_secret'
