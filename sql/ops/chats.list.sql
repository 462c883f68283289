-- name: chats.list
-- returns: one
-- params: $workspace_id, $project_id, $view, $words, $after_pinned, $after_activity, $after_id, $limit
-- The sort keys of one page (pinned first, then last activity, newest first) after the cursor's,
-- and the total of all that match; the rows come from chats.rows. Search needs every word
-- somewhere in the title or the messages.
WITH activity AS (
    SELECT c.chat_id, c.pinned, c.trashed_at_ms, c.project_id,
           coalesce(max(m.created_at), c.created_at) AS active_at,
           c.title || ' ' || coalesce(string_agg(m.content, ' '), '') AS hay
    FROM chats c
    LEFT JOIN chat_messages m ON m.chat_id = c.chat_id
    WHERE c.workspace_id = $workspace_id
    GROUP BY c.chat_id, c.pinned, c.trashed_at_ms, c.project_id, c.created_at, c.title
),
hits AS (
    SELECT chat_id, pinned, active_at
    FROM activity
    WHERE ($project_id IS NULL OR project_id = $project_id)
      AND CASE $view WHEN 'trash' THEN trashed_at_ms IS NOT NULL
                     WHEN 'pinned' THEN trashed_at_ms IS NULL AND pinned
                     ELSE trashed_at_ms IS NULL END
      AND tb_has_all(hay, $words)
),
page AS (
    SELECT * FROM hits
    WHERE $after_id IS NULL OR (pinned::INTEGER, active_at, chat_id) < ($after_pinned, $after_activity, $after_id)
    ORDER BY pinned DESC, active_at DESC, chat_id DESC
    LIMIT $limit + 1
)
SELECT coalesce((SELECT list({'chatId': chat_id, 'pinned': pinned::INTEGER, 'activeAt': active_at}
                             ORDER BY pinned DESC, active_at DESC, chat_id DESC) FROM page), []) AS keys,
       (SELECT count(*) FROM hits) AS "totalCount"
