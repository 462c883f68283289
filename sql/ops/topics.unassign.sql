-- name: topics.unassign
-- returns: exec
-- params: $session_id, $topic_id
-- Untag one session (nothing when the tag was not there: its page revision does not move).
DELETE FROM session_topics WHERE session_id = $session_id AND topic_id = $topic_id

-- name: topics.unassign:note
-- returns: exec
-- params: $note_id, $topic_id
DELETE FROM note_topics WHERE note_id = $note_id AND topic_id = $topic_id
