-- name: calendar.prepare
-- returns: exec
-- params: $workspace_id, $occurrence_id, $set_title, $title, $prepared_setup_json, $reminder_offsets_minutes, $start_mode, $auto_start_countdown_seconds, $now_ms
-- Only the fields given change (null offsets/mode/countdown keep theirs; the setup arrives already
-- resolved). Preparing a missed meeting plans it again; one whose start has come always asks first.
UPDATE occurrences SET
    title = CASE WHEN $set_title THEN $title ELSE title END,
    prepared_setup_json = $prepared_setup_json,
    reminder_offsets_minutes = coalesce($reminder_offsets_minutes, reminder_offsets_minutes),
    start_mode = CASE WHEN planned_start_at_ms <= $now_ms THEN 'prompt' ELSE coalesce($start_mode, start_mode) END,
    auto_start_countdown_seconds = coalesce($auto_start_countdown_seconds, auto_start_countdown_seconds),
    status = CASE WHEN status = 'missed' THEN 'planned' ELSE status END,
    updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND occurrence_id = $occurrence_id
