-- name: series.schedule.set
-- returns: exec
-- params: $workspace_id, $schedule_id, $series_id, $schedule_kind, $timezone, $local_date, $local_time, $duration_minutes, $title, $rrule, $reminder_offsets_minutes, $start_mode, $auto_start_countdown_seconds, $effective_from_original_start_ms, $now_ms
-- The series' one schedule, made or replaced whole under the same id; how far its meetings reach is
-- recorded again once they are made.
INSERT INTO schedules (workspace_id, schedule_id, series_id, enabled, schedule_kind, timezone, local_date, local_time,
                       duration_minutes, title, rrule, reminder_offsets_minutes, start_mode,
                       auto_start_countdown_seconds, effective_from_original_start_ms, generated_until_ms,
                       created_at, updated_at)
VALUES ($workspace_id, $schedule_id, $series_id, true, $schedule_kind, $timezone, $local_date, $local_time,
        $duration_minutes, $title, $rrule, $reminder_offsets_minutes, $start_mode, $auto_start_countdown_seconds,
        $effective_from_original_start_ms, NULL, $now_ms, $now_ms)
ON CONFLICT (schedule_id) DO UPDATE SET
    enabled = true, schedule_kind = excluded.schedule_kind, timezone = excluded.timezone,
    local_date = excluded.local_date, local_time = excluded.local_time,
    duration_minutes = excluded.duration_minutes, title = excluded.title, rrule = excluded.rrule,
    reminder_offsets_minutes = excluded.reminder_offsets_minutes, start_mode = excluded.start_mode,
    auto_start_countdown_seconds = excluded.auto_start_countdown_seconds,
    effective_from_original_start_ms = excluded.effective_from_original_start_ms,
    generated_until_ms = NULL, updated_at = greatest(excluded.updated_at, schedules.updated_at + 1)

-- name: series.schedule.set:replace
-- returns: exec
-- params: $workspace_id, $schedule_id, $boundary_ms
-- The schedule's meetings from the boundary on that nobody touched (planned, not moved, not
-- prepared) give way to the new schedule's; their jobs stop when the series is reconciled.
DELETE FROM occurrences
WHERE workspace_id = $workspace_id AND schedule_id = $schedule_id AND status = 'planned'
  AND NOT moved AND prepared_setup_json IS NULL AND original_start_at_ms >= $boundary_ms

-- name: series.schedule.set:effective_from
-- returns: value
-- params: $workspace_id, $series_id, $occurrence_id
-- "This and following": the original start of a meeting of this series.
SELECT original_start_at_ms FROM occurrences
WHERE workspace_id = $workspace_id AND series_id = $series_id AND occurrence_id = $occurrence_id
