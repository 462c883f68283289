-- name: export_rules.rows
-- returns: many
-- params: $workspace_id, $rule_id
-- Rules from the widest scope to the narrowest ($rule_id NULL = all); selection and timing are JSON
-- documents that the post-processor parses.
SELECT rule_id AS "ruleId", workspace_id AS "workspaceId", scope_kind AS "scopeKind", scope_id AS "scopeId",
       mode, destination_ids AS "destinationIds", selection_json, timing_json,
       reexport_summary AS "reexportSummary", reexport_transcript AS "reexportTranscript",
       enabled_at_ms AS "enabledAtMs"
FROM export_rules
WHERE workspace_id = $workspace_id AND ($rule_id IS NULL OR rule_id = $rule_id)
ORDER BY CASE scope_kind WHEN 'workspace' THEN 0 WHEN 'project' THEN 1 ELSE 2 END, scope_id, rule_id
