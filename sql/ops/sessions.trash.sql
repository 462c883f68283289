-- name: sessions.trash
-- returns: value
-- params: $workspace_id, $session_id, $now_ms
-- Only a session not yet in the Trash gets a trash date: trashing again keeps the first one.
UPDATE sessions SET trashed_at = $now_ms
WHERE workspace_id = $workspace_id AND session_id = $session_id AND trashed_at IS NULL
RETURNING session_id
