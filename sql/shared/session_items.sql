-- name: session_items.rows
-- returns: many
-- params: $workspace_id, $session_id
-- The action items a session shows, each in exactly the shape action_items.get returns, with its
-- role on the page: `captured` (items of this session but decisions), `decision`, or `brought`
-- (earlier items brought into the session, with their status then and when they came up).
-- Items removed from their board (hidden) are gone everywhere. sessions.get and
-- sessions.live_cards split the rows by role (talkbar/ops/session_reads.py).
WITH picked AS (
    SELECT a.item_id, CASE WHEN a.item_type = 'decision' THEN 'decision' ELSE 'captured' END AS role,
           NULL AS status_when_brought_in, 0 AS ord
    FROM action_items a
    WHERE a.workspace_id = $workspace_id AND a.session_id = $session_id AND NOT a.hidden
    UNION ALL
    SELECT b.item_id, 'brought', b.status_when_brought_in, b.ord
    FROM session_brought_items b
    WHERE b.session_id = $session_id
)
SELECT p.role,
       {'itemId': a.item_id, 'itemType': a.item_type, 'labelId': a.label_id, 'label': l.name,
        'title': a.title, 'details': a.details, 'status': a.status, 'dueAtMs': a.due_at_ms,
        'answer': a.answer, 'sessionId': a.session_id, 'sessionTitle': s.title,
        'projectId': a.project_id,
        'assignees': coalesce((SELECT list({'name': x.name, 'contactId': x.contact_id} ORDER BY x.ord)
                               FROM action_item_assignees x WHERE x.item_id = a.item_id), []),
        'origin': a.origin,
        'sources': coalesce((SELECT list({'quote': x.quote, 'turnId': x.turn_id, 'atMs': x.at_ms} ORDER BY x.ord)
                             FROM action_item_sources x WHERE x.item_id = a.item_id), []),
        'resolvedAtMs': a.resolved_at_ms, 'createdAt': a.created_at, 'updatedAt': a.updated_at} AS item,
       p.status_when_brought_in AS "statusWhenBroughtIn",
       CASE WHEN p.role = 'brought' THEN tb_came_up($session_id, 'action_item', a.item_id) END AS "cameUp"
FROM picked p
JOIN action_items a ON a.item_id = p.item_id AND a.workspace_id = $workspace_id AND NOT a.hidden
LEFT JOIN labels l ON l.label_id = a.label_id
LEFT JOIN sessions s ON s.session_id = a.session_id
ORDER BY p.role, p.ord, a.created_at, a.item_id
