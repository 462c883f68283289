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
