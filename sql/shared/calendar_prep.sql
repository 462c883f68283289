-- name: calendar_prep.refs
-- returns: many
-- params: $workspace_id, $template_ids, $project_ids, $topic_ids, $memory_ids, $document_ids, $contact_ids, $action_item_ids
-- What a prepared setup (or a prep edit) names that this workspace cannot give it: state null when
-- the id is unknown here (or its project is in the Trash), otherwise why it cannot be used (a card
-- that is not approved, an action item that is hidden or a decision). Usable ids are left out.
WITH asked AS (
    SELECT 'sessionTemplateId' AS field, unnest($template_ids) AS id
    UNION ALL SELECT 'projectId', unnest($project_ids)
    UNION ALL SELECT 'topicIds', unnest($topic_ids)
    UNION ALL SELECT 'memoryIds', unnest($memory_ids)
    UNION ALL SELECT 'documentIds', unnest($document_ids)
    UNION ALL SELECT 'participants.contactId', unnest($contact_ids)
    UNION ALL SELECT 'actionItemIds', unnest($action_item_ids)
), judged AS (
    SELECT a.field, a.id, CASE a.field
        WHEN 'sessionTemplateId' THEN (SELECT 'ok' FROM templates x WHERE x.workspace_id = $workspace_id AND x.template_id = a.id)
        WHEN 'projectId' THEN (SELECT 'ok' FROM projects x WHERE x.workspace_id = $workspace_id AND x.project_id = a.id AND x.trashed_at IS NULL)
        WHEN 'topicIds' THEN (SELECT 'ok' FROM topics x WHERE x.workspace_id = $workspace_id AND x.topic_id = a.id)
        WHEN 'memoryIds' THEN (SELECT CASE WHEN x.status = 'approved' THEN 'ok' ELSE x.status END
                               FROM knowledge_cards x WHERE x.workspace_id = $workspace_id AND x.memory_id = a.id)
        WHEN 'documentIds' THEN (SELECT 'ok' FROM documents x WHERE x.workspace_id = $workspace_id AND x.document_id = a.id)
        WHEN 'participants.contactId' THEN (SELECT 'ok' FROM contacts x WHERE x.workspace_id = $workspace_id AND x.contact_id = a.id)
        WHEN 'actionItemIds' THEN (SELECT CASE WHEN x.hidden THEN 'hidden' WHEN x.item_type = 'decision' THEN 'a decision' ELSE 'ok' END
                                   FROM action_items x WHERE x.workspace_id = $workspace_id AND x.item_id = a.id)
    END AS state
    FROM asked a
)
SELECT field, id, state FROM judged WHERE state IS DISTINCT FROM 'ok'

-- name: calendar_prep.context
-- returns: one
-- params: $workspace_id, $series_id, $session_id, $planned_start_at_ms
-- The series' project and template (the prep page's defaults) and its previous session: the latest
-- one of the series, not in the Trash, started before this meeting and other than its own session.
SELECT s.project_id AS "seriesProjectId", s.template_id AS "seriesTemplateId",
       (SELECT {'sessionId': x.session_id, 'title': x.title, 'startedAtMs': x.started_at_ms, 'private': x.private}
        FROM sessions x
        WHERE x.workspace_id = $workspace_id AND x.series_id = $series_id AND x.trashed_at IS NULL
          AND x.started_at_ms < $planned_start_at_ms AND x.session_id IS DISTINCT FROM $session_id
        ORDER BY x.started_at_ms DESC, x.session_id DESC LIMIT 1) AS "previousSession"
FROM (SELECT 1) AS one
LEFT JOIN series s ON s.workspace_id = $workspace_id AND s.series_id = $series_id

-- name: calendar_prep.carried
-- returns: many
-- params: $workspace_id, $series_id, $session_id, $planned_start_at_ms
-- What a series meeting carries over: the open tasks, follow-ups and questions of the series'
-- earlier sessions (not in the Trash, not this meeting's own), unless hidden or stopped from carrying.
SELECT a.item_id AS "itemId"
FROM action_items a
JOIN sessions x ON x.session_id = a.session_id
WHERE a.workspace_id = $workspace_id AND x.series_id = $series_id AND x.trashed_at IS NULL
  AND x.started_at_ms < $planned_start_at_ms AND x.session_id IS DISTINCT FROM $session_id
  AND a.status = 'open' AND a.item_type IN ('task', 'follow_up', 'question')
  AND NOT a.hidden AND NOT a.carry_stopped
ORDER BY x.started_at_ms, a.created_at, a.item_id

-- name: calendar_prep.notes
-- returns: many
-- params: $workspace_id, $session_ids
-- The meeting's notes: notes of its own session once it has one, and of the series' previous
-- session (what was written last time), not in the Trash, most recently changed first.
SELECT n.note_id AS "noteId", n.title,
       left(trim(regexp_replace(n.markdown, '\s+', ' ', 'g')), 200) AS preview, n.updated_at AS "updatedAt"
FROM notes n
WHERE n.workspace_id = $workspace_id AND n.trashed_at IS NULL
  AND (list_contains($session_ids, n.owner_session_id)
       OR n.note_id IN (SELECT note_id FROM note_sessions WHERE list_contains($session_ids, session_id)))
ORDER BY n.updated_at DESC, n.note_id
