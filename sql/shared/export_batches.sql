-- name: export_batches.due
-- returns: many
-- params: $workspace_id
-- Batches with work the worker can do: deliveries scheduled, or waiting for a session to be ready.
SELECT batch_id AS "batchId"
FROM export_deliveries
WHERE workspace_id = $workspace_id
  AND status IN ('scheduled', 'waitingForSummary', 'waitingForAudio')
GROUP BY batch_id
ORDER BY min(created_at_ms), batch_id

-- name: export_batches.rows
-- returns: many
-- params: $workspace_id, $limit
-- The newest $limit batches (export_batch_rows_of; made_seq orders batches made in the same
-- millisecond), picked before their deliveries are read (a batch without deliveries has no row).
WITH newest AS (
    SELECT b.batch_id FROM export_batches b
    WHERE b.workspace_id = $workspace_id AND EXISTS (SELECT 1 FROM export_deliveries d WHERE d.batch_id = b.batch_id)
    ORDER BY b.created_at_ms DESC, b.made_seq DESC
    LIMIT $limit
)
SELECT unnest(shown) FROM export_batch_rows_of((SELECT coalesce(list(batch_id), []) FROM newest))
ORDER BY created_at_ms DESC, made_seq DESC

-- name: export_batches.one
-- returns: one
-- params: $workspace_id, $batch_id
-- One batch (export_batch_rows_of), as exports.status and the changes to a batch answer.
SELECT unnest(shown) FROM export_batch_rows_of([$batch_id]) WHERE workspace_id = $workspace_id

-- name: export_batches.requeue
-- returns: exec
-- params: $delivery_ids, $statuses, $errors, $now_ms
-- Put deliveries back in the queue (scheduled, or waiting when the session is not ready any more);
-- only deliveries that wait or failed move, so a concurrent cancel is never undone.
UPDATE export_deliveries d
SET status = v.status, error = v.error, updated_at_ms = greatest($now_ms, d.updated_at_ms + 1)
FROM (SELECT unnest($delivery_ids) AS delivery_id, unnest($statuses) AS status, unnest($errors) AS error) v
WHERE d.delivery_id = v.delivery_id AND (d.status <> v.status OR d.error IS DISTINCT FROM v.error)
  AND d.status IN ('waitingForSummary', 'waitingForAudio', 'partiallyExported', 'needsAttention')

-- name: export_batches.create
-- returns: exec
-- params: $workspace_id, $batch_id, $automatic, $rule_id, $selection_json, $now_ms
-- A batch holds the selection for all its deliveries (automatic ones name the rule that made them).
INSERT INTO export_batches (workspace_id, batch_id, automatic, rule_id, selection_json, created_at_ms, updated_at_ms)
VALUES ($workspace_id, $batch_id, $automatic, $rule_id, $selection_json, $now_ms, $now_ms)

-- name: export_batches.add_deliveries
-- returns: exec
-- params: $workspace_id, $batch_id, $delivery_ids, $session_ids, $destination_ids, $statuses, $now_ms
-- One delivery per session x destination, in the order of the request (parallel lists).
INSERT INTO export_deliveries (workspace_id, delivery_id, batch_id, session_id, destination_id, status, ord,
                               created_at_ms, updated_at_ms)
SELECT $workspace_id, unnest($delivery_ids), $batch_id, unnest($session_ids), unnest($destination_ids),
       unnest($statuses), unnest(range(len($delivery_ids)))::INTEGER, $now_ms, $now_ms
