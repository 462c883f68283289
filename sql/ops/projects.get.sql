-- name: projects.get
-- returns: one
-- params: $workspace_id, $project_id
-- The project's list row (project_rows) with its latest 20 sessions not in the Trash (rows as
-- sessions.list gives them, participants counted whether they spoke or not) and its 10 most
-- recently changed notes. The participants are counted for those 20 sessions once they are picked
-- (as sessions.list counts its page's): the statement 8.2 -> 7.1 ms for a project of 1,206 sessions
-- at 6 M turns, 5.96 -> 5.67 on the demo (one thread, the same answers).
WITH recent_sessions AS (
    SELECT s.session_id, s.title, s.status, s.started_at_ms, s.ended_at_ms, s.project_id, s.series_id,
           s.pinned, s.source, s.private
    FROM sessions s
    WHERE s.workspace_id = $workspace_id AND s.project_id = $project_id AND s.trashed_at IS NULL
    ORDER BY s.started_at_ms DESC, s.session_id DESC
    LIMIT 20
),
counted AS (
    SELECT sp.session_id, count(*) AS n
    FROM session_participants sp JOIN recent_sessions r ON r.session_id = sp.session_id
    GROUP BY sp.session_id
),
recent_notes AS (
    SELECT note_id, title, markdown, updated_at
    FROM notes
    WHERE workspace_id = $workspace_id AND project_id = $project_id AND trashed_at IS NULL
    ORDER BY updated_at DESC, note_id DESC
    LIMIT 10
)
SELECT
    unnest(r.shown),
    coalesce((SELECT list({'sessionId': session_id, 'title': title, 'status': status,
                           'startedAtMs': started_at_ms, 'endedAtMs': ended_at_ms, 'projectId': project_id,
                           'seriesId': series_id, 'participantCount': coalesce(k.n, 0), 'pinned': pinned,
                           'source': source, 'private': private}
                          ORDER BY started_at_ms DESC, session_id DESC)
              FROM recent_sessions LEFT JOIN counted k USING (session_id)), []) AS sessions,
    coalesce((SELECT list({'noteId': note_id, 'title': title, 'snippet': tb_snippet(markdown, 160),
                           'updatedAt': updated_at}
                          ORDER BY updated_at DESC, note_id DESC)
              FROM recent_notes), []) AS notes
FROM project_rows r
WHERE r.workspace_id = $workspace_id AND r.project_id = $project_id
