-- name: exports.retry
-- returns: many
-- params: $workspace_id, $batch_id
-- What a retry queues again: partially exported deliveries and those needing attention for a reason
-- other than a conflict (conflicts go through exports.resolve).
SELECT delivery_id AS "deliveryId", session_id AS "sessionId"
FROM export_deliveries
WHERE workspace_id = $workspace_id AND batch_id = $batch_id
  AND (status = 'partiallyExported' OR (status = 'needsAttention' AND conflict_json IS NULL))
ORDER BY ord, delivery_id

-- name: exports.retry:requeue
-- returns: exec
-- params: $delivery_ids, $statuses, $errors, $now_ms
-- Put deliveries back in the queue (scheduled, or waiting when the session is not ready any more);
-- only deliveries that wait or failed move, so a concurrent cancel is never undone.
UPDATE export_deliveries d
SET status = v.status, error = v.error, updated_at_ms = greatest($now_ms, d.updated_at_ms + 1)
FROM (SELECT unnest($delivery_ids) AS delivery_id, unnest($statuses) AS status, unnest($errors) AS error) v
WHERE d.delivery_id = v.delivery_id AND (d.status <> v.status OR d.error IS DISTINCT FROM v.error)
  AND d.status IN ('waitingForSummary', 'waitingForAudio', 'partiallyExported', 'needsAttention')
