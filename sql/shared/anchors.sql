-- Placing an item at a moment of its session, by the bookmark rules (markers.create): a turn, a
-- chunk (its first turn), a timeline point, a moment, or a quote that finds its one turn.

-- name: anchors.turn
-- returns: one
-- params: $workspace_id, $session_id, $turn_id
SELECT turn_id AS "turnId", chunk_id AS "chunkId", start_ms AS "startMs", end_ms AS "endMs"
FROM turns
WHERE workspace_id = $workspace_id AND session_id = $session_id AND turn_id = $turn_id

-- name: anchors.chunk
-- returns: one
-- params: $workspace_id, $session_id, $chunk_id
-- A chunk spans its turns; an item on it sits at its first turn.
SELECT min(start_ms) AS "startMs", max(end_ms) AS "endMs"
FROM turns
WHERE workspace_id = $workspace_id AND session_id = $session_id AND chunk_id = $chunk_id
HAVING count(*) > 0

-- name: anchors.point
-- returns: one
-- params: $workspace_id, $session_id, $point_id
-- A timeline point lasts until the next point with a moment.
SELECT p.at_ms AS "startMs",
       (SELECT min(q.at_ms) FROM timeline_points q
        WHERE q.session_id = p.session_id AND q.seq > p.seq AND q.at_ms IS NOT NULL) AS "endMs"
FROM timeline_points p
WHERE p.workspace_id = $workspace_id AND p.session_id = $session_id AND p.point_id = $point_id

-- name: anchors.quote_turns
-- returns: many
-- params: $workspace_id, $session_id, $quote, $turn_id, $chunk_id, $from_ms, $to_ms, $at_ms
-- The turns whose text holds the quote (folded like list filters, whitespace evened out), within
-- whatever else placed the item; three are enough to tell "one" from "several".
SELECT turn_id AS "turnId", chunk_id AS "chunkId", start_ms AS "startMs", end_ms AS "endMs"
FROM turns
WHERE workspace_id = $workspace_id AND session_id = $session_id
  AND contains(tb_fold(regexp_replace(text, '\s+', ' ', 'g')), tb_fold(regexp_replace(trim($quote), '\s+', ' ', 'g')))
  AND ($turn_id IS NULL OR turn_id = $turn_id)
  AND ($chunk_id IS NULL OR chunk_id = $chunk_id)
  AND ($from_ms IS NULL OR end_ms >= $from_ms)
  AND ($to_ms IS NULL OR start_ms <= $to_ms)
  AND ($at_ms IS NULL OR (start_ms <= $at_ms AND $at_ms <= end_ms))
ORDER BY seq
LIMIT 3
