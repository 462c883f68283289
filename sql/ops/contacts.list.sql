-- name: contacts.list
-- returns: one
-- params: $workspace_id, $include_archived, $project_id, $words, $limit
-- when-null: words tb_has_all tb_unfiltered
-- One query for the whole page, counts included: a person met a session when one of their speakers
-- has a turn in it (the participant `spoke`, migration 1040: no turn is read; the sessions
-- contacts.sessions lists); sessions in the Trash do not count.
WITH met AS (
    SELECT p.contact_id, count(DISTINCT s.session_id) AS sessions, max(s.started_at_ms) AS last_met
    FROM session_participants p
    JOIN sessions s ON s.session_id = p.session_id AND s.workspace_id = $workspace_id AND s.trashed_at IS NULL
    WHERE p.workspace_id = $workspace_id AND p.contact_id IS NOT NULL AND p.spoke
    GROUP BY p.contact_id
),
page AS (
SELECT c.contact_id, tb_fold(c.name) AS folded,
       {'contactId': c.contact_id, 'name': c.name, 'email': c.email, 'role': c.role,
        'organizationId': c.organization_id, 'archived': c.archived_at_ms IS NOT NULL,
        'sessionCount': coalesce(m.sessions, 0), 'lastMetAtMs': m.last_met} AS shown
FROM contacts c
LEFT JOIN met m ON m.contact_id = c.contact_id
WHERE c.workspace_id = $workspace_id
  AND ($include_archived OR c.archived_at_ms IS NULL)
  AND ($project_id IS NULL OR c.contact_id IN (SELECT contact_id FROM contact_projects WHERE project_id = $project_id))
  AND tb_has_all(c.name || ' ' || coalesce(c.email, ''), $words)
ORDER BY tb_fold(c.name), c.contact_id
LIMIT $limit
)
SELECT coalesce(list(shown ORDER BY folded, contact_id), []) AS contacts FROM page
