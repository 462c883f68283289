-- name: topics.rename
-- returns: one
-- params: $workspace_id, $topic_id, $name, $color, $now_ms
-- Only what is given changes (null keeps the name or the color).
UPDATE topics SET name = coalesce($name, name), color = coalesce($color, color),
                  updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND topic_id = $topic_id
RETURNING topic_id AS "topicId", name, color
