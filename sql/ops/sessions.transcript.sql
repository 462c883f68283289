-- name: sessions.transcript
-- returns: many
-- params: $workspace_id, $session_id, $speaker, $turn_offset, $max_chars
-- One page of whole turns in transcript order, from turn $turn_offset of those whose speaker's
-- shown name holds $speaker (folded: case and accents ignored). Each turn costs its text line
-- `[mm:ss] Name: text` plus a line break; the page takes turns while the text stays within
-- $max_chars, and always at least one so that a long turn is never split. `total` is the number
-- of matching turns (totalTurns); `pos` the turn's place among them.
WITH matching AS (
    SELECT t.turn_id, t.chunk_id, t.start_ms, t.end_ms, t.text, t.translated_text, t.provisional,
           s.name AS speaker, s.is_user, s.excluded_from_ai,
           '[' || tb_clock(t.start_ms) || '] ' || s.name || ': ' || t.text AS line,
           row_number() OVER (ORDER BY t.seq) - 1 AS pos,
           count(*) OVER () AS total
    FROM turns t
    JOIN tb_session_speakers($session_id) s ON s.speaker_id = t.speaker_id
    WHERE t.workspace_id = $workspace_id AND t.session_id = $session_id
      AND ($speaker IS NULL OR contains(tb_fold(s.name), tb_fold($speaker)))
),
page AS (
    SELECT *, sum(length(line) + 1) OVER (ORDER BY pos ROWS UNBOUNDED PRECEDING) AS used
    FROM matching
    WHERE pos >= $turn_offset
)
SELECT turn_id AS "turnId", chunk_id AS "chunkId", start_ms AS "startMs", end_ms AS "endMs", speaker,
       is_user AS "isUser", excluded_from_ai AS "excludedFromAi", text, translated_text AS "translatedText",
       provisional, line, pos, total
FROM page
WHERE pos = $turn_offset OR used <= $max_chars + 1
ORDER BY pos

-- name: sessions.transcript:changes
-- returns: many
-- params: $workspace_id, $session_id, $speaker, $after_ms, $after_turn_id, $max_chars
-- The cursor read: turns added or changed after the cursor ($after_ms, $after_turn_id), in the
-- order of their change, paged like the transcript (whole turns within $max_chars, at least one).
-- changed_at_ms is strictly increasing per session, so a reader that passes each nextCursor back
-- sees every change exactly once. `more` tells whether changes remain beyond this page.
WITH changed AS (
    SELECT t.turn_id, t.chunk_id, t.start_ms, t.end_ms, t.text, t.translated_text, t.provisional,
           t.changed_at_ms, s.name AS speaker, s.is_user, s.excluded_from_ai,
           '[' || tb_clock(t.start_ms) || '] ' || s.name || ': ' || t.text AS line
    FROM turns t
    JOIN tb_session_speakers($session_id) s ON s.speaker_id = t.speaker_id
    WHERE t.workspace_id = $workspace_id AND t.session_id = $session_id
      AND (t.changed_at_ms > $after_ms OR (t.changed_at_ms = $after_ms AND t.turn_id > $after_turn_id))
      AND ($speaker IS NULL OR contains(tb_fold(s.name), tb_fold($speaker)))
),
page AS (
    SELECT *,
           sum(length(line) + 1) OVER (ORDER BY changed_at_ms, turn_id ROWS UNBOUNDED PRECEDING) AS used,
           row_number() OVER (ORDER BY changed_at_ms, turn_id) AS n,
           count(*) OVER () AS total
    FROM changed
)
SELECT turn_id AS "turnId", chunk_id AS "chunkId", start_ms AS "startMs", end_ms AS "endMs", speaker,
       is_user AS "isUser", excluded_from_ai AS "excludedFromAi", text, translated_text AS "translatedText",
       provisional, line, changed_at_ms AS "changedAtMs", n, total
FROM page
WHERE n = 1 OR used <= $max_chars + 1
ORDER BY changed_at_ms, turn_id

-- name: sessions.transcript:head
-- returns: one
-- params: $workspace_id, $session_id
-- What heads every page: the session and the names of the speakers excluded from AI (their turns
-- are marked, never hidden).
SELECT s.session_id AS "sessionId", s.title, s.started_at_ms AS "startedAtMs", s.private,
       s.status = 'recording' AS recording,
       coalesce((SELECT list(x.name ORDER BY x.first_seq NULLS LAST, x.ord)
                 FROM tb_session_speakers($session_id) x WHERE x.excluded_from_ai), []) AS "excludedFromAiSpeakers"
FROM sessions s
WHERE s.workspace_id = $workspace_id AND s.session_id = $session_id

-- name: sessions.transcript:count
-- returns: value
-- params: $workspace_id, $session_id, $speaker
-- How many turns match when a page came back empty: tells an empty transcript from a turnOffset
-- past its end.
SELECT count(*)
FROM turns t
JOIN tb_session_speakers($session_id) s ON s.speaker_id = t.speaker_id
WHERE t.workspace_id = $workspace_id AND t.session_id = $session_id
  AND ($speaker IS NULL OR contains(tb_fold(s.name), tb_fold($speaker)))
