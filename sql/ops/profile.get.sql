-- name: profile.get
-- returns: one
-- params: $workspace_id
-- The profile the workspace uses; the data root's default profile when it names none.
SELECT p.profile_id AS "profileId", w.workspace_id AS "workspaceId", p.name, p.email,
       p.job_title AS "jobTitle", p.is_default AS "isDefault"
FROM workspaces w
JOIN profiles p ON p.profile_id = coalesce(w.profile_id, (SELECT profile_id FROM profiles WHERE is_default LIMIT 1))
WHERE w.workspace_id = $workspace_id
