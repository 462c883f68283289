-- name: calendar.move
-- returns: exec
-- params: $workspace_id, $occurrence_id, $planned_start_at_ms, $now_ms
-- One meeting moves (its original start stays, so its series still knows which instance it was) and
-- is planned at a time again; a snooze of the old time no longer applies.
UPDATE occurrences SET
    planned_start_at_ms = $planned_start_at_ms, moved = true, status = 'planned', was_scheduled = true,
    snoozed_until_ms = NULL, updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND occurrence_id = $occurrence_id
