-- name: exports.rule.delete
-- returns: one
-- params: $workspace_id, $rule_id
-- Queued and delivered exports stay; a planned automatic export of this rule is skipped when due.
DELETE FROM export_rules WHERE workspace_id = $workspace_id AND rule_id = $rule_id RETURNING true AS deleted
