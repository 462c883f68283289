-- name: sessions.pin
-- returns: value
-- params: $workspace_id, $session_id, $pinned
-- Pinning what is pinned changes nothing: the handler moves the revision only when a row changed.
UPDATE sessions SET pinned = $pinned
WHERE workspace_id = $workspace_id AND session_id = $session_id AND pinned <> $pinned
RETURNING session_id
