-- name: scheduler.job.get
-- returns: many
-- params: $job_id, $run_limit
-- The job's runs, latest first (the job itself was found in this workspace first).
SELECT run_id AS "runId", job_id AS "jobId", attempt_number AS "attemptNumber", status,
       started_at_ms AS "startedAtMs", finished_at_ms AS "finishedAtMs", error, output_json AS "outputJson"
FROM job_runs
WHERE job_id = $job_id
ORDER BY attempt_number DESC, started_at_ms DESC, run_id
LIMIT $run_limit
