-- name: chats.get
-- returns: one
-- params: $workspace_id, $chat_id, $before_sequence, $limit
-- The chat's list row (chat_rows_of, readable in the Trash too) with its latest messages before
-- $before_sequence, oldest first: a page of at most $limit, hasMoreMessages when older ones remain,
-- and then nextBeforeSequence, the oldest one's sequence. Sources parsed into the spec's fields.
WITH newest AS (
    SELECT * FROM chat_messages
    WHERE chat_id = $chat_id AND ($before_sequence IS NULL OR sequence < $before_sequence)
    ORDER BY sequence DESC
    LIMIT $limit + 1
),
page AS (
    SELECT * FROM newest ORDER BY sequence DESC LIMIT $limit
)
SELECT unnest(r.shown), c.workspace_id AS "workspaceId", c.reply_language AS "replyLanguage",
       coalesce((SELECT list({'messageId': message_id, 'role': role, 'content': content, 'createdAt': created_at,
                              'sources': from_json(sources_json, '[{"n": "BIGINT", "label": "VARCHAR",
                                  "sourceType": "VARCHAR", "sourceId": "VARCHAR", "sessionId": "VARCHAR",
                                  "documentId": "VARCHAR", "atMs": "BIGINT", "locator": "VARCHAR",
                                  "snippet": "VARCHAR", "href": "VARCHAR"}]'),
                              'skill': skill} ORDER BY sequence) FROM page), []) AS messages,
       (SELECT count(*) FROM newest) > $limit AS "hasMoreMessages",
       CASE WHEN (SELECT count(*) FROM newest) > $limit THEN (SELECT min(sequence) FROM page) END
           AS "nextBeforeSequence"
FROM chat_rows_of([$chat_id]) r
JOIN chats c ON c.chat_id = r.chat_id
WHERE r.workspace_id = $workspace_id
