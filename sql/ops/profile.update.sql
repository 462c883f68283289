-- name: profile.update
-- returns: exec
-- params: $profile_id, $set_name, $name, $set_email, $email, $set_job_title, $job_title, $now_ms
-- Only the fields given change ($set_* says which); the avatar and everything else stay.
UPDATE profiles SET
    name = CASE WHEN $set_name THEN $name ELSE name END,
    email = CASE WHEN $set_email THEN $email ELSE email END,
    job_title = CASE WHEN $set_job_title THEN $job_title ELSE job_title END,
    placeholder = false,
    updated_at = greatest($now_ms, updated_at + 1)
WHERE profile_id = $profile_id
