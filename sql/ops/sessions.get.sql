-- name: sessions.get
-- returns: one
-- params: $workspace_id, $session_id
-- One session with the fields of sessions.list, its counts and its shown summary (tb_summary_order:
-- the selected one; sections in order, and which model wrote it), and trashedAt, so that this one
-- statement also answers the session lookup (the handler refuses a trashed session, then drops it).
-- participantCount counts everyone in the session, speakerCount only those who spoke. Action items
-- and decisions come from session_items.rows. The per-session tables are read by $session_id
-- itself (their session index), the turns by the session's integer key (their row groups): a
-- filter correlated with s made DuckDB group every turn of the workspace. The shown summary is
-- picked by arg_min and its sections joined on its length (a subquery correlated with it cost a
-- sixth of the statement).
WITH s AS (
    SELECT * FROM sessions WHERE workspace_id = $workspace_id AND session_id = $session_id
),
sm AS (
    SELECT arg_min({'length': length, 'text': text, 'provider': provider, 'model': model, 'edited': edited},
                   tb_summary_order(selected, length)) AS m
    FROM summaries WHERE session_id = $session_id
),
secs AS (
    SELECT list({'key': x.key, 'title': x.title, 'text': x.text} ORDER BY x.ord) AS sections
    FROM summary_sections x, sm WHERE x.session_id = $session_id AND x.length = sm.m.length
)
SELECT s.session_id AS "sessionId", s.title, s.status, s.started_at_ms AS "startedAtMs",
       s.ended_at_ms AS "endedAtMs", s.project_id AS "projectId", s.series_id AS "seriesId",
       (SELECT count(*) FROM session_participants p WHERE p.session_id = $session_id) AS "participantCount",
       s.pinned, s.source, s.private,
       (SELECT count(DISTINCT t.speaker_id) FROM turns t, s k WHERE t.session_no = k.session_no) AS "speakerCount",
       s.workspace_id AS "workspaceId", s.session_type AS "sessionType", s.created_at AS "createdAt",
       s.updated_at AS "updatedAt", s.revision,
       CASE WHEN sm.m IS NOT NULL THEN {'text': sm.m.text, 'sections': coalesce(secs.sections, []),
                                        'generatedBy': {'provider': sm.m.provider, 'model': sm.m.model, 'edited': sm.m.edited}} END AS summary,
       s.trashed_at AS "trashedAt"
FROM s, sm, secs
