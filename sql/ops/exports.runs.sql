-- name: exports.runs
-- returns: many
-- params: $batch_id
-- Every delivery attempt of the batch in the order they started (made_seq: in the same millisecond too; the caller
-- checked the batch).
SELECT run_id AS "runId", delivery_id AS "deliveryId", status, started_at_ms AS "startedAtMs",
       finished_at_ms AS "finishedAtMs", error
FROM export_runs
WHERE batch_id = $batch_id
ORDER BY started_at_ms, made_seq
