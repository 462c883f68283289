-- name: contact.one
-- returns: one
-- params: $workspace_id, $contact_id
-- A person as contacts.get, .create and .update return them, archived people included.
SELECT contact_id AS "contactId", name, email, phone, role, organization_id AS "organizationId",
       relationship_tag AS "relationshipTag", sentiment, notes, confirmed,
       last_contact_at_ms AS "lastContactAtMs", archived_at_ms IS NOT NULL AS archived,
       created_at AS "createdAt", updated_at AS "updatedAt"
FROM contacts
WHERE workspace_id = $workspace_id AND contact_id = $contact_id

-- name: contact.insert
-- returns: exec
-- params: $workspace_id, $contact_id, $name, $email, $phone, $role, $relationship_tag, $notes, $now_ms
-- People you add are confirmed (not a guess TalkBar made for a speaker).
INSERT INTO contacts (workspace_id, contact_id, name, email, phone, role, relationship_tag, notes, confirmed,
                      created_at, updated_at)
VALUES ($workspace_id, $contact_id, coalesce($name, ''), nullif($email, ''), nullif($phone, ''), nullif($role, ''),
        nullif($relationship_tag, ''), coalesce($notes, ''), true, $now_ms, $now_ms)

-- name: contact.update
-- returns: exec
-- params: $workspace_id, $contact_id, $set_name, $name, $set_email, $email, $set_phone, $phone, $set_role, $role, $set_relationship_tag, $relationship_tag, $set_notes, $notes, $now_ms
-- Only the fields given change ($set_* says which; null or "" gives a field its empty value);
-- archived people stay editable.
UPDATE contacts SET
    name = CASE WHEN $set_name THEN coalesce($name, '') ELSE name END,
    email = CASE WHEN $set_email THEN nullif($email, '') ELSE email END,
    phone = CASE WHEN $set_phone THEN nullif($phone, '') ELSE phone END,
    role = CASE WHEN $set_role THEN nullif($role, '') ELSE role END,
    relationship_tag = CASE WHEN $set_relationship_tag THEN nullif($relationship_tag, '') ELSE relationship_tag END,
    notes = CASE WHEN $set_notes THEN coalesce($notes, '') ELSE notes END,
    updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND contact_id = $contact_id

-- name: contact.link_project
-- returns: exec
-- params: $contact_id, $project_id
-- A person approved from a project's suggestion belongs to that project.
INSERT INTO contact_projects (contact_id, project_id) VALUES ($contact_id, $project_id) ON CONFLICT DO NOTHING

-- name: contact.set_archived
-- returns: one
-- params: $workspace_id, $contact_id, $archived, $now_ms
-- Archive or bring back. Asking for what already holds changes nothing: the first archive date and
-- updatedAt stay. Returns the person's list row (without the session counts).
UPDATE contacts SET
    archived_at_ms = CASE WHEN $archived THEN coalesce(archived_at_ms, $now_ms) END,
    updated_at = CASE WHEN $archived = (archived_at_ms IS NULL) THEN greatest($now_ms, updated_at + 1)
                      ELSE updated_at END
WHERE workspace_id = $workspace_id AND contact_id = $contact_id
RETURNING contact_id AS "contactId", name, email, role, organization_id AS "organizationId",
          archived_at_ms IS NOT NULL AS archived
