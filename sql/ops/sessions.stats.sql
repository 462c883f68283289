-- name: sessions.stats
-- returns: one
-- params: $workspace_id, $session_id, $now_ms
-- The numbers of the session page, without any text. A session that records runs until now; one
-- that stopped without an end (interrupted) until its last recorded moment. Recorded time is the
-- sum of the recording runs, breaks are the pauses between them. Speakers in the order they first
-- spoke, those who never spoke last; share is of the total talk time.
WITH s AS (
    SELECT * FROM sessions WHERE workspace_id = $workspace_id AND session_id = $session_id
),
t AS (
    SELECT count(*) AS turns, coalesce(sum(length(text)), 0) AS chars,
           coalesce(sum(end_ms - start_ms), 0) AS talk_ms, count(DISTINCT speaker_id) AS speakers,
           max(end_ms) AS last_end
    FROM turns WHERE session_id = $session_id
),
runs AS (
    SELECT count(*) AS n, max(coalesce(end_ms, start_ms)) AS last_end
    FROM recording_runs WHERE session_id = $session_id
),
clock AS (
    SELECT CASE WHEN s.status = 'recording' THEN greatest($now_ms - s.started_at_ms, 0)
                WHEN s.ended_at_ms IS NOT NULL THEN s.ended_at_ms - s.started_at_ms
                ELSE greatest(coalesce(runs.last_end, 0), coalesce(t.last_end, 0)) END AS elapsed
    FROM s, t, runs
),
spk AS (
    SELECT * FROM tb_session_speakers($session_id)
)
SELECT s.session_id AS "sessionId", s.status, s.session_type AS "sessionType", s.private,
       s.started_at_ms AS "startedAtMs", s.ended_at_ms AS "endedAtMs", clock.elapsed AS "elapsedMs",
       (SELECT coalesce(sum(coalesce(r.end_ms, clock.elapsed) - r.start_ms), 0)
        FROM recording_runs r WHERE r.session_id = $session_id) AS "recordedMs",
       runs.n AS "recordingRuns", greatest(runs.n - 1, 0) AS breaks,
       t.turns, t.chars AS "transcriptChars", t.speakers AS "speakerCount", t.talk_ms AS "talkTimeMs",
       coalesce((SELECT list({'speakerId': spk.speaker_id, 'contactId': spk.contact_id, 'name': spk.name,
                              'isUser': spk.is_user, 'excludedFromAi': spk.excluded_from_ai,
                              'talkTimeMs': spk.talk_ms,
                              'share': CASE WHEN t.talk_ms > 0 THEN round(spk.talk_ms / t.talk_ms, 4) ELSE 0 END,
                              'turns': spk.turns}
                             ORDER BY spk.first_seq NULLS LAST, spk.ord)
                 FROM spk), []) AS speakers,
       (SELECT {'length': sel.length, 'provider': sel.provider, 'model': sel.model, 'edited': sel.edited,
                'lengths': (SELECT list({'length': x.length, 'provider': x.provider, 'model': x.model,
                                         'edited': x.edited}
                                        ORDER BY list_position(['short', 'standard', 'detailed'], x.length), x.length)
                            FROM summaries x WHERE x.session_id = $session_id)}
        FROM summaries sel WHERE sel.session_id = $session_id
        ORDER BY tb_summary_order(sel.selected, sel.length) LIMIT 1) AS summary
FROM s, t, runs, clock
