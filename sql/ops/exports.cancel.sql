-- name: exports.cancel
-- returns: exec
-- params: $workspace_id, $batch_id, $now_ms
-- Everything not exported is cancelled, also partially exported, conflicting and running deliveries
-- (a run in progress sees it and keeps the delivery cancelled).
UPDATE export_deliveries SET status = 'cancelled', updated_at_ms = greatest($now_ms, updated_at_ms + 1)
WHERE workspace_id = $workspace_id AND batch_id = $batch_id AND status NOT IN ('exported', 'cancelled')
