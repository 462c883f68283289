-- name: projects.create
-- returns: exec
-- params: $workspace_id, $project_id, $name, $description, $kind, $color, $now_ms
-- A new active, unpinned project; the engine has checked the plan's project limit.
INSERT INTO projects (workspace_id, project_id, name, description, kind, color, status, pinned,
                      trashed_at, created_at, updated_at)
VALUES ($workspace_id, $project_id, $name, $description, $kind, $color, 'active', false, NULL, $now_ms, $now_ms)
