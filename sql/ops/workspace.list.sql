-- name: workspace.list
-- returns: many
-- params: none
-- Every workspace of this data root (they are all the user's), the open one marked.
SELECT workspace_id AS "workspaceId", name, active
FROM workspaces
ORDER BY active DESC, lower(name), workspace_id
