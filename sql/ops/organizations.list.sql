-- name: organizations.list
-- returns: many
-- params: $workspace_id, $include_archived, $project_id, $words, $limit
-- Pinned companies first, then by name; the text filter looks at names and websites.
SELECT organization_id AS "organizationId", name, relationship, website, pinned,
       archived_at_ms IS NOT NULL AS archived
FROM organizations
WHERE workspace_id = $workspace_id
  AND ($include_archived OR archived_at_ms IS NULL)
  AND ($project_id IS NULL OR organization_id IN (SELECT organization_id FROM organization_projects
                                                   WHERE project_id = $project_id))
  AND tb_has_all(name || ' ' || website, $words)
ORDER BY pinned DESC, tb_fold(name), organization_id
LIMIT $limit
