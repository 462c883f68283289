-- name: organizations.list
-- returns: one
-- params: $workspace_id, $include_archived, $project_id, $words, $limit
-- when-null: words tb_has_all tb_unfiltered
-- Pinned companies first, then by name; the text filter looks at names and websites.
WITH page AS (
SELECT organization_id, pinned, tb_fold(name) AS folded,
       {'organizationId': organization_id, 'name': name, 'relationship': relationship, 'website': website,
        'pinned': pinned, 'archived': archived_at_ms IS NOT NULL} AS shown
FROM organizations
WHERE workspace_id = $workspace_id
  AND ($include_archived OR archived_at_ms IS NULL)
  AND ($project_id IS NULL OR organization_id IN (SELECT organization_id FROM organization_projects
                                                   WHERE project_id = $project_id))
  AND tb_has_all(name || ' ' || website, $words)
ORDER BY pinned DESC, tb_fold(name), organization_id
LIMIT $limit
)
SELECT coalesce(list(shown ORDER BY pinned DESC, folded, organization_id), []) AS organizations FROM page
