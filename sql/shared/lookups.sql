-- name: projects.live
-- returns: value
-- params: $workspace_id, $project_id
-- A project that exists in this workspace and is not in the Trash (a trashed one is not_found).
SELECT project_id FROM projects
WHERE workspace_id = $workspace_id AND project_id = $project_id AND trashed_at IS NULL

-- name: sessions.live
-- returns: one
-- params: $workspace_id, $session_id
-- A session of this workspace that is not in the Trash, with what writes check before changing it.
SELECT session_id AS "sessionId", title, status, project_id AS "projectId", series_id AS "seriesId",
       started_at_ms AS "startedAtMs", private
FROM sessions
WHERE workspace_id = $workspace_id AND session_id = $session_id AND trashed_at IS NULL
