-- name: profile.update
-- returns: exec
-- params: $workspace_id, $set_name, $name, $set_email, $email, $set_job_title, $job_title, $now_ms
-- The profile the workspace uses: only the fields given change ($set_* says which; null or "" clears
-- one); the avatar and everything else stay.
UPDATE profiles SET
    name = CASE WHEN $set_name THEN coalesce($name, '') ELSE name END,
    email = CASE WHEN $set_email THEN nullif($email, '') ELSE email END,
    job_title = CASE WHEN $set_job_title THEN nullif($job_title, '') ELSE job_title END,
    placeholder = false,
    updated_at = greatest($now_ms, updated_at + 1)
WHERE profile_id = (SELECT profile_id FROM workspace_profiles WHERE workspace_id = $workspace_id)
