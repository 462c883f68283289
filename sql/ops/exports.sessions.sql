-- name: exports.sessions
-- returns: many
-- params: $workspace_id, $project_id, $series_id, $after, $limit
-- Exportable = finished (complete) and not in the Trash; paged by id, `after` the last id seen.
SELECT session_id AS "sessionId"
FROM sessions
WHERE workspace_id = $workspace_id AND trashed_at IS NULL AND status = 'complete'
  AND ($project_id IS NULL OR project_id = $project_id)
  AND ($series_id IS NULL OR series_id = $series_id)
  AND ($after IS NULL OR session_id > $after)
ORDER BY session_id
LIMIT $limit
