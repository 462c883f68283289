-- name: workspace.list
-- returns: one
-- params: none
-- Every workspace of this data root (they are all the user's), the open one marked.
SELECT coalesce(list({'workspaceId': workspace_id, 'name': name, 'active': active}
                     ORDER BY active DESC, lower(name), workspace_id), []) AS workspaces
FROM workspaces
