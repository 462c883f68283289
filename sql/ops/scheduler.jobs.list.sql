-- name: scheduler.jobs.list
-- returns: many
-- params: $workspace_id, $limit
-- The workspace's most recently created jobs first (then the latest changed, then by id).
SELECT * EXCLUDE (workspace_id) FROM job_rows
WHERE workspace_id = $workspace_id
ORDER BY "createdAtMs" DESC, "updatedAtMs" DESC, "jobId"
LIMIT $limit
