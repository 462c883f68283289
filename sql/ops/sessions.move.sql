-- name: sessions.move
-- returns: exec
-- params: $workspace_id, $session_id, $project_id
-- The project the session belongs to ($project_id null: none).
UPDATE sessions SET project_id = $project_id
WHERE workspace_id = $workspace_id AND session_id = $session_id

-- name: sessions.move:knowledge
-- returns: many
-- params: $workspace_id, $session_id, $project_id, $previous_project_id, $now_ms
-- moveKnowledge: the cards this session filed where the session was (its previous project, or
-- General) follow it; cards kept only in the session stay as they are.
UPDATE knowledge_cards SET project_id = $project_id, updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND session_id = $session_id AND NOT session_only
  AND project_id IS NOT DISTINCT FROM $previous_project_id
RETURNING memory_id AS "memoryId"
