-- name: session_items.rows
-- returns: many
-- params: $workspace_id, $session_id
-- The action items a session shows, with their role on the page: `captured` (items of this session
-- but decisions), `decision`, or `brought` (earlier items brought into the session, with their
-- status then and when they came up). Items removed from their board (hidden) are gone everywhere.
-- The items themselves are read in action_items.get's shape by action_items.rows
-- (talkbar/ops/session_reads.py puts the two together).
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
SELECT p.role, a.item_id AS "itemId", p.status_when_brought_in AS "statusWhenBroughtIn"
FROM picked p
JOIN action_items a ON a.item_id = p.item_id AND a.workspace_id = $workspace_id AND NOT a.hidden
ORDER BY p.role, p.ord, a.created_at, a.item_id
