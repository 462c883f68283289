-- name: calendar.snooze
-- returns: exec
-- params: $workspace_id, $occurrence_id, $snoozed_until_ms, $now_ms
-- The meeting stays planned but asks before starting: its auto-start countdown stops (reconcile
-- cancels the job once start mode is prompt).
UPDATE occurrences SET snoozed_until_ms = $snoozed_until_ms, start_mode = 'prompt',
    updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND occurrence_id = $occurrence_id

-- name: calendar.snooze:reminders
-- returns: exec
-- params: $workspace_id, $occurrence_id, $snoozed_until_ms, $now_ms
-- Every reminder of the meeting that would ask before the snooze ends (the one waiting now included)
-- asks again at its end instead; later reminders keep their time.
UPDATE reminders SET status = 'snoozed', snoozed_until_ms = $snoozed_until_ms,
    updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND occurrence_id = $occurrence_id
  AND status IN ('pending', 'due', 'snoozed') AND coalesce(snoozed_until_ms, remind_at_ms) <= $snoozed_until_ms

-- name: calendar.snooze:jobs
-- returns: exec
-- params: $workspace_id, $occurrence_id, $snoozed_until_ms, $now_ms
-- Their jobs run again at the snooze's end (a reminder that already fired is queued once more).
UPDATE jobs SET status = 'pending', run_at_ms = $snoozed_until_ms, completed_at_ms = NULL,
    updated_at_ms = greatest($now_ms, updated_at_ms + 1)
WHERE workspace_id = $workspace_id AND job_id IN (
    SELECT job_id FROM reminders
    WHERE workspace_id = $workspace_id AND occurrence_id = $occurrence_id
      AND status = 'snoozed' AND snoozed_until_ms = $snoozed_until_ms)
