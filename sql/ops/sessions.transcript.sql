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
-- params: $session_no
-- Every turn of the session in transcript order, each with its moment as the page writes it
-- (tb_clock). talkbar/ops/transcript.py names the speakers (their order of first turns is read
-- from these rows), keeps those a speaker filter names, writes the lines and cuts the page: the
-- windows that did it here cost DuckDB more (6.9 ms a 300-turn session) than reading the turns,
-- and so did the filter's conditions (0.9 ms more than this plain read). By the session's
-- integer key: only the row groups that hold its turns.
SELECT turn_id AS "turnId", chunk_id AS "chunkId", start_ms AS "startMs", end_ms AS "endMs",
       speaker_id AS "speakerId", text, translated_text AS "translatedText", provisional,
       changed_at_ms AS "changedAtMs", tb_clock(start_ms) AS clock
FROM turns
WHERE session_no = $session_no
ORDER BY seq, turn_id

-- name: sessions.transcript:changed
-- returns: many
-- params: $session_no, $after_ms, $after_turn_id
-- The turns added or changed after the cursor ($after_ms, $after_turn_id), in the order of their
-- change, as sessions.transcript:turns gives them. changed_at_ms is strictly increasing per
-- session, so a reader that passes each nextCursor back sees every change exactly once.
SELECT turn_id AS "turnId", chunk_id AS "chunkId", start_ms AS "startMs", end_ms AS "endMs",
       speaker_id AS "speakerId", text, translated_text AS "translatedText", provisional,
       changed_at_ms AS "changedAtMs", tb_clock(start_ms) AS clock
FROM turns
WHERE session_no = $session_no
  AND (changed_at_ms > $after_ms OR (changed_at_ms = $after_ms AND turn_id > $after_turn_id))
ORDER BY changed_at_ms, turn_id
