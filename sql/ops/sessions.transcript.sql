-- name: sessions.transcript
-- returns: one
-- params: $workspace_id, $session_id
-- The session the transcript is of, its integer key (the page reads its turns by it) and
-- trashedAt (session_lookup.read_live refuses a trashed session). talkbar/ops/transcript.py reads
-- the speakers' shown names beside it (talkbar/speaker_names.py), then the turns.
SELECT session_id AS "sessionId", title, started_at_ms AS "startedAtMs", private, status,
       session_no AS "sessionNo", trashed_at AS "trashedAt"
FROM sessions
WHERE workspace_id = $workspace_id AND session_id = $session_id

-- name: sessions.transcript:turns
-- returns: many
-- params: $session_no, $speaker_ids, $speaker_names, $speaker, $after_ms, $after_turn_id
-- The turns a page is cut from, in the page's order, each with its moment as the page writes it
-- (tb_clock). Two orders:
-- - by position ($after_ms null): every turn in transcript order;
-- - by change (the cursor): the turns added or changed after ($after_ms, $after_turn_id), in the
--   order of their change. changed_at_ms is strictly increasing per session, so a reader that
--   passes each nextCursor back sees every change exactly once.
-- With $speaker, only the turns of the speakers whose shown name ($speaker_ids and $speaker_names
-- side by side) holds it, folded (case and accents ignored, tb_fold). talkbar/ops/transcript.py
-- names the speakers, writes the lines and cuts the page: the windows that did it here cost DuckDB
-- more (6.9 ms a 300-turn session) than reading the turns (2.5 ms). By the session's integer key:
-- only the row groups that hold its turns.
SELECT turn_id AS "turnId", chunk_id AS "chunkId", start_ms AS "startMs", end_ms AS "endMs",
       speaker_id AS "speakerId", text, translated_text AS "translatedText", provisional,
       changed_at_ms AS "changedAtMs", tb_clock(start_ms) AS clock
FROM turns
WHERE session_no = $session_no
  AND ($speaker IS NULL
       OR list_contains([x[1] FOR x IN list_zip($speaker_ids::VARCHAR[], $speaker_names::VARCHAR[])
                         IF contains(tb_fold(x[2]), tb_fold($speaker))], speaker_id))
  AND ($after_ms IS NULL OR changed_at_ms > $after_ms OR (changed_at_ms = $after_ms AND turn_id > $after_turn_id))
ORDER BY CASE WHEN $after_ms IS NULL THEN seq ELSE changed_at_ms END, turn_id
