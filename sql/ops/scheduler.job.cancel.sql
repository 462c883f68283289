-- name: scheduler.job.cancel
-- returns: exec
-- params: $workspace_id, $job_id, $now_ms
-- The job stops; whatever made it (meeting, reminder, export) stays. The calendar does not queue a
-- job the user cancelled again.
UPDATE jobs SET status = 'cancelled', cancelled_at_ms = $now_ms, lease_owner = NULL, lease_expires_at_ms = NULL,
    updated_at_ms = greatest($now_ms, updated_at_ms + 1)
WHERE workspace_id = $workspace_id AND job_id = $job_id

-- name: scheduler.job.cancel:reminder
-- returns: exec
-- params: $workspace_id, $job_id, $now_ms
-- A reminder whose job is cancelled will not ask; it stays, marked cancelled.
UPDATE reminders SET status = 'cancelled', updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND job_id = $job_id AND status IN ('pending', 'due', 'snoozed')
