-- name: action_items.rows
-- returns: many
-- params: $workspace_id, $item_ids
-- Action items (action_item_rows_of: action_items.get's shape) in the order of $item_ids, without the
-- anchor lists show. It does not filter hidden items: callers choose the ids.
SELECT * EXCLUDE (workspace_id, anchor)
FROM action_item_rows_of($item_ids)
WHERE workspace_id = $workspace_id
ORDER BY list_position($item_ids, "itemId")
