-- name: exports.enqueue
-- returns: exec
-- params: $workspace_id, $batch_id, $automatic, $rule_id, $selection_json, $now_ms
-- A batch holds the selection for all its deliveries (automatic ones name the rule that made them).
INSERT INTO export_batches (workspace_id, batch_id, automatic, rule_id, selection_json, created_at_ms, updated_at_ms)
VALUES ($workspace_id, $batch_id, $automatic, $rule_id, $selection_json, $now_ms, $now_ms)

-- name: exports.enqueue:deliveries
-- returns: exec
-- params: $workspace_id, $batch_id, $delivery_ids, $session_ids, $destination_ids, $statuses, $now_ms
-- One delivery per session x destination, in the order of the request (parallel lists).
INSERT INTO export_deliveries (workspace_id, delivery_id, batch_id, session_id, destination_id, status, ord,
                               created_at_ms, updated_at_ms)
SELECT $workspace_id, unnest($delivery_ids), $batch_id, unnest($session_ids), unnest($destination_ids),
       unnest($statuses), unnest(range(len($delivery_ids)))::INTEGER, $now_ms, $now_ms
