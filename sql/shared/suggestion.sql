-- name: suggestion.one
-- returns: one
-- params: $workspace_id, $suggestion_id
-- One suggestion, whatever its state (suggestion_rows: proposal and evidence as JSON text).
SELECT unnest(shown) FROM suggestion_rows WHERE workspace_id = $workspace_id AND suggestion_id = $suggestion_id

-- name: suggestion.set
-- returns: exec
-- params: $workspace_id, $suggestion_id, $status, $snoozed_until_ms, $applied_card_id, $now_ms
-- A suggestion's review state after approve, dismiss, snooze or reopen (talkbar.ops.suggestions
-- decides which moves are allowed; it only writes when the state really changes).
UPDATE suggestions SET
    status = $status,
    snoozed_until_ms = $snoozed_until_ms,
    applied_card_id = $applied_card_id,
    updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND suggestion_id = $suggestion_id
