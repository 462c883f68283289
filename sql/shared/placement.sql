-- Where a bookmark or an action item sits in its session (talkbar/ops/placement.py). The session's
-- turns are found by its integer key (a join, so that only its row groups are read: migration
-- 0850); by session_id every turn of the archive was read (a quote not found at 6 M turns: 144 ms).

-- name: placement.turn
-- returns: one
-- params: $workspace_id, $session_id, $turn_id
-- A turn of this session: where it lies and which chunk holds it.
SELECT t.turn_id AS "turnId", t.chunk_id AS "chunkId", t.start_ms AS "startMs", t.end_ms AS "endMs"
FROM turns t JOIN sessions s ON s.session_no = t.session_no
WHERE s.workspace_id = $workspace_id AND s.session_id = $session_id AND t.turn_id = $turn_id

-- name: placement.chunk
-- returns: one
-- params: $workspace_id, $session_id, $chunk_id
-- A chunk of the live transcript spans its turns; what is placed on it sits at its first turn.
SELECT arg_min(t.start_ms, t.seq) AS "startMs", max(t.end_ms) AS "endMs"
FROM turns t JOIN sessions s ON s.session_no = t.session_no
WHERE s.workspace_id = $workspace_id AND s.session_id = $session_id AND t.chunk_id = $chunk_id
HAVING count(*) > 0

-- name: placement.point
-- returns: one
-- params: $workspace_id, $session_id, $point_id
-- A timeline point lasts from its moment until the next point that has one (or the end).
SELECT p.at_ms AS "startMs",
       (SELECT min(q.at_ms) FROM timeline_points q
        WHERE q.session_id = p.session_id AND q.seq > p.seq AND q.at_ms IS NOT NULL) AS "endMs"
FROM timeline_points p
WHERE p.workspace_id = $workspace_id AND p.session_id = $session_id AND p.point_id = $point_id

-- name: placement.quote
-- returns: many
-- params: $workspace_id, $session_id, $quote, $turn_id, $chunk_id, $from_ms, $to_ms, $at_ms
-- The turns that hold the quoted words (case, accents and spacing ignored) within whatever else
-- placed it; two are enough to tell "one" from "several".
SELECT t.turn_id AS "turnId", t.start_ms AS "startMs"
FROM turns t JOIN sessions s ON s.session_no = t.session_no
WHERE s.workspace_id = $workspace_id AND s.session_id = $session_id
  AND contains(tb_fold(regexp_replace(t.text, '\s+', ' ', 'g')),
               tb_fold(regexp_replace(trim($quote), '\s+', ' ', 'g')))
  AND ($turn_id IS NULL OR t.turn_id = $turn_id)
  AND ($chunk_id IS NULL OR t.chunk_id = $chunk_id)
  AND ($from_ms IS NULL OR t.end_ms >= $from_ms)
  AND ($to_ms IS NULL OR t.start_ms <= $to_ms)
  AND ($at_ms IS NULL OR (t.start_ms <= $at_ms AND $at_ms <= t.end_ms))
ORDER BY t.seq
LIMIT 2
