-- name: markers.rows
-- returns: many
-- params: $workspace_id, $session_id, $marker_id
-- Bookmarks in the shape every markers.* answer uses: a session's (by moment), or one by id.
SELECT marker_id AS "markerId", session_id AS "sessionId", kind, body, quote, at_ms AS "atMs",
       turn_id AS "turnId", chunk_id AS "chunkId", point_id AS "pointId", color, updated_at AS "updatedAt"
FROM markers
WHERE workspace_id = $workspace_id
  AND ($session_id IS NULL OR session_id = $session_id)
  AND ($marker_id IS NULL OR marker_id = $marker_id)
ORDER BY at_ms, created_at, marker_id

-- name: markers.find
-- returns: one
-- params: $workspace_id, $marker_id
-- A bookmark of this workspace and the session it belongs to (checked like any session).
SELECT marker_id AS "markerId", session_id AS "sessionId"
FROM markers
WHERE workspace_id = $workspace_id AND marker_id = $marker_id
