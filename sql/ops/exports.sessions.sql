-- name: exports.sessions
-- returns: value
-- params: $workspace_id, $project_id, $series_id, $after, $limit
-- Exportable = finished (complete) and not in the Trash; paged by id, `after` the last id seen.
SELECT coalesce(list(session_id ORDER BY session_id), [])
FROM (SELECT session_id FROM sessions
      WHERE workspace_id = $workspace_id AND trashed_at IS NULL AND status = 'complete'
        AND ($project_id IS NULL OR project_id = $project_id)
        AND ($series_id IS NULL OR series_id = $series_id)
        AND ($after IS NULL OR session_id > $after)
      ORDER BY session_id
      LIMIT $limit)
