-- name: topics.assign
-- returns: exec
-- params: $session_id, $topic_id
-- Tag one session or one note (the other id is null); a tag already there stays as it is (no row
-- changes, so the session's page revision does not move).
INSERT INTO session_topics (session_id, topic_id)
SELECT $session_id, $topic_id
WHERE $session_id IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM session_topics WHERE session_id = $session_id AND topic_id = $topic_id)

-- name: topics.assign:note
-- returns: exec
-- params: $note_id, $topic_id
INSERT INTO note_topics (note_id, topic_id)
SELECT $note_id, $topic_id
WHERE $note_id IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM note_topics WHERE note_id = $note_id AND topic_id = $topic_id)

