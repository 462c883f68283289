-- name: chats.update
-- returns: exec
-- params: $workspace_id, $chat_id, $title, $pinned, $set_project_id, $project_id, $now_ms
-- Only the fields given change; an empty title is allowed, as in the app.
UPDATE chats SET
    title = coalesce($title, title),
    pinned = coalesce($pinned, pinned),
    project_id = CASE WHEN $set_project_id THEN $project_id ELSE project_id END,
    updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND chat_id = $chat_id
