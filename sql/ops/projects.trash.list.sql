-- name: projects.trash.list
-- returns: one
-- params: $workspace_id, $limit
-- The Trash of projects, most recently trashed first.
SELECT coalesce(list({'projectId': project_id, 'name': name, 'trashedAt': trashed_at}
                     ORDER BY trashed_at DESC, project_id), []) AS projects
FROM (SELECT project_id, name, trashed_at
      FROM projects
      WHERE workspace_id = $workspace_id AND trashed_at IS NOT NULL
      ORDER BY trashed_at DESC, project_id
      LIMIT $limit)
