-- name: workspace.search
-- returns: many
-- params: $workspace_id, $keys, $match_all, $limit
-- The best items (search_ranked, sql/schema/0810_search_lists.sql), best first (a match in a name
-- or own text before one in content only, as the spec's scores read); only they are
-- looked up in search_items, with their best passage of indexed content (kind, id, where and what
-- it says). Trash, archive and what to show are read afterwards for them (search.show.*).
SELECT s.kind, s.item_id AS id, r.item, r.own_wins, r.in_title, r.r, d.part, d.t_ms, d.text
FROM (SELECT * FROM search_ranked($workspace_id, $keys, len($keys), $match_all) ORDER BY r DESC, item LIMIT $limit) r
JOIN search_items s ON s.item_no = r.item
LEFT JOIN search_docs d ON d.doc_no = r.doc
WHERE s.workspace_id = $workspace_id
ORDER BY r.r DESC, r.item

-- name: workspace.search:filtered
-- returns: many
-- params: $workspace_id, $keys, $match_all, $kinds, $project_id, $limit
-- The same, for some kinds only and/or the items of one project (people and companies through
-- their project links): the filter comes before the limit.
SELECT s.kind, s.item_id AS id, r.item, r.own_wins, r.in_title, r.r, d.part, d.t_ms, d.text
FROM (SELECT r.* FROM search_ranked($workspace_id, $keys, len($keys), $match_all) r
      JOIN search_items s ON s.item_no = r.item
      WHERE ($kinds IS NULL OR list_contains($kinds, s.kind))
        AND ($project_id IS NULL
             OR (s.kind, s.item_id) IN (SELECT kind, item_id FROM search_project_items WHERE project_id = $project_id))
      ORDER BY r.r DESC, r.item LIMIT $limit) r
JOIN search_items s ON s.item_no = r.item
LEFT JOIN search_docs d ON d.doc_no = r.doc
WHERE s.workspace_id = $workspace_id
ORDER BY r.r DESC, r.item
