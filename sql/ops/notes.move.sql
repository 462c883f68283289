-- name: notes.move
-- returns: exec
-- params: $workspace_id, $note_id, $set_project_id, $project_id, $now_ms
-- The project only when given (null takes the note out of its project); the sessions follow.
UPDATE notes SET
    project_id = CASE WHEN $set_project_id THEN $project_id ELSE project_id END,
    updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND note_id = $note_id

-- name: notes.move:unlink
-- returns: exec
-- params: $note_id, $set_session_ids
-- A new session list (when given) replaces the old one, linked after by notes.link_sessions; the
-- link to the note's own session always stays.
DELETE FROM note_sessions
WHERE $set_session_ids AND note_id = $note_id
  AND session_id IS DISTINCT FROM (SELECT owner_session_id FROM notes WHERE note_id = $note_id)
