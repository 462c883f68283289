-- name: action_items.get
-- returns: one
-- params: $workspace_id, $item_id
-- One item in its full shape (action_item_rows_of); the engine has checked that it is visible.
SELECT * EXCLUDE (workspace_id, anchor) FROM action_item_rows_of([$item_id]) WHERE workspace_id = $workspace_id
