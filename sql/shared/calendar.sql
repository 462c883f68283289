-- name: calendar.occurrence
-- returns: one
-- params: $workspace_id, $occurrence_id
-- One occurrence in calendar.get's shape (the view names every field once).
SELECT * EXCLUDE (workspace_id, series_archived)
FROM calendar_occurrences
WHERE workspace_id = $workspace_id AND "occurrenceId" = $occurrence_id

-- name: calendar.occurrences_by_ids
-- returns: many
-- params: $workspace_id, $occurrence_ids
-- Several occurrences in calendar.get's shape, soonest first (the countdowns of calendar.tick).
SELECT * EXCLUDE (workspace_id, series_archived)
FROM calendar_occurrences
WHERE workspace_id = $workspace_id AND list_contains($occurrence_ids, "occurrenceId")
ORDER BY "plannedStartAtMs", "occurrenceId"

-- name: calendar.occurrence_id_taken
-- returns: value
-- params: $occurrence_id
-- Ids are chosen by the caller and unique in the data root, whichever workspace holds them.
SELECT count(*) > 0 FROM occurrences WHERE occurrence_id = $occurrence_id

-- name: calendar_jobs.cancel_unwanted_reminders
-- returns: exec
-- params: $workspace_id, $now_ms, $occurrence_ids, $occurrence_id, $series_id
-- (These four follow a change to the calendar, in this order: the sequence follow_calendar_jobs of
-- ops.toml. Their scope: $occurrence_ids, or one $occurrence_id, or a $series_id, or nothing for the
-- whole workspace.)
-- A reminder not yet acted on whose job the calendar no longer wants (meeting moved, cancelled,
-- skipped, archived, passed, offsets changed) is cancelled with it.
UPDATE reminders SET status = 'cancelled', updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND status IN ('pending', 'due', 'snoozed')
  AND job_id IN (SELECT job_id FROM jobs
                 WHERE workspace_id = $workspace_id AND queue_name = 'calendar'
                   AND ($occurrence_ids IS NULL AND $occurrence_id IS NULL
                        OR list_contains(coalesce($occurrence_ids, [$occurrence_id]), target_id))
                   AND ($series_id IS NULL OR (scope_type = 'series' AND scope_id = $series_id))
                   AND dedupe_key NOT IN (SELECT dedupe_key FROM calendar_wanted_jobs($workspace_id, $now_ms)))

-- name: calendar_jobs.skip_unwanted
-- returns: exec
-- params: $workspace_id, $now_ms, $occurrence_ids, $occurrence_id, $series_id
-- Pending calendar jobs that are no longer wanted are skipped (not needed any more; `cancelled` is
-- left for a job the user cancelled, which is then not made again); finished ones stay as history.
-- A series' jobs are found by their scope, so those of meetings a new schedule replaced go too.
UPDATE jobs SET status = 'skipped', completed_at_ms = $now_ms, updated_at_ms = greatest($now_ms, updated_at_ms + 1)
WHERE workspace_id = $workspace_id AND queue_name = 'calendar' AND status IN ('pending', 'leased', 'running')
  AND ($occurrence_ids IS NULL AND $occurrence_id IS NULL
                        OR list_contains(coalesce($occurrence_ids, [$occurrence_id]), target_id))
  AND ($series_id IS NULL OR (scope_type = 'series' AND scope_id = $series_id))
  AND dedupe_key NOT IN (SELECT dedupe_key FROM calendar_wanted_jobs($workspace_id, $now_ms))

-- name: calendar_jobs.add_wanted
-- returns: exec
-- params: $workspace_id, $now_ms, $occurrence_ids, $occurrence_id, $series_id
-- Wanted jobs that do not exist yet (or were skipped as unwanted) are queued; one that already ran,
-- failed or was cancelled by the user is not made again. Auto-starts come before reminders of the
-- same moment (priority).
INSERT INTO jobs (workspace_id, job_id, job_kind, scope_type, scope_id, target_type, target_id, queue_name,
                  priority, run_at_ms, status, payload_json, dedupe_key, created_at_ms, updated_at_ms)
SELECT $workspace_id, 'job-' || replace(CAST(uuid() AS VARCHAR), '-', '')[1:24], w.job_kind,
       CASE WHEN w.series_id IS NULL THEN 'occurrence' ELSE 'series' END,
       coalesce(w.series_id, w.occurrence_id), 'occurrence', w.occurrence_id, 'calendar',
       CASE WHEN w.job_kind = 'autoStart' THEN 10 ELSE 5 END, w.run_at_ms, 'pending',
       CAST(json_object('occurrenceId', w.occurrence_id, 'offsetMinutes', w.offset_minutes) AS VARCHAR),
       w.dedupe_key, $now_ms, $now_ms
FROM calendar_wanted_jobs($workspace_id, $now_ms) w
WHERE ($occurrence_ids IS NULL AND $occurrence_id IS NULL
       OR list_contains(coalesce($occurrence_ids, [$occurrence_id]), w.occurrence_id))
  AND ($series_id IS NULL OR w.series_id = $series_id)
  AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.dedupe_key = w.dedupe_key AND j.status <> 'skipped')

-- name: calendar_jobs.add_reminder_rows
-- returns: exec
-- params: $workspace_id, $now_ms
-- Every reminder job has its reminders row (what calendar.actionable lists).
INSERT INTO reminders (workspace_id, job_id, occurrence_id, offset_minutes, remind_at_ms, status, created_at, updated_at)
SELECT j.workspace_id, j.job_id, j.target_id, CAST(json_extract(j.payload_json, '$.offsetMinutes') AS INTEGER),
       j.run_at_ms, 'pending', $now_ms, $now_ms
FROM jobs j
WHERE j.workspace_id = $workspace_id AND j.queue_name = 'calendar' AND j.job_kind = 'reminder'
  AND j.status = 'pending' AND NOT EXISTS (SELECT 1 FROM reminders r WHERE r.job_id = j.job_id)

-- name: calendar.close
-- returns: exec
-- params: $workspace_id, $occurrence_id, $status, $now_ms
-- calendar.cancel and calendar.skip: the meeting leaves the plan (reconcile then stops its jobs).
UPDATE occurrences SET status = $status, snoozed_until_ms = NULL, updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND occurrence_id = $occurrence_id

-- name: import.delete.calendar_last_pass
-- returns: exec
-- params: $workspace_id
-- A workspace replaced by an import starts its scheduler afresh (calendar.tick's previous pass).
DELETE FROM meta WHERE key = 'calendar.last_pass:' || $workspace_id
