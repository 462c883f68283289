-- name: calendar.prep.edit
-- returns: exec
-- params: $workspace_id, $occurrence_id, $prepared_setup_json, $now_ms
-- The prep page's lists live in the prepared setup (see talkbar/ops/prepared_setup.py); editing them
-- prepares a meeting that was not.
UPDATE occurrences SET prepared_setup_json = $prepared_setup_json, updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND occurrence_id = $occurrence_id
