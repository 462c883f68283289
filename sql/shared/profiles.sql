-- name: profiles.of_workspace
-- returns: one
-- params: $workspace_id
-- The profile the workspace uses (workspace_profiles), as profile.get and profile.update answer it.
SELECT p.profile_id AS "profileId", wp.workspace_id AS "workspaceId", p.name, p.email,
       p.job_title AS "jobTitle", p.is_default AS "isDefault"
FROM workspace_profiles wp
JOIN profiles p ON p.profile_id = wp.profile_id
WHERE wp.workspace_id = $workspace_id
