-- name: chats.list
-- returns: one
-- params: $workspace_id, $project_id, $view, $words, $after_pinned, $after_last_message_at_ms, $after_created_at, $after_chat_id, $limit
-- when-null: words tb_has_all_folded tb_unfiltered
-- One page of chats (chat_rows_of): pinned first, then last activity, newest first, after the cursor's
-- (pinned, activity = lastMessageAtMs or createdAt, chatId), one more than asked (the engine pages
-- it), with the total of all that match. Search needs every word in the title or the messages. The
-- chats are filtered and ordered by what chat_facts keeps (sql/schema/1100_chat_facts.sql): no
-- message is read but the page's latest ones.
WITH hits AS (
    SELECT c.chat_id, c.pinned, coalesce(f.last_message_at, c.created_at) AS active_at
    FROM chats c JOIN chat_facts f ON f.chat_id = c.chat_id
    WHERE c.workspace_id = $workspace_id
      AND ($project_id IS NULL OR c.project_id = $project_id)
      AND CASE $view WHEN 'trash' THEN c.trashed_at_ms IS NOT NULL
                     WHEN 'pinned' THEN c.trashed_at_ms IS NULL AND c.pinned
                     ELSE c.trashed_at_ms IS NULL END
      AND tb_has_all_folded(f.hay, $words)
),
page AS (
    SELECT * FROM hits
    WHERE $after_chat_id IS NULL
       OR (pinned::INTEGER, active_at, chat_id)
          < ($after_pinned::INTEGER, coalesce($after_last_message_at_ms, $after_created_at), $after_chat_id)
    ORDER BY pinned DESC, active_at DESC, chat_id DESC
    LIMIT $limit + 1
)
SELECT coalesce((SELECT list(shown ORDER BY pinned DESC, active_at DESC, chat_id DESC)
                 FROM chat_rows_of((SELECT list(chat_id) FROM page))), []) AS items,
       (SELECT count(*) FROM hits) AS "totalCount"
