-- name: markers.delete
-- returns: exec
-- params: $workspace_id, $marker_id
-- Bookmarks have no Trash: deleting one is final, as in the app.
DELETE FROM markers WHERE workspace_id = $workspace_id AND marker_id = $marker_id
