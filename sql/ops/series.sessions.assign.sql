-- name: series.sessions.assign
-- returns: many
-- params: $workspace_id, $session_ids, $series_id, $now_ms
-- Only the series changes; a session already there is not counted. The session page shows its
-- series, so its revision moves.
UPDATE sessions SET series_id = $series_id, revision = revision + 1, updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND list_contains($session_ids, session_id) AND trashed_at IS NULL
  AND series_id IS DISTINCT FROM $series_id
RETURNING session_id

-- name: series.sessions.assign:sessions
-- returns: many
-- params: $workspace_id, $session_ids
-- Which of the sessions asked for are this workspace's, and whether they are in the Trash.
SELECT session_id AS "sessionId", trashed_at IS NOT NULL AS trashed
FROM sessions
WHERE workspace_id = $workspace_id AND list_contains($session_ids, session_id)
