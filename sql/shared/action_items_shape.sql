-- name: action_items.rows
-- returns: many
-- params: $workspace_id, $item_ids
-- Action items in the shape action_items.get returns, plus `anchor` ({turnId, pointId, atMs} or
-- null) that lists show, in the order of $item_ids. Every family that shows items reads them here
-- (sessions.get, live cards, calendar prep): pass the ids, then pick the fields with
-- talkbar.ops.action_items (GET_FIELDS, LIST_FIELDS). It does not filter hidden items: choose ids.
SELECT a.item_id AS "itemId", a.item_type AS "itemType", a.label_id AS "labelId", l.name AS label,
       a.title, a.details, a.status, a.due_at_ms AS "dueAtMs", a.answer, a.session_id AS "sessionId",
       s.title AS "sessionTitle", a.project_id AS "projectId",
       coalesce((SELECT list({'name': x.name, 'contactId': x.contact_id} ORDER BY x.ord)
                 FROM action_item_assignees x WHERE x.item_id = a.item_id), []) AS assignees,
       a.origin,
       coalesce((SELECT list({'quote': x.quote, 'turnId': x.turn_id, 'atMs': x.at_ms} ORDER BY x.ord)
                 FROM action_item_sources x WHERE x.item_id = a.item_id), []) AS sources,
       a.resolved_at_ms AS "resolvedAtMs", a.created_at AS "createdAt", a.updated_at AS "updatedAt",
       CASE WHEN a.anchor_turn_id IS NULL AND a.anchor_point_id IS NULL AND a.anchor_at_ms IS NULL THEN NULL
            ELSE {'turnId': a.anchor_turn_id, 'pointId': a.anchor_point_id, 'atMs': a.anchor_at_ms} END AS anchor
FROM action_items a
LEFT JOIN labels l ON l.label_id = a.label_id
LEFT JOIN sessions s ON s.session_id = a.session_id
WHERE a.workspace_id = $workspace_id AND list_contains($item_ids, a.item_id)
ORDER BY list_position($item_ids, a.item_id)
