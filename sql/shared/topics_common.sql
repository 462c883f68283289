-- name: topics.name_taken
-- returns: value
-- params: $workspace_id, $topic_id, $name
-- Another topic of this workspace with this name (case ignored); $topic_id is the one renamed.
SELECT topic_id FROM topics
WHERE workspace_id = $workspace_id AND lower(name) = lower($name)
  AND ($topic_id IS NULL OR topic_id <> $topic_id)
LIMIT 1

-- name: topics.of_item
-- returns: one
-- params: $workspace_id, $session_id, $note_id
-- The topics of one session or one note (the other id is null), by name, as topics.assign and
-- topics.unassign answer.
SELECT $session_id AS "sessionId", $note_id AS "noteId",
       coalesce(list({'topicId': t.topic_id, 'name': t.name, 'color': t.color} ORDER BY lower(t.name), t.topic_id), [])
       AS topics
FROM topics t
WHERE t.workspace_id = $workspace_id
  AND t.topic_id IN (SELECT topic_id FROM session_topics WHERE session_id = $session_id
                     UNION ALL
                     SELECT topic_id FROM note_topics WHERE note_id = $note_id)
