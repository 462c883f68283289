-- name: sessions.live_cards
-- returns: one
-- params: $workspace_id, $session_id
-- The knowledge cards taken into the session, in session order (the moments the conversation came
-- back to each are added from came_up.moments). The action items of the page come from
-- session_items.rows.
-- trashedAt: this one statement also answers the session lookup (session_lookup.read_live).
SELECT s.session_id AS "sessionId", s.private,
       coalesce((SELECT list({'memoryId': k.memory_id, 'title': k.title, 'body': k.body, 'type': k.type,
                              'status': k.status}
                             ORDER BY c.ord, c.memory_id)
                 FROM session_cards c
                 JOIN knowledge_cards k ON k.memory_id = c.memory_id AND k.workspace_id = $workspace_id
                 WHERE c.session_id = $session_id), []) AS cards,
       s.trashed_at AS "trashedAt"
FROM sessions s
WHERE s.workspace_id = $workspace_id AND s.session_id = $session_id
