-- name: sessions.status_of
-- returns: value
-- params: $workspace_id, $session_id
-- A session's status, for the sessionStatus every session write returns.
SELECT status FROM sessions WHERE workspace_id = $workspace_id AND session_id = $session_id

-- name: sessions.bump_revision
-- returns: exec
-- params: $workspace_id, $session_id, $now_ms
-- Something on the session page changed: its revision moves (sessions.get, sessions.recording).
UPDATE sessions SET revision = revision + 1, updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND session_id = $session_id
