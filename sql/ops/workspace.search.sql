-- name: workspace.search
-- returns: many
-- params: $workspace_id, $keys, $n_terms, $match_all, $kinds, $limit
-- The best items by BM25 over our postings (the macro search_ranked, sql/schema/0400_search.sql),
-- in one query: those holding more of the query's words first (a natural-language request finds
-- the passage with all its words before a title with one of them), then by score. Trash, archive and what to show are read afterwards for these few ids only
-- (search.show.*): DuckDB plans every query anew, and planning grows with every join.
SELECT kind, id, item, own_wins, in_title, score
FROM search_ranked($workspace_id, $keys, $n_terms, $match_all)
WHERE $kinds IS NULL OR list_contains($kinds, kind)
ORDER BY words DESC, score DESC, id
LIMIT $limit

-- name: workspace.search:in_project
-- returns: many
-- params: $workspace_id, $keys, $n_terms, $match_all, $kinds, $project_id, $limit
-- The same, for the items of one project (people and companies through their project links).
SELECT kind, id, item, own_wins, in_title, score
FROM search_ranked($workspace_id, $keys, $n_terms, $match_all)
WHERE ($kinds IS NULL OR list_contains($kinds, kind))
  AND (kind, id) IN (SELECT kind, item_id FROM search_project_items WHERE project_id = $project_id)
ORDER BY words DESC, score DESC, id
LIMIT $limit
