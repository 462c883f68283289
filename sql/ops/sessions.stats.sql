-- name: sessions.stats
-- returns: one
-- params: $workspace_id, $session_id
-- The session's own numbers, its integer key (the reads beside it find its turns by it) and
-- trashedAt (the handler refuses a trashed session, then drops the field). talkbar/ops/session_reads.py
-- reads the speakers (session_speakers.of_one, .spoken), the recording runs and the summaries
-- beside each other, then adds up: a few small statements cost DuckDB less to plan than one that
-- joins them (4–6 ms against 12–19 ms a session).
SELECT session_id AS "sessionId", status, session_type AS "sessionType", private,
       started_at_ms AS "startedAtMs", ended_at_ms AS "endedAtMs", session_no AS "sessionNo",
       trashed_at AS "trashedAt"
FROM sessions
WHERE workspace_id = $workspace_id AND session_id = $session_id

-- name: sessions.stats:chars
-- returns: value
-- params: $session_no
-- The transcript's length in characters, by the session's integer key (its row groups only).
SELECT coalesce(sum(length(text)), 0) FROM turns WHERE session_no = $session_no

-- name: sessions.stats:runs
-- returns: one
-- params: $session_id
-- The recording runs: how many, when the last one ended (or began, if open), the length of the
-- closed ones, and how many are open and since when (an open run lasts until the elapsed time).
SELECT count(*) AS n, max(coalesce(end_ms, start_ms)) AS "lastEnd",
       coalesce(sum(end_ms - start_ms), 0) AS "closedMs", count(*) FILTER (WHERE end_ms IS NULL) AS "openCount",
       coalesce(sum(start_ms) FILTER (WHERE end_ms IS NULL), 0) AS "openStart"
FROM recording_runs
WHERE session_id = $session_id

-- name: sessions.stats:summary
-- returns: one
-- params: $session_id
-- The shown summary's model (tb_summary_order: the selected one) and every length there is, in
-- the order short, standard, detailed; null when the session has none.
SELECT CASE WHEN count(*) > 0 THEN
           struct_insert(arg_min({'length': length, 'provider': provider, 'model': model, 'edited': edited},
                                 tb_summary_order(selected, length)),
                         lengths := list({'length': length, 'provider': provider, 'model': model, 'edited': edited}
                                         ORDER BY list_position(['short', 'standard', 'detailed'], length), length))
       END AS summary
FROM summaries
WHERE session_id = $session_id
