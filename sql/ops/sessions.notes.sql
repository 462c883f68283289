-- name: sessions.notes
-- returns: one
-- params: $workspace_id, $session_id
-- The session's own note first, then the notes added to it (most recently changed first); notes
-- in the Trash are not shown. The preview is the first 160 characters of the note's text.
-- trashedAt: this one statement also answers the session lookup (session_lookup.read_live).
WITH linked AS (
    SELECT n.note_id, n.title, n.markdown, n.updated_at,
           CASE WHEN n.owner_session_id = $session_id THEN 'session' ELSE 'added' END AS role
    FROM notes n
    WHERE n.workspace_id = $workspace_id AND n.trashed_at IS NULL
      AND (n.owner_session_id = $session_id
           OR n.note_id IN (SELECT x.note_id FROM note_sessions x WHERE x.session_id = $session_id))
)
SELECT s.session_id AS "sessionId", s.private,
       coalesce((SELECT list({'noteId': l.note_id, 'title': l.title, 'role': l.role,
                              'preview': left(l.markdown, 160), 'updatedAt': l.updated_at}
                             ORDER BY l.role = 'added', l.updated_at DESC, l.note_id)
                 FROM linked l), []) AS notes,
       s.trashed_at AS "trashedAt"
FROM sessions s
WHERE s.workspace_id = $workspace_id AND s.session_id = $session_id
