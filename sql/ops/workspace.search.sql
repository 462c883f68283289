-- name: workspace.search
-- returns: many
-- params: $workspace_id, $keys, $n_terms, $match_all, $kinds, $project_id, $limit
-- BM25 over our own postings, in one query: the sorted postings and the unsorted tail, less
-- removed passages; per item and query term the best passage of its own text (a title counts
-- double) and of its indexed content; then per item how many query terms each side covers. The
-- side covering more terms reports the item (own text on a tie): 10 + BM25 for own text, below 10
-- for content only. `all` keeps items holding every term somewhere. Trash, archive and the other
-- per-item facts are checked afterwards against the items (search.show.*), so the query stays
-- small: DuckDB plans a query anew on every call, and planning grows with every join.
WITH st AS (
    SELECT n_docs::DOUBLE AS n, total_len::DOUBLE / greatest(n_docs, 1) AS avgdl
    FROM search_stats WHERE workspace_id = $workspace_id
),
h AS (
    SELECT key, doc_no, item, field, tf, dl FROM search_postings WHERE list_contains($keys, key)
    UNION ALL
    SELECT key, doc_no, item, field, tf, dl FROM search_tail WHERE list_contains($keys, key)
),
l AS (SELECT h.* FROM h ANTI JOIN search_dead USING (doc_no)),
df AS (SELECT key, count(*) AS df FROM l GROUP BY key),
w AS (
    SELECT l.item, l.key, l.field,
           ln(1 + (st.n - df.df + 0.5) / (df.df + 0.5))
             * l.tf * 2.2 / (l.tf + 1.2 * (0.25 + 0.75 * l.dl / st.avgdl)) AS w
    FROM l JOIN df USING (key) CROSS JOIN st
),
t AS (
    SELECT item, key, max(w * (1 + (field = 0)::INTEGER)) FILTER (WHERE field < 2) AS own,
           bool_or(field = 0) AS in_title, max(w) FILTER (WHERE field = 2) AS cont
    FROM w GROUP BY item, key
),
i AS (
    SELECT item, count(own) AS n_own, count(cont) AS n_cont, bool_or(in_title) AS in_title,
           coalesce(sum(own), 0) * count(own) / $n_terms AS s_own,
           coalesce(sum(cont), 0) * count(cont) / $n_terms AS s_cont
    FROM t GROUP BY item
    HAVING NOT $match_all OR count(*) = $n_terms
),
r AS (
    SELECT s.kind, s.item_id AS id, i.item, i.n_own > 0 AND i.n_own >= i.n_cont AS own_wins, i.in_title,
           CASE WHEN i.n_own > 0 AND i.n_own >= i.n_cont THEN 10 + i.s_own ELSE 10 * i.s_cont / (i.s_cont + 4) END AS score
    FROM i JOIN search_items s ON s.item_no = i.item
    WHERE s.workspace_id = $workspace_id AND ($kinds IS NULL OR list_contains($kinds, s.kind))
      AND ($project_id IS NULL OR (s.kind, s.item_id) IN (SELECT kind, item_id FROM search_project_items WHERE project_id = $project_id))
)
SELECT kind, id, item, own_wins, in_title, score FROM r
ORDER BY score DESC, id
LIMIT $limit
