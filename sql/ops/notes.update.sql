-- name: notes.update
-- returns: exec
-- params: $workspace_id, $note_id, $title, $markdown, $now_ms
-- Title and/or the whole text; a title alone keeps the text and what is embedded in it. Replacing
-- the text replaces embedded content too (the handler asked for force first).
UPDATE notes SET
    title = coalesce($title, title),
    markdown = coalesce($markdown, markdown),
    has_embedded_content = CASE WHEN $markdown IS NULL THEN has_embedded_content ELSE false END,
    updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND note_id = $note_id
