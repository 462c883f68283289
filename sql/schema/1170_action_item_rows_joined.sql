-- migration: 1170_action_item_rows_joined
-- action_item_rows_of (1090) read an item's assignees and sources by a subquery per item, which
-- DuckDB plans as two correlated subqueries to decorrelate: for the 5 items a calendar.prep shows,
-- the statement took 6.2 ms on one thread, 2.1 of it for the item rows alone. Now the ids are joined
-- (1100_chat_facts.sql), and the assignees and sources are grouped once for the items asked for and
-- joined: 4.7 ms, the same rows. Through the engine on the demo, interleaved with the code before:
-- action_items.get 7.96 -> 6.29 ms, action_items.list 10.4 -> 9.5 (5 items: 10.5 -> 8.4),
-- calendar.prep of a series meeting 18.1 -> 15.8.
CREATE OR REPLACE MACRO action_item_rows_of(ids) AS TABLE
WITH wanted AS (SELECT DISTINCT unnest(ids) AS item_id),
assigned AS (
    SELECT x.item_id, list({'name': x.name, 'contactId': x.contact_id} ORDER BY x.ord) AS assignees
    FROM action_item_assignees x JOIN wanted w ON w.item_id = x.item_id
    GROUP BY x.item_id
),
sourced AS (
    SELECT x.item_id, list({'quote': x.quote, 'turnId': x.turn_id, 'atMs': x.at_ms} ORDER BY x.ord) AS sources
    FROM action_item_sources x JOIN wanted w ON w.item_id = x.item_id
    GROUP BY x.item_id
)
SELECT a.workspace_id, a.item_id AS "itemId", a.item_type AS "itemType", a.label_id AS "labelId", l.name AS label,
       a.title, a.details, a.status, a.due_at_ms AS "dueAtMs", a.answer, a.session_id AS "sessionId",
       s.title AS "sessionTitle", a.project_id AS "projectId",
       coalesce(assigned.assignees, []) AS assignees,
       a.origin,
       coalesce(sourced.sources, []) AS sources,
       a.resolved_at_ms AS "resolvedAtMs", a.created_at AS "createdAt", a.updated_at AS "updatedAt",
       CASE WHEN a.anchor_turn_id IS NULL AND a.anchor_point_id IS NULL AND a.anchor_at_ms IS NULL THEN NULL
            ELSE {'turnId': a.anchor_turn_id, 'pointId': a.anchor_point_id, 'atMs': a.anchor_at_ms} END AS anchor
FROM action_items a
JOIN wanted w ON w.item_id = a.item_id
LEFT JOIN labels l ON l.label_id = a.label_id
LEFT JOIN sessions s ON s.session_id = a.session_id
LEFT JOIN assigned ON assigned.item_id = a.item_id
LEFT JOIN sourced ON sourced.item_id = a.item_id;
