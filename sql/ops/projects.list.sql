-- name: projects.list
-- returns: one
-- params: $workspace_id, $limit, $offset
-- One page of live projects (project_rows), pinned first, then by name, one more than asked (the
-- engine pages it), with the total.
WITH live AS (
    SELECT * FROM project_rows WHERE workspace_id = $workspace_id
),
page AS (
    SELECT * FROM live
    ORDER BY pinned DESC, lower(name), project_id
    LIMIT $limit + 1 OFFSET $offset
)
SELECT coalesce((SELECT list(shown ORDER BY pinned DESC, lower(name), project_id) FROM page), []) AS items,
       (SELECT count(*) FROM live) AS "totalCount"
