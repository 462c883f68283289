-- name: knowledge_card.one
-- returns: one
-- params: $workspace_id, $memory_id
-- A knowledge card as every card operation returns it (knowledge_card_rows).
SELECT unnest(shown) FROM knowledge_card_rows WHERE workspace_id = $workspace_id AND memory_id = $memory_id

-- name: knowledge_card.insert
-- returns: exec
-- params: $workspace_id, $memory_id, $title, $body, $type, $pinned, $confidence, $project_id, $session_id, $created_by, $now_ms
-- Every new card is approved at once: cards waiting for review are suggestions, not cards.
INSERT INTO knowledge_cards (workspace_id, memory_id, title, body, type, status, pinned, confidence,
                             project_id, session_id, created_by, created_at, updated_at)
VALUES ($workspace_id, $memory_id, $title, coalesce($body, ''), $type, 'approved', coalesce($pinned, false),
        $confidence, $project_id, $session_id, $created_by, $now_ms, $now_ms)

-- name: knowledge_card.insert_sources
-- returns: exec
-- params: $memory_id, $source_types, $source_ids, $at_ms, $quotes
-- A new card's sources, in the order given (parallel lists, one row each).
INSERT INTO knowledge_sources (memory_id, ord, source_type, source_id, at_ms, quote)
SELECT $memory_id, generate_subscripts($source_types, 1) - 1, unnest($source_types), unnest($source_ids),
       unnest($at_ms), coalesce(unnest($quotes), '')

-- name: knowledge_card.update
-- returns: exec
-- params: $workspace_id, $memory_id, $title, $body, $type, $now_ms
-- Title, text and type change only when given (none of them can be cleared).
UPDATE knowledge_cards SET
    title = coalesce($title, title),
    body = coalesce($body, body),
    type = coalesce($type, type),
    updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND memory_id = $memory_id

-- name: knowledge_card.set_status
-- returns: exec
-- params: $workspace_id, $memory_id, $status, $now_ms
-- A card's status move, run only for a move its operation's row allows (`status`: never to the
-- status the card already has, so a repeated archive keeps the first date). Only approved cards stay pinned,
-- and coming back to approved does not pin again; the archive date is when the card went there.
UPDATE knowledge_cards SET
    status = $status,
    pinned = pinned AND $status = 'approved',
    archived_at_ms = CASE WHEN $status = 'archived' THEN $now_ms END,
    updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND memory_id = $memory_id
