-- name: scheduler.job
-- returns: one
-- params: $workspace_id, $job_id
-- One job of this workspace in scheduler.jobs.list's shape.
SELECT * EXCLUDE (workspace_id) FROM job_rows WHERE workspace_id = $workspace_id AND "jobId" = $job_id
