-- name: projects.list
-- returns: one
-- params: $workspace_id, $project_id, $limit, $offset
-- The whole page in one pass: live projects with what they hold (sessions and notes not in the
-- Trash, documents) and their latest session start, pinned first, then by name; with the total and
-- the next offset. $project_id narrows it to one project (projects.get reads its row here).
WITH live AS (
    SELECT project_id, name, description, pinned
    FROM projects
    WHERE workspace_id = $workspace_id AND trashed_at IS NULL
      AND ($project_id IS NULL OR project_id = $project_id)
),
session_counts AS (
    SELECT project_id, count(*) AS n, max(started_at_ms) AS last_started
    FROM sessions
    WHERE workspace_id = $workspace_id AND trashed_at IS NULL
    GROUP BY project_id
),
note_counts AS (
    SELECT project_id, count(*) AS n
    FROM notes
    WHERE workspace_id = $workspace_id AND trashed_at IS NULL
    GROUP BY project_id
),
document_counts AS (
    SELECT project_id, count(*) AS n
    FROM documents
    WHERE workspace_id = $workspace_id
    GROUP BY project_id
),
page AS (
    SELECT p.*, coalesce(s.n, 0) AS sessions, coalesce(nc.n, 0) AS notes, coalesce(d.n, 0) AS documents,
           s.last_started
    FROM live p
    LEFT JOIN session_counts s ON s.project_id = p.project_id
    LEFT JOIN note_counts nc ON nc.project_id = p.project_id
    LEFT JOIN document_counts d ON d.project_id = p.project_id
    ORDER BY p.pinned DESC, lower(p.name), p.project_id
    LIMIT $limit OFFSET $offset
)
SELECT
    coalesce((SELECT list({'projectId': project_id, 'name': name, 'description': description,
                           'sessionCount': sessions, 'noteCount': notes, 'documentCount': documents,
                           'lastSessionAtMs': last_started}
                          ORDER BY pinned DESC, lower(name), project_id)
              FROM page), []) AS items,
    (SELECT count(*) FROM live) AS "totalCount",
    CASE WHEN $offset + $limit < (SELECT count(*) FROM live) THEN $offset + $limit END AS "nextOffset"
