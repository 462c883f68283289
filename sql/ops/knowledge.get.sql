-- name: knowledge.get
-- returns: one
-- params: $workspace_id, $memory_id
-- The card (knowledge_card_rows) and its sources in their order.
SELECT unnest(c.shown),
       coalesce((SELECT list({'sourceType': source_type, 'sourceId': source_id, 'atMs': at_ms, 'quote': quote,
                              'locator': locator, 'status': status} ORDER BY ord)
                 FROM knowledge_sources WHERE memory_id = c.memory_id), []) AS sources
FROM knowledge_card_rows c
WHERE c.workspace_id = $workspace_id AND c.memory_id = $memory_id
