-- name: exports.rule.save
-- returns: exec
-- params: $workspace_id, $rule_id, $scope_kind, $scope_id, $mode, $destination_ids, $selection_json, $timing_json, $reexport_summary, $reexport_transcript, $enabled_at_ms, $now_ms
-- Saving replaces the rule (its creation time stays).
INSERT INTO export_rules (workspace_id, rule_id, scope_kind, scope_id, mode, destination_ids, selection_json,
                          timing_json, reexport_summary, reexport_transcript, enabled_at_ms, created_at, updated_at)
VALUES ($workspace_id, $rule_id, $scope_kind, $scope_id, $mode, $destination_ids, $selection_json, $timing_json,
        $reexport_summary, $reexport_transcript, $enabled_at_ms, $now_ms, $now_ms)
ON CONFLICT (rule_id) DO UPDATE SET
    scope_kind = excluded.scope_kind, scope_id = excluded.scope_id, mode = excluded.mode,
    destination_ids = excluded.destination_ids, selection_json = excluded.selection_json,
    timing_json = excluded.timing_json, reexport_summary = excluded.reexport_summary,
    reexport_transcript = excluded.reexport_transcript, enabled_at_ms = excluded.enabled_at_ms,
    updated_at = greatest(excluded.updated_at, export_rules.updated_at + 1)

-- name: exports.rule.save:existing
-- returns: one
-- params: $rule_id
-- The rule saved under this id before (any workspace: ids are global), for enabledAtMs and ownership.
SELECT workspace_id AS "workspaceId", mode, enabled_at_ms AS "enabledAtMs" FROM export_rules WHERE rule_id = $rule_id

-- name: exports.rule.save:scope_taken
-- returns: value
-- params: $workspace_id, $scope_kind, $scope_id, $rule_id
-- One rule per scope: another rule already there.
SELECT rule_id FROM export_rules
WHERE workspace_id = $workspace_id AND scope_kind = $scope_kind AND scope_id = $scope_id AND rule_id <> $rule_id
