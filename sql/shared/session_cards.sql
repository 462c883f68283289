-- The knowledge cards taken into a session (at most 24: sessions.cards.*).

-- name: session_cards.state
-- returns: one
-- params: $session_id, $memory_id
-- How many cards the session holds, and whether this one is among them.
SELECT count(*) AS cards, coalesce(bool_or(memory_id = $memory_id), false) AS attached
FROM session_cards
WHERE session_id = $session_id

-- name: session_cards.attach
-- returns: exec
-- params: $session_id, $memory_id, $now_ms
-- A card joins the end of the session's cards.
INSERT INTO session_cards (session_id, memory_id, ord, attached_at)
SELECT $session_id, $memory_id, coalesce(max(ord) + 1, 0), $now_ms
FROM session_cards WHERE session_id = $session_id

-- name: session_cards.detach
-- returns: value
-- params: $session_id, $memory_id
-- The card leaves the session (the card itself stays); nothing when it was not there.
DELETE FROM session_cards WHERE session_id = $session_id AND memory_id = $memory_id
RETURNING memory_id
