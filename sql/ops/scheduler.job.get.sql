-- name: scheduler.job.get
-- returns: one
-- params: $workspace_id, $job_id, $run_limit
-- The job (job_rows, scheduler.jobs.list's shape) and its runs, latest first.
SELECT (SELECT j FROM (SELECT * EXCLUDE (workspace_id) FROM job_rows
                       WHERE workspace_id = $workspace_id AND "jobId" = $job_id) j) AS job,
       coalesce((SELECT list({'runId': run_id, 'jobId': job_id, 'attemptNumber': attempt_number, 'status': status,
                              'startedAtMs': started_at_ms, 'finishedAtMs': finished_at_ms, 'error': error,
                              'outputJson': output_json}
                             ORDER BY attempt_number DESC, started_at_ms DESC, run_id)
                 FROM (SELECT * FROM job_runs WHERE job_id = $job_id
                       ORDER BY attempt_number DESC, started_at_ms DESC, run_id LIMIT $run_limit)), []) AS runs
