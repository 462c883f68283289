-- name: knowledge.assign
-- returns: many
-- params: $workspace_id, $memory_ids, $project_id, $now_ms
-- Only cards not already in the target project change; the ids returned are the ones that did.
UPDATE knowledge_cards SET project_id = $project_id, updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND list_contains($memory_ids, memory_id)
  AND project_id IS DISTINCT FROM $project_id
RETURNING memory_id AS "memoryId"

-- name: knowledge.assign:unknown
-- returns: value
-- params: $workspace_id, $memory_ids
-- The asked-for ids that are not cards of this workspace, in the order given (null when none).
SELECT list(id ORDER BY i)
FROM (SELECT unnest($memory_ids) AS id, generate_subscripts($memory_ids, 1) AS i)
WHERE id NOT IN (SELECT memory_id FROM knowledge_cards WHERE workspace_id = $workspace_id)
