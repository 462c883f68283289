-- name: action_items.list
-- returns: one
-- params: $workspace_id, $session_id, $project_id, $series_id, $general_only, $include_stopped, $item_types, $statuses, $contact_ids, $words, $limit
-- when-null: words tb_action_item_has_all tb_unfiltered
-- The items that match (action_item_rows_of, in the fields a list shows, for the page's items only), unfinished first, newest
-- first within each. A session narrows to its items and sets the board filters aside; hidden items
-- and items of sessions in the Trash never show; unknown types or statuses match nothing. The text
-- filter reads the items' kept text (tb_action_item_has_all, sql/schema/1180_action_item_facts.sql).
WITH hits AS (
    SELECT a.item_id, a.status IN ('done', 'answered', 'superseded') AS finished, a.created_at
    FROM action_items a
    LEFT JOIN sessions s ON s.session_id = a.session_id
    WHERE a.workspace_id = $workspace_id AND NOT a.hidden AND s.trashed_at IS NULL
      AND CASE WHEN $session_id IS NOT NULL THEN a.session_id = $session_id
               ELSE ($project_id IS NULL OR a.project_id = $project_id)
                    AND ($series_id IS NULL OR s.series_id = $series_id)
                    AND (NOT coalesce($general_only, false) OR a.project_id IS NULL)
                    AND (coalesce($include_stopped, false) OR NOT a.carry_stopped) END
      AND ($item_types IS NULL OR list_contains($item_types, a.item_type))
      AND ($statuses IS NULL OR list_contains($statuses, a.status))
      AND ($contact_ids IS NULL OR a.item_id IN (SELECT item_id FROM action_item_assignees
                                                 WHERE list_contains($contact_ids, contact_id)))
      AND tb_action_item_has_all(a.item_id, $words)
    ORDER BY finished, a.created_at DESC, a.item_id
    LIMIT $limit
)
SELECT coalesce(list({'itemId': r."itemId", 'itemType': r."itemType", 'label': r.label, 'title': r.title,
                      'status': r.status, 'dueAtMs': r."dueAtMs", 'sessionId': r."sessionId",
                      'sessionTitle': r."sessionTitle", 'projectId': r."projectId", 'assignees': r.assignees,
                      'anchor': r.anchor, 'updatedAt': r."updatedAt"}
                     ORDER BY h.finished, h.created_at DESC, h.item_id), []) AS items
FROM hits h
JOIN action_item_rows_of((SELECT list(item_id) FROM hits)) r ON r."itemId" = h.item_id
