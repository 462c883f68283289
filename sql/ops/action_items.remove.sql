-- name: action_items.remove
-- returns: exec
-- params: $workspace_id, $item_id, $now_ms
-- An item from the summary is hidden from its board (the summary still names it); a manual item
-- is deleted below.
UPDATE action_items SET hidden = true, updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND item_id = $item_id AND origin <> 'manual'

-- name: action_items.remove:answer
-- returns: one
-- params: $workspace_id, $item_id
-- What the answer names, read before the item goes.
SELECT true AS removed, item_id AS "itemId", session_id AS "sessionId", project_id AS "projectId"
FROM action_items WHERE workspace_id = $workspace_id AND item_id = $item_id

-- name: action_items.remove:assignees
-- returns: exec
-- params: $workspace_id, $item_id
DELETE FROM action_item_assignees
WHERE item_id IN (SELECT item_id FROM action_items
                  WHERE workspace_id = $workspace_id AND item_id = $item_id AND origin = 'manual')

-- name: action_items.remove:sources
-- returns: exec
-- params: $workspace_id, $item_id
DELETE FROM action_item_sources
WHERE item_id IN (SELECT item_id FROM action_items
                  WHERE workspace_id = $workspace_id AND item_id = $item_id AND origin = 'manual')

-- name: action_items.remove:facts
-- returns: exec
-- params: $workspace_id, $item_id
-- A deleted item's kept text (sql/schema/1180_action_item_facts.sql) goes with it.
DELETE FROM action_item_facts
WHERE item_id IN (SELECT item_id FROM action_items
                  WHERE workspace_id = $workspace_id AND item_id = $item_id AND origin = 'manual')

-- name: action_items.remove:item
-- returns: exec
-- params: $workspace_id, $item_id
DELETE FROM action_items WHERE workspace_id = $workspace_id AND item_id = $item_id AND origin = 'manual'
