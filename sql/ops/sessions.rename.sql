-- name: sessions.rename
-- returns: exec
-- params: $workspace_id, $session_id, $title
-- The handler moves the page's revision (and updatedAt) when the title really changes.
UPDATE sessions SET title = $title
WHERE workspace_id = $workspace_id AND session_id = $session_id
