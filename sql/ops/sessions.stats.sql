-- name: sessions.stats
-- returns: one
-- params: $workspace_id, $session_id, $now_ms
-- The numbers of the session page, without any text, in one statement that also says whether the
-- session is in the Trash (trashedAt: the handler refuses it, then drops the field). A session that
-- records runs until now; one that stopped without an end (interrupted) until its last recorded
-- moment. Recorded time is the sum of the recording runs (an open run until the elapsed time),
-- breaks are the pauses between them. Speakers in the order they first spoke, those who never
-- spoke last; share is of the total talk time. The turns are read once, by the session's integer
-- key, through tb_session_speakers, whose rows also give the totals (every turn's speaker is a
-- participant: the importer and the recorder see to it); the other tables by their session index.
WITH s AS (
    SELECT session_id, status, session_type, private, started_at_ms, ended_at_ms, trashed_at
    FROM sessions WHERE workspace_id = $workspace_id AND session_id = $session_id
),
spk AS (
    SELECT * FROM tb_session_speakers($session_id)
),
t AS (
    SELECT coalesce(sum(turns), 0) AS turns, coalesce(sum(chars), 0) AS chars,
           coalesce(sum(talk_ms), 0) AS talk_ms, count(*) FILTER (WHERE turns > 0) AS speakers,
           max(last_end) AS last_end,
           list({'speakerId': speaker_id, 'contactId': contact_id, 'name': name, 'isUser': is_user,
                 'excludedFromAi': excluded_from_ai, 'talkTimeMs': talk_ms, 'turns': turns}
                ORDER BY first_seq NULLS LAST, ord) AS speakers_list
    FROM spk
),
runs AS (
    SELECT count(*) AS n, max(coalesce(end_ms, start_ms)) AS last_end,
           coalesce(sum(end_ms - start_ms), 0) AS closed_ms, count(*) FILTER (WHERE end_ms IS NULL) AS open_n,
           coalesce(sum(start_ms) FILTER (WHERE end_ms IS NULL), 0) AS open_start
    FROM recording_runs WHERE session_id = $session_id
),
sm AS (
    SELECT arg_min({'length': length, 'provider': provider, 'model': model, 'edited': edited},
                   tb_summary_order(selected, length)) AS shown,
           list({'length': length, 'provider': provider, 'model': model, 'edited': edited}
                ORDER BY list_position(['short', 'standard', 'detailed'], length), length) AS lengths
    FROM summaries WHERE session_id = $session_id
),
clock AS (
    SELECT CASE WHEN s.status = 'recording' THEN greatest($now_ms - s.started_at_ms, 0)
                WHEN s.ended_at_ms IS NOT NULL THEN s.ended_at_ms - s.started_at_ms
                ELSE greatest(coalesce(runs.last_end, 0), coalesce(t.last_end, 0)) END AS elapsed
    FROM s, t, runs
)
SELECT s.session_id AS "sessionId", s.status, s.session_type AS "sessionType", s.private,
       s.started_at_ms AS "startedAtMs", s.ended_at_ms AS "endedAtMs", clock.elapsed AS "elapsedMs",
       runs.closed_ms + runs.open_n * clock.elapsed - runs.open_start AS "recordedMs",
       runs.n AS "recordingRuns", greatest(runs.n - 1, 0) AS breaks,
       t.turns, t.chars AS "transcriptChars", t.speakers AS "speakerCount", t.talk_ms AS "talkTimeMs",
       [{'speakerId': x.speakerId, 'contactId': x.contactId, 'name': x.name, 'isUser': x.isUser,
         'excludedFromAi': x.excludedFromAi, 'talkTimeMs': x.talkTimeMs,
         'share': CASE WHEN t.talk_ms > 0 THEN round(x.talkTimeMs / t.talk_ms, 4) ELSE 0 END, 'turns': x.turns}
        FOR x IN coalesce(t.speakers_list, [])] AS speakers,
       CASE WHEN sm.shown IS NOT NULL THEN struct_insert(sm.shown, lengths := sm.lengths) END AS summary,
       s.trashed_at AS "trashedAt"
FROM s, t, runs, sm, clock
