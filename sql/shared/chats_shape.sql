-- name: chats.brief
-- returns: one
-- params: $workspace_id, $chat_id
-- A chat as chats.update and chats.restore answer.
SELECT chat_id AS "chatId", title, pinned, project_id AS "projectId"
FROM chats
WHERE workspace_id = $workspace_id AND chat_id = $chat_id
