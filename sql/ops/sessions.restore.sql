-- name: sessions.restore
-- returns: exec
-- params: $workspace_id, $session_id
-- Back from the Trash (the handler checks the plan's session limit first).
UPDATE sessions SET trashed_at = NULL
WHERE workspace_id = $workspace_id AND session_id = $session_id
