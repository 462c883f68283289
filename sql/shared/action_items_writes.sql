-- name: action_items.set_assignees
-- returns: exec
-- params: $item_id, $names, $contact_ids
-- Replaces an item's assignees (after action_items.clear_assignees), in the order given.
INSERT INTO action_item_assignees (item_id, ord, name, contact_id)
SELECT $item_id, i - 1, $names[i], $contact_ids[i] FROM range(1, len($names) + 1) t(i)

-- name: action_items.clear_assignees
-- returns: exec
-- params: $item_id
DELETE FROM action_item_assignees WHERE item_id = $item_id

-- name: action_items.set_fields
-- returns: exec
-- params: $workspace_id, $item_id, $title, $details, $item_type, $label_id, $status, $due_at_ms, $answer, $resolved_at_ms, $now_ms
-- Every field written as the handler merged it (what was given over what was there, then the
-- rules of the item's type); set_status writes through here too.
UPDATE action_items SET
    title = $title, details = $details, item_type = $item_type, label_id = $label_id, status = $status,
    due_at_ms = $due_at_ms, answer = $answer, resolved_at_ms = $resolved_at_ms,
    updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND item_id = $item_id
