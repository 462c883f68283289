-- name: knowledge.list
-- returns: one
-- params: $workspace_id, $statuses, $types, $project_id, $general_only, $pinned_only, $words, $session_id, $offset, $limit
-- when-null: words tb_card_has_all tb_unfiltered
-- The page (one more than asked: the engine pages it) and the total come from the same matched
-- cards, so they always agree. A session's cards come in session order (session_cards.ord, as
-- sessions.live_cards shows them); otherwise pinned cards first, then the most recently changed.
-- The page is the top of that order (a top-N), not a number given to every card: with 21,600
-- approved cards the first page took 20.0 ms numbered, 8.5 as a top-N (the statement alone, one
-- thread, the same answers). The text filter reads the cards' kept text (tb_card_has_all,
-- sql/schema/1160_card_facts.sql).
WITH matched AS (
    SELECT c.memory_id, c.title, c.type, c.status, c.pinned, c.project_id, c.session_only, c.updated_at,
           sc.ord AS session_ord
    FROM knowledge_cards c
    LEFT JOIN session_cards sc ON sc.memory_id = c.memory_id AND sc.session_id = $session_id
    WHERE c.workspace_id = $workspace_id
      AND list_contains($statuses, c.status)
      AND ($types IS NULL OR list_contains($types, c.type))
      AND ($project_id IS NULL OR c.project_id = $project_id)
      AND (NOT coalesce($general_only, false) OR c.project_id IS NULL)
      AND (NOT coalesce($pinned_only, false) OR c.pinned)
      AND ($session_id IS NULL OR sc.memory_id IS NOT NULL)
      AND tb_card_has_all(c.memory_id, $words)
),
page AS (
    SELECT * FROM matched
    ORDER BY session_ord NULLS LAST, pinned DESC, updated_at DESC, memory_id
    LIMIT $limit + 1 OFFSET $offset
)
SELECT coalesce((SELECT list({'memoryId': memory_id, 'title': title, 'type': type, 'status': status, 'pinned': pinned,
                              'projectId': project_id, 'sessionOnly': session_only, 'updatedAt': updated_at}
                             ORDER BY session_ord NULLS LAST, pinned DESC, updated_at DESC, memory_id)
                 FROM page), []) AS cards,
       (SELECT count(*) FROM matched) AS total
