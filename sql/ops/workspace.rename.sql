-- name: workspace.rename
-- returns: one
-- params: $workspace_id, $name, $now_ms
-- Creating, switching and trashing workspaces stay in the app; renaming is allowed.
UPDATE workspaces SET name = $name, placeholder = false, updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id
RETURNING workspace_id AS "workspaceId", name
