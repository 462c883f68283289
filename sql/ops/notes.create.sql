-- name: notes.create
-- returns: exec
-- params: $workspace_id, $note_id, $title, $markdown, $pinned, $project_id, $now_ms
-- A new note is never a session's own note (those come with their session).
INSERT INTO notes (workspace_id, note_id, title, markdown, pinned, project_id, owner_session_id,
                   has_embedded_content, trashed_at, created_at, updated_at)
VALUES ($workspace_id, $note_id, coalesce($title, ''), coalesce($markdown, ''), coalesce($pinned, false),
        $project_id, NULL, false, NULL, $now_ms, $now_ms)
