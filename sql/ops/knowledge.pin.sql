-- name: knowledge.pin
-- returns: exec
-- params: $workspace_id, $memory_id, $pinned, $now_ms
-- Pinning what is already pinned changes nothing (not even updatedAt).
UPDATE knowledge_cards SET pinned = $pinned, updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND memory_id = $memory_id AND pinned <> $pinned

-- name: knowledge.pin:answer
-- returns: one
-- params: $memory_id, $pinned
-- The card and whether it is pinned now.
SELECT $memory_id AS "memoryId", $pinned AS pinned
