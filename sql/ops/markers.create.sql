-- name: markers.create
-- returns: exec
-- params: $workspace_id, $marker_id, $session_id, $body, $quote, $at_ms, $turn_id, $chunk_id, $point_id, $color, $now_ms
-- A bookmark keeps its moment as well as the ids it was placed with, so the app can place it
-- again after the transcript improves.
INSERT INTO markers (workspace_id, marker_id, session_id, kind, body, quote, at_ms, turn_id, chunk_id,
                     point_id, color, created_at, updated_at)
VALUES ($workspace_id, $marker_id, $session_id, 'bookmark', $body, $quote, $at_ms, $turn_id, $chunk_id,
        $point_id, $color, $now_ms, $now_ms)
