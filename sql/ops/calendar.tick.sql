-- name: calendar.tick
-- returns: many
-- params: $workspace_id, $horizon_end_ms
-- The enabled schedules of series outside the archive whose meetings do not yet reach the horizon,
-- with what their expansion needs.
SELECT c."scheduleId", c."scheduleKind", c.timezone, c."localDate", c."localTime", c.rrule,
       c."effectiveFromOriginalStartMs", s.generated_until_ms AS "reachedMs"
FROM schedule_rows c
JOIN schedules s ON s.schedule_id = c."scheduleId"
JOIN series r ON r.series_id = c."seriesId"
WHERE c.workspace_id = $workspace_id AND c.enabled AND r.archived_at_ms IS NULL
  AND (s.generated_until_ms IS NULL OR s.generated_until_ms < $horizon_end_ms)
ORDER BY c."scheduleId"

-- name: calendar.tick:miss
-- returns: exec
-- params: $workspace_id, $now_ms
-- Planned meetings without a session whose time passed since the previous pass (the first pass:
-- whenever it passed) are missed; those of archived series are not. The pass is then recorded.
UPDATE occurrences SET status = 'missed', snoozed_until_ms = NULL, updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND status = 'planned' AND session_id IS NULL
  AND tb_occurrence_end(planned_start_at_ms, duration_minutes) <= $now_ms
  AND tb_occurrence_end(planned_start_at_ms, duration_minutes) > coalesce(
        (SELECT CAST(value AS BIGINT) FROM meta WHERE key = 'calendar.last_pass:' || $workspace_id), -1)
  AND (series_id IS NULL OR series_id IN (SELECT series_id FROM series WHERE archived_at_ms IS NULL))

-- name: calendar.tick:passed
-- returns: exec
-- params: $workspace_id, $now_ms
-- The latest moment a pass ran for, per workspace (a pass for an earlier moment does not move it).
INSERT INTO meta (key, value) VALUES ('calendar.last_pass:' || $workspace_id, CAST($now_ms AS VARCHAR))
ON CONFLICT (key) DO UPDATE SET value = CAST(greatest(CAST(meta.value AS BIGINT), $now_ms) AS VARCHAR)

-- name: calendar.tick:due
-- returns: many
-- params: $workspace_id, $now_ms, $limit
-- The calendar's jobs whose time has come, soonest first (auto-starts before reminders of the same
-- moment), at most `limit` in one pass.
SELECT job_id AS "jobId", job_kind AS "jobKind", target_id AS "occurrenceId"
FROM jobs
WHERE workspace_id = $workspace_id AND queue_name = 'calendar' AND status = 'pending' AND run_at_ms <= $now_ms
ORDER BY run_at_ms, priority DESC, job_id
LIMIT $limit

-- name: calendar.tick:recording
-- returns: one
-- params: none
-- A session recording anywhere in the data root: the app records one at a time.
SELECT session_id AS "sessionId" FROM sessions WHERE status = 'recording' AND trashed_at IS NULL LIMIT 1

-- name: calendar.tick:finish
-- returns: exec
-- params: $now_ms, $job_ids, $statuses, $errors
-- Each due job ran once, now: its outcome, then a row in its history (job_runs).
UPDATE jobs SET status = d.status, attempt_count = jobs.attempt_count + 1, last_error = d.error,
    started_at_ms = $now_ms, completed_at_ms = $now_ms, updated_at_ms = greatest($now_ms, jobs.updated_at_ms + 1)
FROM (SELECT unnest($job_ids) AS job_id, unnest($statuses) AS status, unnest($errors) AS error) AS d
WHERE jobs.job_id = d.job_id

-- name: calendar.tick:runs
-- returns: exec
-- params: $now_ms, $job_ids, $statuses, $errors, $outputs
-- The history row of each job the pass ran (after calendar.tick:finish counted the attempt).
INSERT INTO job_runs (run_id, job_id, attempt_number, status, started_at_ms, finished_at_ms, error, output_json)
SELECT 'run-' || replace(CAST(uuid() AS VARCHAR), '-', '')[1:24], d.job_id, j.attempt_count, d.status,
       $now_ms, $now_ms, d.error, d.output
FROM (SELECT unnest($job_ids) AS job_id, unnest($statuses) AS status, unnest($errors) AS error,
             unnest($outputs) AS output) AS d
JOIN jobs j ON j.job_id = d.job_id

-- name: calendar.tick:reminders_due
-- returns: exec
-- params: $now_ms, $job_ids
-- Reminders whose job ran now wait for Start, Snooze or Skip.
UPDATE reminders SET status = 'due', updated_at = greatest($now_ms, updated_at + 1)
WHERE list_contains($job_ids, job_id) AND status IN ('pending', 'snoozed')
