-- name: topics.list
-- returns: one
-- params: $workspace_id
-- Every topic of the workspace, by name.
SELECT coalesce(list({'topicId': topic_id, 'name': name, 'color': color} ORDER BY lower(name), topic_id), [])
       AS topics
FROM topics
WHERE workspace_id = $workspace_id
