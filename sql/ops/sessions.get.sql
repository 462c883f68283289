-- name: sessions.get
-- returns: one
-- params: $workspace_id, $session_id
-- One session with the fields of sessions.list, its integer key (its turns are read by it) and
-- trashedAt (the handler refuses a trashed session, then drops both). talkbar/ops/session_reads.py
-- reads the counts (speakers: session_speakers.spoken), the shown summary and the action items
-- beside it and fills the null fields here, which hold the answer's order: a few small
-- statements cost DuckDB less to plan than one that joins them.
SELECT session_id AS "sessionId", title, status, started_at_ms AS "startedAtMs", ended_at_ms AS "endedAtMs",
       project_id AS "projectId", series_id AS "seriesId", NULL AS "participantCount", pinned, source, private,
       NULL AS "speakerCount", workspace_id AS "workspaceId", session_type AS "sessionType",
       created_at AS "createdAt", updated_at AS "updatedAt", revision, NULL AS summary,
       session_no AS "sessionNo", trashed_at AS "trashedAt"
FROM sessions
WHERE workspace_id = $workspace_id AND session_id = $session_id

-- name: sessions.get:participants
-- returns: value
-- params: $session_id
-- participantCount: everyone in the session (speakerCount counts only those who spoke).
SELECT count(*) FROM session_participants WHERE session_id = $session_id

-- name: sessions.get:summary
-- returns: value
-- params: $session_id
-- The shown summary (tb_summary_order: the selected one) and which model wrote it; null when the
-- session has none. Its sections come from sessions.get:sections beside it (joined here, the two
-- cost DuckDB 5.5 ms a session of 100,000 to plan and run, apart 2.1 ms).
SELECT arg_min({'length': length, 'text': text, 'provider': provider, 'model': model, 'edited': edited},
               tb_summary_order(selected, length))
FROM summaries
WHERE session_id = $session_id

-- name: sessions.get:sections
-- returns: many
-- params: $session_id
-- The sections of every summary of the session, each summary's in order; the handler keeps the
-- shown summary's.
SELECT length, key, title, text
FROM summary_sections
WHERE session_id = $session_id
ORDER BY length, ord
