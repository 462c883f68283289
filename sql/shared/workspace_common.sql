-- name: workspace.resolve
-- returns: value
-- params: $workspace_id
-- The workspace a call works in: the one named, else the one open in the app.
SELECT workspace_id FROM workspaces
WHERE ($workspace_id IS NULL AND active) OR workspace_id = $workspace_id
ORDER BY active DESC
LIMIT 1

-- name: workspace.ids
-- returns: many
-- params: $workspace_id
-- Every workspace of the data root, or the one named (none if there is no such workspace).
SELECT workspace_id FROM workspaces
WHERE $workspace_id IS NULL OR workspace_id = $workspace_id
ORDER BY workspace_id
