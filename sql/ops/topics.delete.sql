-- name: topics.delete
-- returns: one
-- params: $workspace_id, $topic_id
-- Topics have no Trash: the topic goes (after topics.delete:sessions and :notes took it off).
DELETE FROM topics WHERE workspace_id = $workspace_id AND topic_id = $topic_id
RETURNING topic_id AS "topicId", true AS deleted

-- name: topics.delete:sessions
-- returns: exec
-- params: $workspace_id, $topic_id
-- The topic comes off every session of the workspace (the engine moved their pages' revisions).
DELETE FROM session_topics
WHERE topic_id = $topic_id
  AND session_id IN (SELECT session_id FROM sessions WHERE workspace_id = $workspace_id)

-- name: topics.delete:notes
-- returns: exec
-- params: $workspace_id, $topic_id
-- ... and off every note.
DELETE FROM note_topics
WHERE topic_id = $topic_id
  AND note_id IN (SELECT note_id FROM notes WHERE workspace_id = $workspace_id)
