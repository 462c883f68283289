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
