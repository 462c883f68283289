-- name: calendar.schedule
-- returns: exec
-- params: $workspace_id, $occurrence_id, $series_id, $planned_start_at_ms, $duration_minutes, $timezone, $title, $prepared_setup_json, $reminder_offsets_minutes, $start_mode, $auto_start_countdown_seconds, $now_ms
-- A new planned meeting at the caller's id, outside any schedule (scheduleId null). A start that has
-- already come cannot count down to starting, so such a meeting asks first (startMode prompt).
INSERT INTO occurrences (workspace_id, occurrence_id, series_id, schedule_id, planned_start_at_ms,
                         original_start_at_ms, duration_minutes, timezone, status, title, prepared_setup_json,
                         reminder_offsets_minutes, start_mode, auto_start_countdown_seconds, created_at, updated_at)
VALUES ($workspace_id, $occurrence_id, $series_id, NULL, $planned_start_at_ms, $planned_start_at_ms,
        $duration_minutes, $timezone, 'planned', $title, $prepared_setup_json, $reminder_offsets_minutes,
        CASE WHEN $planned_start_at_ms <= $now_ms THEN 'prompt' ELSE $start_mode END,
        $auto_start_countdown_seconds, $now_ms, $now_ms)
