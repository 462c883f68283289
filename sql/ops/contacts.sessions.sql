-- name: contacts.sessions
-- returns: many
-- params: $workspace_id, $contact_id, $limit, $offset
-- The sessions (not in the Trash) where one of the person's speakers has a turn (the participant
-- `spoke`, migration 1040), newest first. The page is chosen first, then only its sessions' turns
-- are read, by their integer key (a join, so that only their row groups are read: migration 0850):
-- the cost is the page's, not the archive's.
-- Talk time is the sum of their turns; share divides it by every speaker's talk time in that
-- session. `speaker` is the name of the first of their speakers to talk there, null when it has
-- none: the handler (directory.sessions) names those as the session page does (talkbar/speaker_names.py,
-- for the page's sessions only), the value sessions.transcript's speaker filter takes. Fetches one
-- row more than the page to tell whether there is a next one.
WITH theirs AS (
    SELECT p.session_id, p.speaker_id, p.name, p.excluded_from_ai, s.session_no, s.started_at_ms
    FROM session_participants p
    JOIN sessions s ON s.session_id = p.session_id AND s.workspace_id = $workspace_id AND s.trashed_at IS NULL
    WHERE p.workspace_id = $workspace_id AND p.contact_id = $contact_id AND p.spoke
),
page AS (
    SELECT DISTINCT session_id, session_no, started_at_ms FROM theirs
    ORDER BY started_at_ms DESC, session_id
    LIMIT $limit + 1 OFFSET $offset
),
talk AS (
    SELECT k.session_id, t.speaker_id, sum(t.end_ms - t.start_ms) AS ms, min(t.seq) AS first_seq
    FROM turns t JOIN page k ON k.session_no = t.session_no
    GROUP BY k.session_id, t.speaker_id
),
ranked AS (
    SELECT *, sum(ms) OVER (PARTITION BY session_id) AS session_ms
    FROM talk
),
per_session AS (
    SELECT session_id, arg_min(t.speaker_id, r.first_seq) AS speaker_id,
           sum(r.ms) AS ms, max(r.session_ms) AS session_ms, bool_or(t.excluded_from_ai) AS excluded_from_ai
    FROM theirs t
    JOIN ranked r USING (session_id, speaker_id)
    GROUP BY session_id
)
SELECT s.session_id AS "sessionId", s.title, s.started_at_ms AS "startedAtMs", s.ended_at_ms AS "endedAtMs",
       g.name AS speaker, x.ms AS "talkTimeMs", round(x.ms / greatest(x.session_ms, 1), 4) AS share,
       x.excluded_from_ai AS "excludedFromAi", s.private, x.speaker_id AS "speakerId"
FROM per_session x
JOIN sessions s ON s.session_id = x.session_id
JOIN theirs g ON g.session_id = x.session_id AND g.speaker_id = x.speaker_id
ORDER BY s.started_at_ms DESC, s.session_id
