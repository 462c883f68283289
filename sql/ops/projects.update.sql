-- name: projects.update
-- returns: exec
-- params: $workspace_id, $project_id, $name, $set_description, $description, $kind, $set_color, $color, $now_ms
-- Only the fields given change ($set_* says which of the clearable ones); null clears those.
UPDATE projects SET
    name = coalesce($name, name),
    description = CASE WHEN $set_description THEN $description ELSE description END,
    kind = coalesce($kind, kind),
    color = CASE WHEN $set_color THEN $color ELSE color END,
    updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND project_id = $project_id
