-- name: export_runs.start
-- returns: exec
-- params: $run_id, $batch_id, $delivery_id, $now_ms
-- One attempt, recorded as it starts (exports.runs shows it while it runs).
INSERT INTO export_runs (run_id, batch_id, delivery_id, status, started_at_ms)
VALUES ($run_id, $batch_id, $delivery_id, 'exporting', $now_ms)

-- name: export_runs.claims
-- returns: many
-- params: $destination_id
-- What TalkBar wrote at this destination: target -> session and content hash (conflicts, collisions).
SELECT target, session_id AS "sessionId", content_hash AS "contentHash"
FROM export_files WHERE destination_id = $destination_id
