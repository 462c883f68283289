-- name: markers.one
-- returns: one
-- params: $workspace_id, $marker_id
-- One bookmark (marker_rows), as markers.create and markers.update answer.
SELECT unnest(shown) FROM marker_rows WHERE workspace_id = $workspace_id AND marker_id = $marker_id
