-- name: export_content.facts
-- returns: many
-- params: $workspace_id, $session_ids
-- The facts readiness is decided from (talkbar/exports/selection.py) and the metadata every format
-- writes, one row per live session asked for; a missing id is not_found in the caller.
SELECT s.session_id AS "sessionId", s.title, s.status, s.started_at_ms AS "startedAtMs",
       s.ended_at_ms AS "endedAtMs", s.project_id AS "projectId", p.name AS "projectName",
       s.series_id AS "seriesId", se.name AS "seriesName", s.audio_path AS "audioPath",
       sm.generated_at_ms AS "summaryGeneratedAtMs", s.transcript_changed_at AS "transcriptChangedAtMs",
       coalesce((SELECT list(k.keyword ORDER BY k.ord) FROM session_keywords k
                 WHERE k.session_id = s.session_id), []) AS keywords
FROM sessions s
LEFT JOIN shown_summaries sm ON sm.session_id = s.session_id
LEFT JOIN projects p ON p.project_id = s.project_id
LEFT JOIN series se ON se.series_id = s.series_id
WHERE s.workspace_id = $workspace_id AND s.trashed_at IS NULL AND list_contains($session_ids, s.session_id)
ORDER BY s.session_id

-- name: export_content.summaries
-- returns: many
-- params: $session_ids, $section_keys
-- The summary each format writes, with only the sections asked for (an empty list = all of them).
SELECT sm.session_id AS "sessionId", sm.text,
       coalesce((SELECT list({'key': x.key, 'title': x.title, 'text': x.text} ORDER BY x.ord)
                 FROM summary_sections x
                 WHERE x.session_id = sm.session_id AND x.length = sm.length
                   AND (len($section_keys) = 0 OR list_contains($section_keys, x.key))), []) AS sections
FROM shown_summaries sm
WHERE list_contains($session_ids, sm.session_id)

-- name: export_content.turns
-- returns: many
-- params: $workspace_id, $session_ids, $turn_ids, $range_starts, $range_ends
-- Transcript turns in order; with turnIds or ranges, only those turns and the turns lying wholly
-- inside a range (both lists empty = the whole transcript). The sessions' turns are found by their
-- integer keys (a join: only their row groups are read, migration 0850).
SELECT t.session_id AS "sessionId", t.turn_id AS "turnId", t.speaker_id AS "speakerId", t.start_ms AS "startMs",
       t.end_ms AS "endMs", t.text
FROM turns t JOIN sessions s ON s.session_no = t.session_no
WHERE s.workspace_id = $workspace_id AND list_contains($session_ids, s.session_id)
  AND ((len($turn_ids) = 0 AND len($range_starts) = 0)
       OR list_contains($turn_ids, turn_id)
       OR EXISTS (SELECT 1 FROM (SELECT unnest($range_starts) AS rs, unnest($range_ends) AS re) r
                  WHERE t.start_ms >= r.rs AND t.end_ms <= r.re))
ORDER BY t.session_id, t.seq

-- name: export_content.notes
-- returns: many
-- params: $workspace_id, $session_ids
-- A session's own note first, then the notes filed under it, none from the Trash.
WITH linked AS (
    SELECT owner_session_id AS session_id, note_id, -1 AS ord
    FROM notes WHERE workspace_id = $workspace_id AND list_contains($session_ids, owner_session_id)
    UNION ALL
    SELECT session_id, note_id, ord FROM note_sessions WHERE list_contains($session_ids, session_id)
)
SELECT l.session_id AS "sessionId", n.note_id AS "noteId", n.title, n.markdown
FROM linked l
JOIN notes n ON n.note_id = l.note_id AND n.workspace_id = $workspace_id AND n.trashed_at IS NULL
GROUP BY l.session_id, n.note_id, n.title, n.markdown
ORDER BY l.session_id, min(l.ord), n.note_id

-- name: export_content.outcomes
-- returns: many
-- params: $workspace_id, $session_ids
-- The session's action items (tasks, follow-ups, questions, decisions) that are on its board.
SELECT a.session_id AS "sessionId", a.item_id AS "itemId", a.item_type AS "itemType", a.title, a.details,
       a.status, a.due_at_ms AS "dueAtMs",
       coalesce((SELECT list(x.name ORDER BY x.ord) FROM action_item_assignees x
                 WHERE x.item_id = a.item_id), []) AS assignees
FROM action_items a
WHERE a.workspace_id = $workspace_id AND NOT a.hidden AND list_contains($session_ids, a.session_id)
ORDER BY a.session_id, a.created_at, a.item_id

-- name: export_content.markers
-- returns: many
-- params: $workspace_id, $session_ids
-- Bookmarks and other markers in time order.
SELECT session_id AS "sessionId", marker_id AS "markerId", kind, body, quote, at_ms AS "atMs"
FROM markers
WHERE workspace_id = $workspace_id AND list_contains($session_ids, session_id)
ORDER BY session_id, at_ms, marker_id
