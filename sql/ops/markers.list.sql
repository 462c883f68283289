-- name: markers.list
-- returns: one
-- params: $workspace_id, $session_id
-- A session's bookmarks (marker_rows) by moment.
SELECT $session_id AS "sessionId",
       coalesce((SELECT list(shown ORDER BY at_ms, created_at, marker_id) FROM marker_rows
                 WHERE workspace_id = $workspace_id AND session_id = $session_id), []) AS markers
