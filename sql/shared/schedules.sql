-- name: schedules.add_meetings
-- returns: exec
-- params: $workspace_id, $schedule_ids, $starts, $now_ms
-- Meetings made by schedules (series.schedule.set, calendar.tick), one insert for all: each takes
-- its schedule's length, zone, title (empty means none), reminders and start mode. An instance whose
-- original start its series already holds (kept, moved, cancelled or added by hand) is not made again.
-- Ids are made here, in the shape of talkbar.ids (a pass can make thousands; Python's would cost
-- ~90 µs each).
INSERT INTO occurrences (workspace_id, occurrence_id, series_id, schedule_id, planned_start_at_ms,
                         original_start_at_ms, duration_minutes, timezone, status, title,
                         reminder_offsets_minutes, start_mode, auto_start_countdown_seconds, created_at, updated_at)
SELECT $workspace_id, 'occurrence-' || replace(CAST(uuid() AS VARCHAR), '-', '')[1:24], s.series_id, s.schedule_id, n.start_ms, n.start_ms, s.duration_minutes,
       s.timezone, 'planned', nullif(trim(s.title), ''), s.reminder_offsets_minutes, s.start_mode,
       s.auto_start_countdown_seconds, $now_ms, $now_ms
FROM (SELECT unnest($schedule_ids) AS schedule_id, unnest($starts) AS start_ms) AS n
JOIN schedules s ON s.schedule_id = n.schedule_id AND s.workspace_id = $workspace_id
WHERE NOT EXISTS (SELECT 1 FROM occurrences o
                  WHERE o.series_id = s.series_id AND o.original_start_at_ms = n.start_ms)

-- name: schedules.reached
-- returns: exec
-- params: $workspace_id, $schedule_ids, $reached
-- How far each schedule's meetings now exist (the next pass starts there).
UPDATE schedules SET generated_until_ms = greatest(coalesce(generated_until_ms, r.reached_ms), r.reached_ms)
FROM (SELECT unnest($schedule_ids) AS schedule_id, unnest($reached) AS reached_ms) AS r
WHERE schedules.workspace_id = $workspace_id AND schedules.schedule_id = r.schedule_id

-- name: schedules.of_series
-- returns: one
-- params: $workspace_id, $series_id
-- A series' schedule in series.schedule.get's shape (a series has at most one); series.schedule.set
-- reads it before and after saving.
SELECT * EXCLUDE (workspace_id) FROM schedule_rows
WHERE workspace_id = $workspace_id AND "seriesId" = $series_id
