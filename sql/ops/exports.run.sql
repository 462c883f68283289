-- name: exports.run
-- returns: one
-- params: $workspace_id, $batch_id, $now_ms
-- Take the batch's next scheduled delivery (request order) and mark it exporting in the same
-- statement, so two runs (even in two processes) never take the same one.
UPDATE export_deliveries SET status = 'exporting', error = NULL, updated_at_ms = greatest($now_ms, updated_at_ms + 1)
WHERE delivery_id = (SELECT delivery_id FROM export_deliveries
                     WHERE workspace_id = $workspace_id AND batch_id = $batch_id AND status = 'scheduled'
                     ORDER BY ord, delivery_id LIMIT 1)
RETURNING delivery_id AS "deliveryId", session_id AS "sessionId", destination_id AS "destinationId"

-- name: exports.run:stale
-- returns: exec
-- params: $workspace_id, $batch_id, $before_ms, $error, $now_ms
-- A delivery left exporting by a run that died (a killed process) needs attention after a while.
UPDATE export_deliveries SET status = 'needsAttention', error = $error, updated_at_ms = $now_ms
WHERE workspace_id = $workspace_id AND batch_id = $batch_id AND status = 'exporting' AND updated_at_ms < $before_ms

-- name: exports.run:stale_runs
-- returns: exec
-- params: $batch_id, $before_ms, $error, $now_ms
-- ... and so does the attempt that never finished.
UPDATE export_runs SET status = 'needsAttention', error = $error, finished_at_ms = $now_ms
WHERE batch_id = $batch_id AND status = 'exporting' AND started_at_ms < $before_ms

-- name: exports.run:waiting
-- returns: many
-- params: $workspace_id, $batch_id
-- Deliveries that wait for the session (summary, audio): each run looks again whether it is ready.
SELECT delivery_id AS "deliveryId", session_id AS "sessionId"
FROM export_deliveries
WHERE workspace_id = $workspace_id AND batch_id = $batch_id
  AND status IN ('waitingForSummary', 'waitingForAudio')
ORDER BY ord, delivery_id
