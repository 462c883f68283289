-- name: projects.row
-- returns: one
-- params: $workspace_id, $project_id
-- A project as projects.create, update and restore return it; the caller has checked its state.
SELECT project_id AS "projectId", name, status, kind, pinned, updated_at AS "updatedAt"
FROM projects
WHERE workspace_id = $workspace_id AND project_id = $project_id
