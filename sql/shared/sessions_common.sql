-- name: sessions.status_of
-- returns: value
-- params: $workspace_id, $session_id
-- A session's status, for the sessionStatus every session write returns.
SELECT status FROM sessions WHERE workspace_id = $workspace_id AND session_id = $session_id

-- name: sessions.bump_revision
-- returns: exec
-- params: $workspace_id, $session_ids, $now_ms
-- Something on these session pages changed: their revisions move (sessions.get, sessions.recording),
-- in one statement however many pages show the change.
UPDATE sessions SET revision = revision + 1, updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND session_id = ANY($session_ids)
