-- name: chats.trash.list
-- returns: one
-- params: $workspace_id, $limit
-- The Trash of chats, most recently trashed first.
SELECT coalesce(list({'chatId': chat_id, 'title': title, 'trashedAt': trashed_at_ms}
                     ORDER BY trashed_at_ms DESC, chat_id), []) AS chats
FROM (SELECT chat_id, title, trashed_at_ms
      FROM chats
      WHERE workspace_id = $workspace_id AND trashed_at_ms IS NOT NULL
      ORDER BY trashed_at_ms DESC, chat_id
      LIMIT $limit)
