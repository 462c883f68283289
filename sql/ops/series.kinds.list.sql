-- name: series.kinds.list
-- returns: many
-- params: $workspace_id
-- The workspace's own series kinds, by name.
SELECT kind_id AS "kindId", name, icon, created_at AS "createdAt", updated_at AS "updatedAt"
FROM series_kinds
WHERE workspace_id = $workspace_id
ORDER BY lower(name), kind_id

-- name: series.kinds.list:suggested
-- returns: many
-- params: $workspace_id, $kinds, $ranks, $names
-- For each built-in kind, the workspace template whose name is the kind's first wanted name
-- (names compared without case; ranks say which name is wanted first).
WITH wanted AS (SELECT unnest($kinds) AS kind, unnest($ranks) AS rank, unnest($names) AS name)
SELECT w.kind, t.template_id AS "templateId"
FROM wanted w
JOIN templates t ON t.workspace_id = $workspace_id AND lower(trim(t.name)) = w.name
QUALIFY row_number() OVER (PARTITION BY w.kind ORDER BY w.rank, t.template_id) = 1
