-- name: chats.list
-- returns: one
-- params: $workspace_id, $project_id, $view, $words, $after_pinned, $after_last_message_at_ms, $after_created_at, $after_chat_id, $limit
-- when-null: words tb_has_all tb_unfiltered
-- One page of chats (chat_rows): pinned first, then last activity, newest first, after the cursor's
-- (pinned, activity = lastMessageAtMs or createdAt, chatId), one more than asked (the engine pages
-- it), with the total of all that match. Search needs every word in the title or the messages.
WITH hits AS (
    SELECT *
    FROM chat_rows
    WHERE workspace_id = $workspace_id
      AND ($project_id IS NULL OR project_id = $project_id)
      AND CASE $view WHEN 'trash' THEN trashed_at_ms IS NOT NULL
                     WHEN 'pinned' THEN trashed_at_ms IS NULL AND pinned
                     ELSE trashed_at_ms IS NULL END
      AND tb_has_all(hay, $words)
),
page AS (
    SELECT * FROM hits
    WHERE $after_chat_id IS NULL
       OR (pinned::INTEGER, active_at, chat_id)
          < ($after_pinned::INTEGER, coalesce($after_last_message_at_ms, $after_created_at), $after_chat_id)
    ORDER BY pinned DESC, active_at DESC, chat_id DESC
    LIMIT $limit + 1
)
SELECT coalesce((SELECT list(shown ORDER BY pinned DESC, active_at DESC, chat_id DESC) FROM page), []) AS items,
       (SELECT count(*) FROM hits) AS "totalCount"
