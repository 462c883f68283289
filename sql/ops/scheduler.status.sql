-- name: scheduler.status
-- returns: one
-- params: $workspace_id
-- How many of the workspace's jobs are in each status, and when the next pending one is due.
SELECT count(*) FILTER (WHERE status = 'pending') AS pending,
       count(*) FILTER (WHERE status = 'leased') AS leased,
       count(*) FILTER (WHERE status = 'running') AS running,
       count(*) FILTER (WHERE status = 'succeeded') AS succeeded,
       count(*) FILTER (WHERE status = 'skipped') AS skipped,
       count(*) FILTER (WHERE status = 'failed') AS failed,
       count(*) FILTER (WHERE status = 'cancelled') AS cancelled,
       min(run_at_ms) FILTER (WHERE status = 'pending') AS "nextDueAtMs"
FROM jobs
WHERE workspace_id = $workspace_id
