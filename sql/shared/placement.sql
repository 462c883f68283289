-- Where a bookmark or an action item sits in its session (talkbar/ops/placement.py).

-- name: placement.turn
-- returns: one
-- params: $workspace_id, $session_id, $turn_id
-- A turn of this session: where it lies and which chunk holds it.
SELECT turn_id AS "turnId", chunk_id AS "chunkId", start_ms AS "startMs", end_ms AS "endMs"
FROM turns
WHERE workspace_id = $workspace_id AND session_id = $session_id AND turn_id = $turn_id

-- name: placement.chunk
-- returns: one
-- params: $workspace_id, $session_id, $chunk_id
-- A chunk of the live transcript spans its turns; what is placed on it sits at its first turn.
SELECT arg_min(start_ms, seq) AS "startMs", max(end_ms) AS "endMs"
FROM turns
WHERE workspace_id = $workspace_id AND session_id = $session_id AND chunk_id = $chunk_id
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
SELECT turn_id AS "turnId", start_ms AS "startMs"
FROM turns
WHERE workspace_id = $workspace_id AND session_id = $session_id
  AND contains(tb_fold(regexp_replace(text, '\s+', ' ', 'g')),
               tb_fold(regexp_replace(trim($quote), '\s+', ' ', 'g')))
  AND ($turn_id IS NULL OR turn_id = $turn_id)
  AND ($chunk_id IS NULL OR chunk_id = $chunk_id)
  AND ($from_ms IS NULL OR end_ms >= $from_ms)
  AND ($to_ms IS NULL OR start_ms <= $to_ms)
  AND ($at_ms IS NULL OR (start_ms <= $at_ms AND $at_ms <= end_ms))
ORDER BY seq
LIMIT 2
