-- name: sessions.recording
-- returns: one
-- params: $workspace_id, $now_ms
-- The session recording right now: the newest one marked recording (the app marks a stale one
-- interrupted when it starts). Elapsed time is wall clock since its start, pauses included.
SELECT session_id AS "sessionId", title, started_at_ms AS "startedAtMs",
       greatest($now_ms - started_at_ms, 0) AS "elapsedMs", revision
FROM sessions
WHERE workspace_id = $workspace_id AND status = 'recording' AND trashed_at IS NULL
ORDER BY started_at_ms DESC, session_id DESC
LIMIT 1
