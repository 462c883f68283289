-- name: exports.status
-- returns: many
-- params: $workspace_id, $batch_id, $limit
-- Batches newest first ($batch_id NULL = the newest $limit), each with its deliveries in request
-- order (made_seq orders batches made in the same millisecond). The batch status is derived from its deliveries: work in progress first, then what needs
-- the user, what waits, and only then the settled states.
WITH b AS (
    SELECT batch_id, workspace_id, automatic, created_at_ms, made_seq
    FROM export_batches
    WHERE workspace_id = $workspace_id AND ($batch_id IS NULL OR batch_id = $batch_id)
    ORDER BY created_at_ms DESC, made_seq DESC
    LIMIT $limit
)
SELECT b.batch_id AS "batchId", b.workspace_id AS "workspaceId",
       CASE WHEN bool_or(d.status = 'exporting') THEN 'exporting'
            WHEN bool_or(d.status = 'scheduled') THEN 'scheduled'
            WHEN bool_or(d.status = 'needsAttention') THEN 'needsAttention'
            WHEN bool_or(d.status = 'waitingForSummary') THEN 'waitingForSummary'
            WHEN bool_or(d.status = 'waitingForAudio') THEN 'waitingForAudio'
            WHEN bool_or(d.status = 'cancelled') THEN 'cancelled'
            WHEN bool_or(d.status = 'partiallyExported') THEN 'partiallyExported'
            ELSE 'exported' END AS status,
       b.automatic, b.created_at_ms AS "createdAtMs",
       list({'deliveryId': d.delivery_id, 'sessionId': d.session_id, 'sessionTitle': s.title,
             'destinationId': d.destination_id, 'status': d.status, 'location': d.location, 'error': d.error,
             'conflict': d.conflict_json, 'updatedAtMs': d.updated_at_ms} ORDER BY d.ord, d.delivery_id) AS deliveries
FROM b
JOIN export_deliveries d ON d.batch_id = b.batch_id
LEFT JOIN sessions s ON s.session_id = d.session_id
GROUP BY b.batch_id, b.workspace_id, b.automatic, b.created_at_ms, b.made_seq
ORDER BY b.created_at_ms DESC, b.made_seq DESC

-- name: exports.status:batch
-- returns: one
-- params: $workspace_id, $batch_id
-- A batch of this workspace (another workspace's is not_found), with the selection it was made with.
SELECT batch_id AS "batchId", selection_json FROM export_batches
WHERE workspace_id = $workspace_id AND batch_id = $batch_id
