-- name: chats.rows
-- returns: many
-- params: $workspace_id, $chat_ids
-- Chats as chats.list shows them, in the order of $chat_ids: the snippet is the start of the
-- latest message; last activity is the latest message (or the chat's creation when it has none).
WITH latest AS (
    SELECT chat_id, max(created_at) AS last_at, arg_max(content, sequence) AS last_content
    FROM chat_messages
    WHERE list_contains($chat_ids, chat_id)
    GROUP BY chat_id
)
SELECT c.chat_id AS "chatId", c.title, tb_snippet(m.last_content, 160) AS snippet,
       c.grounding_mode AS "groundingMode", c.project_id AS "projectId", c.pinned,
       c.created_at AS "createdAt", c.updated_at AS "updatedAt", m.last_at AS "lastMessageAtMs",
       c.trashed_at_ms AS "trashedAtMs", c.current_turn_status AS "currentTurnStatus"
FROM chats c
LEFT JOIN latest m ON m.chat_id = c.chat_id
WHERE c.workspace_id = $workspace_id AND list_contains($chat_ids, c.chat_id)
ORDER BY list_position($chat_ids, c.chat_id)

-- name: chats.brief
-- returns: one
-- params: $workspace_id, $chat_id
-- A chat as chats.update and chats.restore answer.
SELECT chat_id AS "chatId", title, pinned, project_id AS "projectId"
FROM chats
WHERE workspace_id = $workspace_id AND chat_id = $chat_id
