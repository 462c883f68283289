-- name: notes.list
-- returns: one
-- params: $workspace_id, $note_id, $project_id, $topic_id, $session_id, $words, $after_updated, $after_id, $limit
-- One page of live notes, most recently changed first, after the cursor's (updatedAt, noteId), with
-- the total of all that match. A session's notes are its own note and every note linked to it.
-- Each row carries what the note belongs to: sessions (not in the Trash), topics and its project
-- (not in the Trash) — notes.get reads the same lists as its links, by $note_id.
WITH hits AS (
    SELECT n.note_id, n.title, n.markdown, n.pinned, n.created_at, n.updated_at, n.owner_session_id, n.project_id
    FROM notes n
    WHERE n.workspace_id = $workspace_id AND n.trashed_at IS NULL
      AND ($note_id IS NULL OR n.note_id = $note_id)
      AND ($project_id IS NULL OR n.project_id = $project_id)
      AND ($topic_id IS NULL OR n.note_id IN (SELECT note_id FROM note_topics WHERE topic_id = $topic_id))
      AND ($session_id IS NULL OR n.owner_session_id = $session_id
           OR n.note_id IN (SELECT note_id FROM note_sessions WHERE session_id = $session_id))
      AND tb_has_all(n.title || ' ' || n.markdown, $words)
),
page AS (
    SELECT * FROM hits
    WHERE $after_id IS NULL OR (updated_at, note_id) < ($after_updated, $after_id)
    ORDER BY updated_at DESC, note_id DESC
    LIMIT $limit + 1
),
linked_sessions AS (
    SELECT ns.note_id, list({'sessionId': s.session_id, 'title': s.title} ORDER BY ns.ord, s.session_id) AS sessions
    FROM note_sessions ns JOIN sessions s ON s.session_id = ns.session_id AND s.trashed_at IS NULL
    WHERE ns.note_id IN (SELECT note_id FROM page)
    GROUP BY ns.note_id
),
linked_topics AS (
    SELECT nt.note_id, list({'topicId': t.topic_id, 'name': t.name} ORDER BY lower(t.name), t.topic_id) AS topics
    FROM note_topics nt JOIN topics t ON t.topic_id = nt.topic_id
    WHERE nt.note_id IN (SELECT note_id FROM page)
    GROUP BY nt.note_id
)
SELECT
    coalesce((SELECT list({'noteId': p.note_id, 'title': p.title, 'snippet': tb_snippet(p.markdown, 160),
                           'pinned': p.pinned, 'createdAt': p.created_at, 'updatedAt': p.updated_at,
                           'sessionId': p.owner_session_id,
                           'sessions': coalesce(ls.sessions, []), 'topics': coalesce(lt.topics, []),
                           'projects': CASE WHEN pr.project_id IS NULL THEN []
                                            ELSE [{'projectId': pr.project_id, 'name': pr.name}] END,
                           'matchSnippet': tb_match_snippet(p.title || chr(10) || p.markdown, $words)}
                          ORDER BY p.updated_at DESC, p.note_id DESC)
              FROM page p
              LEFT JOIN linked_sessions ls ON ls.note_id = p.note_id
              LEFT JOIN linked_topics lt ON lt.note_id = p.note_id
              LEFT JOIN projects pr ON pr.project_id = p.project_id AND pr.trashed_at IS NULL), []) AS items,
    (SELECT count(*) FROM hits) AS "totalCount"
