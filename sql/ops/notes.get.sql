-- name: notes.get
-- returns: one
-- params: $workspace_id, $note_id
-- The note's whole Markdown (the engine pages it by maxChars/offset) and its links (note_links_of).
SELECT n.note_id AS "noteId", n.workspace_id AS "workspaceId", n.title, n.markdown, n.pinned,
       n.created_at AS "createdAt", n.updated_at AS "updatedAt",
       {'sessions': l.sessions, 'topics': l.topics, 'projects': l.projects} AS links
FROM notes n
JOIN note_links_of([$note_id]) l ON l.note_id = n.note_id
WHERE n.workspace_id = $workspace_id AND n.note_id = $note_id
