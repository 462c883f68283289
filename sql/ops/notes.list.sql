-- name: notes.list
-- returns: one
-- params: $workspace_id, $project_id, $topic_id, $session_id, $words, $after_updated_at, $after_note_id, $limit
-- when-null: words tb_note_has_all tb_unfiltered
-- One page of live notes, most recently changed first, after the cursor's (updatedAt, noteId), one
-- more than asked (the engine pages it), with the total of all that match. A session's notes are its
-- own note and every note linked to it. Each row carries what the note belongs to (note_links_of, for the page's notes only).
-- The text filter reads the notes' kept text (tb_note_has_all, sql/schema/1140_note_facts.sql).
WITH hits AS (
    SELECT n.note_id, n.title, n.markdown, n.pinned, n.created_at, n.updated_at, n.owner_session_id
    FROM notes n
    WHERE n.workspace_id = $workspace_id AND n.trashed_at IS NULL
      AND ($project_id IS NULL OR n.project_id = $project_id)
      AND ($topic_id IS NULL OR n.note_id IN (SELECT note_id FROM note_topics WHERE topic_id = $topic_id))
      AND ($session_id IS NULL OR n.owner_session_id = $session_id
           OR n.note_id IN (SELECT note_id FROM note_sessions WHERE session_id = $session_id))
      AND tb_note_has_all(n.note_id, $words)
),
page AS (
    SELECT * FROM hits
    WHERE $after_note_id IS NULL OR (updated_at, note_id) < ($after_updated_at, $after_note_id)
    ORDER BY updated_at DESC, note_id DESC
    LIMIT $limit + 1
)
SELECT
    coalesce((SELECT list({'noteId': p.note_id, 'title': p.title, 'snippet': tb_snippet(p.markdown, 160),
                           'pinned': p.pinned, 'createdAt': p.created_at, 'updatedAt': p.updated_at,
                           'sessionId': p.owner_session_id,
                           'sessions': l.sessions, 'topics': l.topics, 'projects': l.projects,
                           'matchSnippet': tb_match_snippet(p.title || chr(10) || p.markdown, $words)}
                          ORDER BY p.updated_at DESC, p.note_id DESC)
              FROM page p JOIN note_links_of((SELECT list(note_id) FROM page)) l ON l.note_id = p.note_id), []) AS items,
    (SELECT count(*) FROM hits) AS "totalCount"
