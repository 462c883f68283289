-- name: action_items.create
-- returns: exec
-- params: $workspace_id, $item_id, $item_type, $title, $details, $status, $label_id, $due_at_ms, $answer, $session_id, $project_id, $anchor_turn_id, $anchor_chunk_id, $anchor_point_id, $anchor_at_ms, $resolved_at_ms, $now_ms
-- An item you add is `manual`; it keeps both its moment and the ids it was placed by.
INSERT INTO action_items (workspace_id, item_id, item_type, title, details, status, label_id, due_at_ms,
                          answer, session_id, project_id, origin, hidden, carry_stopped, anchor_turn_id,
                          anchor_chunk_id, anchor_point_id, anchor_at_ms, resolved_at_ms, created_at, updated_at)
VALUES ($workspace_id, $item_id, $item_type, $title, $details, $status, $label_id, $due_at_ms, $answer,
        $session_id, $project_id, 'manual', false, false, $anchor_turn_id, $anchor_chunk_id, $anchor_point_id,
        $anchor_at_ms, $resolved_at_ms, $now_ms, $now_ms)

-- name: action_items.create:source
-- returns: exec
-- params: $item_id, $quote, $turn_id, $at_ms
-- The words an item was placed by are its source.
INSERT INTO action_item_sources (item_id, ord, quote, turn_id, at_ms) VALUES ($item_id, 0, $quote, $turn_id, $at_ms)
