-- name: sessions.trash.list
-- returns: one
-- params: $workspace_id, $limit
-- The Trash of sessions, most recently trashed first.
SELECT coalesce(list({'sessionId': session_id, 'title': title, 'trashedAt': trashed_at}
                     ORDER BY trashed_at DESC, session_id), []) AS sessions
FROM (SELECT session_id, title, trashed_at FROM sessions
      WHERE workspace_id = $workspace_id AND trashed_at IS NOT NULL
      ORDER BY trashed_at DESC, session_id
      LIMIT $limit)
