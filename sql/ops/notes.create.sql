-- name: notes.create
-- returns: one
-- params: $workspace_id, $note_id, $title, $markdown, $pinned, $project_id, $now_ms
-- A new note is never a session's own note (those come with their session). It answers in the
-- shape of notes.written with its projectId, so that a note linked to no session needs no read back.
INSERT INTO notes (workspace_id, note_id, title, markdown, pinned, project_id, owner_session_id,
                   has_embedded_content, trashed_at, created_at, updated_at)
VALUES ($workspace_id, $note_id, coalesce($title, ''), coalesce($markdown, ''), coalesce($pinned, false),
        $project_id, NULL, false, NULL, $now_ms, $now_ms)
RETURNING note_id AS "noteId", title, pinned, owner_session_id AS "sessionId", updated_at AS "updatedAt",
          project_id AS "projectId"
