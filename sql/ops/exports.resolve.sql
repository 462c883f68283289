-- name: exports.resolve
-- returns: one
-- params: $workspace_id, $delivery_id
-- The delivery to resolve, with its batch's selection (another workspace's is not_found).
SELECT d.delivery_id AS "deliveryId", d.batch_id AS "batchId", d.session_id AS "sessionId",
       d.destination_id AS "destinationId", d.status, d.conflict_json, b.selection_json
FROM export_deliveries d
JOIN export_batches b ON b.batch_id = d.batch_id
WHERE d.workspace_id = $workspace_id AND d.delivery_id = $delivery_id
