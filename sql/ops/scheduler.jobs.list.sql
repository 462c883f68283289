-- name: scheduler.jobs.list
-- returns: many
-- params: $workspace_id, $limit
-- The workspace's most recently created jobs first; jobs made together, the one due last first.
SELECT * EXCLUDE (workspace_id) FROM job_rows
WHERE workspace_id = $workspace_id
ORDER BY "createdAtMs" DESC, "runAtMs" DESC, "jobId"
LIMIT $limit
