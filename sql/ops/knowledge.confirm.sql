-- name: knowledge.confirm
-- returns: exec
-- params: $workspace_id, $memory_id, $now_ms
-- Confirming records the time and nothing else: status, pin and updatedAt stay.
UPDATE knowledge_cards SET last_confirmed_at_ms = $now_ms
WHERE workspace_id = $workspace_id AND memory_id = $memory_id
