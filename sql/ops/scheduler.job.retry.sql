-- name: scheduler.job.retry
-- returns: exec
-- params: $workspace_id, $job_id, $run_at_ms, $now_ms
-- Back in the queue at run_at (never in the past), its last error cleared, with room for one more
-- attempt; its history (job_runs) stays.
UPDATE jobs SET status = 'pending', run_at_ms = greatest(coalesce($run_at_ms, $now_ms), $now_ms), last_error = NULL, completed_at_ms = NULL,
    max_attempts = greatest(max_attempts, attempt_count + 1), updated_at_ms = greatest($now_ms, updated_at_ms + 1)
WHERE workspace_id = $workspace_id AND job_id = $job_id
