-- name: workspace.search
-- returns: many
-- params: $workspace_id, $keys, $idfs, $avgdl, $n_terms, $match_all, $limit
-- The best items (search_rank, sql/schema/0401_search_rank.sql): those holding more of the
-- query's words first (a natural-language request finds the passage with all its words before a
-- title with one of them), then by score. Only the best few are looked up in search_items; Trash,
-- archive and what to show are read afterwards for them (search.show.*): DuckDB plans every query
-- anew, and planning grows with every join.
SELECT s.kind, s.item_id AS id, r.item, r.own_wins, r.in_title, r.score
FROM (SELECT * FROM search_rank($keys, $idfs, $avgdl, $n_terms, $match_all)
      ORDER BY words DESC, score DESC, item LIMIT $limit) r
JOIN search_items s ON s.item_no = r.item
WHERE s.workspace_id = $workspace_id
ORDER BY r.words DESC, r.score DESC, s.item_id

-- name: workspace.search:filtered
-- returns: many
-- params: $workspace_id, $keys, $idfs, $avgdl, $n_terms, $match_all, $kinds, $project_id, $limit
-- The same, for some kinds only and/or the items of one project (people and companies through
-- their project links): the filter comes before the limit.
SELECT s.kind, s.item_id AS id, r.item, r.own_wins, r.in_title, r.score
FROM search_rank($keys, $idfs, $avgdl, $n_terms, $match_all) r
JOIN search_items s ON s.item_no = r.item
WHERE s.workspace_id = $workspace_id
  AND ($kinds IS NULL OR list_contains($kinds, s.kind))
  AND ($project_id IS NULL
       OR (s.kind, s.item_id) IN (SELECT kind, item_id FROM search_project_items WHERE project_id = $project_id))
ORDER BY r.words DESC, r.score DESC, s.item_id
LIMIT $limit

-- name: workspace.search:terms
-- returns: many
-- params: $workspace_id, $keys
-- Each query term's document frequency, read from the key column alone (the postings are sorted
-- by key: zone maps skip the rest), with BM25's collection counts (N, total length) on every row.
SELECT d.key, d.df, st.n_docs AS n, st.total_len
FROM (SELECT key, count(*) AS df
      FROM (SELECT key FROM search_postings WHERE list_contains($keys, key)
            UNION ALL SELECT key FROM search_tail WHERE list_contains($keys, key))
      GROUP BY key) d
CROSS JOIN (SELECT n_docs, total_len FROM search_stats WHERE workspace_id = $workspace_id) st
