-- name: sessions.rename
-- returns: exec
-- params: $workspace_id, $session_id, $title
-- Only a new title is written (the engine moves the page's revision when a row changed).
UPDATE sessions SET title = $title
WHERE workspace_id = $workspace_id AND session_id = $session_id AND title IS DISTINCT FROM $title

-- name: sessions.rename:answer
-- returns: one
-- params: $session_id, $title
-- The session and its title, renamed or already so.
SELECT $session_id AS "sessionId", $title AS title
