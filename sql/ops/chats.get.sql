-- name: chats.get
-- returns: one
-- params: $workspace_id, $chat_id
-- What chats.get adds to the chat's list row (readable in the Trash too).
SELECT workspace_id AS "workspaceId", reply_language AS "replyLanguage"
FROM chats
WHERE workspace_id = $workspace_id AND chat_id = $chat_id

-- name: chats.get:messages
-- returns: many
-- params: $chat_id, $before_sequence, $limit
-- The latest messages before $before_sequence, newest first (one more than asked, to know if there
-- are older ones); sources parsed into the spec's fields.
SELECT message_id AS "messageId", sequence, role, content, created_at AS "createdAt",
       from_json(sources_json, '[{"n": "BIGINT", "label": "VARCHAR", "sourceType": "VARCHAR", "sourceId": "VARCHAR",
                                  "sessionId": "VARCHAR", "documentId": "VARCHAR", "atMs": "BIGINT",
                                  "locator": "VARCHAR", "snippet": "VARCHAR", "href": "VARCHAR"}]') AS sources,
       skill
FROM chat_messages
WHERE chat_id = $chat_id AND ($before_sequence IS NULL OR sequence < $before_sequence)
ORDER BY sequence DESC
LIMIT $limit + 1
