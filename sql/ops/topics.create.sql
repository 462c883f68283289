-- name: topics.create
-- returns: one
-- params: $workspace_id, $topic_id, $name, $color, $now_ms
INSERT INTO topics (workspace_id, topic_id, name, color, created_at, updated_at)
VALUES ($workspace_id, $topic_id, $name, $color, $now_ms, $now_ms)
RETURNING topic_id AS "topicId", name, color
