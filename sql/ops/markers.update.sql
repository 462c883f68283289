-- name: markers.update
-- returns: exec
-- params: $workspace_id, $marker_id, $body, $color, $now_ms
-- Only what is given changes (null keeps the note or the colour).
UPDATE markers SET body = coalesce($body, body), color = coalesce($color, color),
    updated_at = greatest($now_ms, coalesce(updated_at, 0) + 1)
WHERE workspace_id = $workspace_id AND marker_id = $marker_id
