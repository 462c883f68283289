-- name: session_lookup.any
-- returns: one
-- params: $workspace_id, $session_id
-- One session of this workspace in whatever state (in the Trash too), with what every session
-- operation checks first: unknown -> not_found, trashed -> "restore it first", recording -> the
-- refusals of participant changes and trash (talkbar/ops/session_lookup.py).
SELECT session_id AS "sessionId", title, status, started_at_ms AS "startedAtMs",
       ended_at_ms AS "endedAtMs", project_id AS "projectId", private, memory_mode AS "memoryMode",
       trashed_at AS "trashedAt", revision
FROM sessions
WHERE workspace_id = $workspace_id AND session_id = $session_id
