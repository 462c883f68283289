-- name: action_items.get
-- returns: one
-- params: $workspace_id, $item_id
-- One item in its full shape (action_item_rows); the engine has checked that it is visible.
SELECT * EXCLUDE (workspace_id, anchor) FROM action_item_rows WHERE workspace_id = $workspace_id AND "itemId" = $item_id
