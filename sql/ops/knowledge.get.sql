-- name: knowledge.get
-- returns: many
-- params: $memory_id
-- The card's sources in their order; the card itself is knowledge_card.one.
SELECT source_type AS "sourceType", source_id AS "sourceId", at_ms AS "atMs", quote, locator, status
FROM knowledge_sources
WHERE memory_id = $memory_id
ORDER BY ord
