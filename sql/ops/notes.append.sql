-- name: notes.append
-- returns: exec
-- params: $workspace_id, $note_id, $markdown, $now_ms
-- Appended in the database, not read-modify-write, so appends never lose each other; what is added
-- starts on a line of its own.
UPDATE notes SET
    markdown = CASE WHEN markdown = '' OR suffix(markdown, chr(10)) THEN markdown || $markdown
                    ELSE markdown || chr(10) || $markdown END,
    updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND note_id = $note_id

-- name: notes.append:length
-- returns: value
-- params: $workspace_id, $note_id
-- How long the note is now: an append may not take it past the limit of one text argument.
SELECT length(markdown) FROM notes WHERE workspace_id = $workspace_id AND note_id = $note_id
