-- name: markers.delete
-- returns: exec
-- params: $workspace_id, $marker_id
-- Bookmarks have no Trash: deleting one is final, as in the app.
DELETE FROM markers WHERE workspace_id = $workspace_id AND marker_id = $marker_id

-- name: markers.delete:answer
-- returns: one
-- params: $workspace_id, $marker_id
-- What the answer names, read before the bookmark goes.
SELECT marker_id AS "markerId", session_id AS "sessionId", true AS deleted
FROM markers WHERE workspace_id = $workspace_id AND marker_id = $marker_id
