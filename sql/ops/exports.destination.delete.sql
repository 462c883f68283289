-- name: exports.destination.delete
-- returns: exec
-- params: $workspace_id, $destination_id
-- Files and pages already exported stay where they are; only TalkBar's record of them goes.
DELETE FROM export_destinations WHERE workspace_id = $workspace_id AND destination_id = $destination_id

-- name: exports.destination.delete:active
-- returns: value
-- params: $workspace_id, $destination_id
-- Deliveries still to come for this destination (scheduled, waiting or running) forbid deleting it.
SELECT count(*) FROM export_deliveries
WHERE workspace_id = $workspace_id AND destination_id = $destination_id
  AND status IN ('scheduled', 'waitingForSummary', 'waitingForAudio', 'exporting')

-- name: exports.destination.delete:switch_off
-- returns: many
-- params: $workspace_id, $destination_id
-- Override rules that export only to this destination: deleting it switches them off.
SELECT rule_id AS "ruleId" FROM export_rules
WHERE workspace_id = $workspace_id AND mode = 'override' AND list_contains(destination_ids, $destination_id)
  AND len(list_filter(destination_ids, lambda x: x <> $destination_id)) = 0
ORDER BY rule_id

-- name: exports.destination.delete:forget
-- returns: exec
-- params: $workspace_id, $destination_id, $rule_ids, $now_ms
-- Every rule forgets the destination; the rules named ($rule_ids) are switched off (disabled).
UPDATE export_rules
SET mode = CASE WHEN list_contains($rule_ids, rule_id) THEN 'disabled' ELSE mode END,
    destination_ids = list_filter(destination_ids, lambda x: x <> $destination_id),
    updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND list_contains(destination_ids, $destination_id)

-- name: exports.destination.delete:files
-- returns: exec
-- params: $destination_id
-- TalkBar's record of what it wrote there (the files themselves stay).
DELETE FROM export_files WHERE destination_id = $destination_id
