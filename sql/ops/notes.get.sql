-- name: notes.get
-- returns: one
-- params: $workspace_id, $note_id
-- The note's whole Markdown: the handler pages it by maxChars/offset and adds its links.
SELECT note_id AS "noteId", workspace_id AS "workspaceId", title, markdown, pinned,
       created_at AS "createdAt", updated_at AS "updatedAt"
FROM notes
WHERE workspace_id = $workspace_id AND note_id = $note_id
