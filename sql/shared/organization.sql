-- name: organization.one
-- returns: one
-- params: $workspace_id, $organization_id
-- A company as organizations.get, .create and .update return it: its list row, notes and times.
SELECT organization_id AS "organizationId", name, relationship, website, pinned,
       archived_at_ms IS NOT NULL AS archived, notes, created_at AS "createdAt", updated_at AS "updatedAt"
FROM organizations
WHERE workspace_id = $workspace_id AND organization_id = $organization_id

-- name: organization.insert
-- returns: exec
-- params: $workspace_id, $organization_id, $name, $relationship, $website, $notes, $now_ms
-- The website is free text as in the app ("" = none); talkbar.ops.weblinks refused unsafe links.
INSERT INTO organizations (workspace_id, organization_id, name, relationship, website, notes, created_at, updated_at)
VALUES ($workspace_id, $organization_id, coalesce($name, ''), coalesce($relationship, 'other'), coalesce($website, ''),
        coalesce($notes, ''), $now_ms, $now_ms)

-- name: organization.update
-- returns: exec
-- params: $workspace_id, $organization_id, $set_name, $name, $set_relationship, $relationship, $set_website, $website, $set_notes, $notes, $now_ms
-- Only the fields given change ($set_* says which; null or "" gives a field its empty value).
UPDATE organizations SET
    name = CASE WHEN $set_name THEN coalesce($name, '') ELSE name END,
    relationship = CASE WHEN $set_relationship THEN coalesce($relationship, 'other') ELSE relationship END,
    website = CASE WHEN $set_website THEN coalesce($website, '') ELSE website END,
    notes = CASE WHEN $set_notes THEN coalesce($notes, '') ELSE notes END,
    updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND organization_id = $organization_id

-- name: organization.link_project
-- returns: exec
-- params: $organization_id, $project_id
-- A company approved from a project's suggestion belongs to that project.
INSERT INTO organization_projects (organization_id, project_id) VALUES ($organization_id, $project_id)
ON CONFLICT DO NOTHING

-- name: organization.set_archived
-- returns: one
-- params: $workspace_id, $organization_id, $archived, $now_ms
-- Archive or bring back. Asking for what already holds changes nothing: the first archive date and
-- updatedAt stay. Returns the company's list row.
UPDATE organizations SET
    archived_at_ms = CASE WHEN $archived THEN coalesce(archived_at_ms, $now_ms) END,
    updated_at = CASE WHEN $archived = (archived_at_ms IS NULL) THEN greatest($now_ms, updated_at + 1)
                      ELSE updated_at END
WHERE workspace_id = $workspace_id AND organization_id = $organization_id
RETURNING organization_id AS "organizationId", name, relationship, website, pinned,
          archived_at_ms IS NOT NULL AS archived
