-- name: workspace.stats
-- returns: one
-- params: $workspace_id, $project_id, $started_after_ms, $started_before_ms
-- One pass over each kind: the session filters (project, start window) apply to sessions only,
-- the project filter also to notes, documents and knowledge cards, never to the project count.
-- Items in the Trash are not counted.
WITH s AS (
    SELECT status, started_at_ms
    FROM sessions
    WHERE workspace_id = $workspace_id AND trashed_at IS NULL
      AND ($project_id IS NULL OR project_id = $project_id)
      AND ($started_after_ms IS NULL OR started_at_ms >= $started_after_ms)
      AND ($started_before_ms IS NULL OR started_at_ms < $started_before_ms)
)
SELECT
    {'total': count(*),
     'byStatus': {'recording': count(*) FILTER (WHERE status = 'recording'),
                  'open': count(*) FILTER (WHERE status = 'open'),
                  'interrupted': count(*) FILTER (WHERE status = 'interrupted'),
                  'complete': count(*) FILTER (WHERE status = 'complete')},
     'firstStartedAtMs': min(started_at_ms),
     'lastStartedAtMs': max(started_at_ms)} AS sessions,
    {'total': (SELECT count(*) FROM notes
               WHERE workspace_id = $workspace_id AND trashed_at IS NULL
                 AND ($project_id IS NULL OR project_id = $project_id))} AS notes,
    {'total': (SELECT count(*) FROM documents
               WHERE workspace_id = $workspace_id
                 AND ($project_id IS NULL OR project_id = $project_id))} AS documents,
    {'total': (SELECT count(*) FROM projects
               WHERE workspace_id = $workspace_id AND trashed_at IS NULL)} AS projects,
    {'approvedTotal': (SELECT count(*) FROM knowledge_cards
                       WHERE workspace_id = $workspace_id AND status = 'approved'
                         AND ($project_id IS NULL OR project_id = $project_id))} AS knowledge
FROM s
