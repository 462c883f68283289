-- name: workspace.search
-- returns: many
-- params: $keys, $idfs, $avgdl, $match_all, $cand, $marked, $limit
-- variant: one search_ranked search_ranked_one
-- variant: front search_ranked search_ranked_front
-- variant: one_front search_ranked search_ranked_one_front
-- variant: front2 search_ranked search_ranked_front2
-- variant: one_marked search_ranked search_ranked_one_marked
-- variant: one_front_marked search_ranked search_ranked_one_front_marked
-- variant: whole search_ranked search_ranked_whole
-- The best items (search_ranked, sql/schema/0930_search_rank_one.sql; @one: a one-word query,
-- search_ranked_one; @front and @one_front: the commonest word has a front, 0940_search_fronts.sql;
-- @front2: the two commonest words have fronts, 0950_search_fronts_two.sql; @one_marked and
-- @one_front_marked: one word with marks, 1010_search_one_marked.sql; @whole: two words or more
-- read from the whole lists, the items not narrowed, 1030_search_rank_whole.sql), best first, by
-- number: what each number names (search.items.named) is remembered for the lease
-- (talkbar/search/query.py, named()), as a join to search_items here cost every search 2.7 ms of a
-- 20 ms statement (at 602 k turns). Their best passages, and what to show of them (Trash, archive),
-- are read afterwards (search.passages, search.show.*): DuckDB plans every statement anew, and a
-- join to the passages here read their whole table. `marked`: a word of the query has passages
-- removed from its list that a compaction has not yet taken out (sql/schema/1000_search_marks.sql).
-- Of items that score the same (a title many meetings share), the one numbered last comes first:
-- items are numbered as they are indexed, so the newest, and an import numbers each kind in its
-- document's order (search.source.session: by session_no), so a restored archive answers alike.
SELECT item, own_wins, in_title, r, doc
FROM search_ranked($keys, $idfs, $avgdl, $match_all, $cand, $marked)
ORDER BY r DESC, item DESC
LIMIT $limit

-- name: workspace.search:kinds
-- returns: many
-- params: $workspace_id, $keys, $idfs, $avgdl, $match_all, $cand, $marked, $kinds, $limit
-- variant: one search_ranked search_ranked_one
-- variant: front search_ranked search_ranked_front
-- variant: one_front search_ranked search_ranked_one_front
-- variant: front2 search_ranked search_ranked_front2
-- variant: one_marked search_ranked search_ranked_one_marked
-- variant: one_front_marked search_ranked search_ranked_one_front_marked
-- variant: whole search_ranked search_ranked_whole
-- The same, for some kinds only (the filter comes before the limit): for kinds that are less than
-- half of the workspace's items, or too few among the best ranked by number (query.kinds_share).
SELECT s.kind, s.item_id AS id, r.item, r.own_wins, r.in_title, r.r, r.doc
FROM search_ranked($keys, $idfs, $avgdl, $match_all, $cand, $marked) r
JOIN search_items s ON s.item_no = r.item
WHERE s.workspace_id = $workspace_id AND list_contains($kinds, s.kind)
ORDER BY r.r DESC, r.item DESC
LIMIT $limit

-- name: workspace.search:project
-- returns: many
-- params: $workspace_id, $keys, $idfs, $avgdl, $match_all, $cand, $marked, $kinds, $project_id, $limit
-- variant: one search_ranked search_ranked_one
-- variant: front search_ranked search_ranked_front
-- variant: one_front search_ranked search_ranked_one_front
-- variant: front2 search_ranked search_ranked_front2
-- variant: one_marked search_ranked search_ranked_one_marked
-- variant: one_front_marked search_ranked search_ranked_one_front_marked
-- variant: whole search_ranked search_ranked_whole
-- The items of one project (people and companies through their project links), maybe of some
-- kinds only: a query of its own, as planning the project view costs every search that has none.
SELECT s.kind, s.item_id AS id, r.item, r.own_wins, r.in_title, r.r, r.doc
FROM search_ranked($keys, $idfs, $avgdl, $match_all, $cand, $marked) r
JOIN search_items s ON s.item_no = r.item
WHERE s.workspace_id = $workspace_id
  AND ($kinds IS NULL OR list_contains($kinds, s.kind))
  AND (s.kind, s.item_id) IN (SELECT kind, item_id FROM search_project_items WHERE project_id = $project_id)
ORDER BY r.r DESC, r.item DESC
LIMIT $limit

-- name: workspace.search:terms
-- returns: many
-- params: $workspace_id, $keys, $short, $long, $match_all, $items_at
-- BM25's counts, as plain rows (the Python side adds them up: half the cost of aggregating here):
-- part 0, a query term's postings in its list (the length kept with it, n: migration 0960) and in the
-- tail; part 1, one row per field (0 title, 1 own text, 2 content): its passages and their average
-- length; part 2, the terms whose lists have a front (0940_search_fronts.sql). With match_all,
-- `items`: the items of a term's list of at most $items_at postings (NULL for a longer one, and for
-- the tail's rows: a term with postings there is left out). `$long`: the terms the lease has seen
-- longer (talkbar/search/query.py, term_stats()), `$short` the others. The lists of the long are
-- read apart, without their items: a scan reads every column it returns for each row it keeps, so
-- a long list's items cost what its length does even where the CASE leaves them out (at 6 M turns,
-- this statement for "maya palletisation update", lists of 1.9 M and 429 k postings: 8.30 against
-- 3.95 ms; at 602 k turns the same within 0.1 ms, as with $long empty). The items those
-- lists share are the only ones ranked (search_ranked's `cand`); when they share none, nothing can
-- match and the ranking is not run (a quarter of the all-words searches of bench/search.py at 600k
-- turns end there, a third at 60k). Collecting the tail's items too cost every search ~0.5 ms of
-- planning (a DISTINCT aggregate), more than the cases it would add are worth.
-- Part 3: the tail's rows, all terms (the ranking reads it with all of DuckDB's threads when it
-- spans row groups: talkbar/search/query.py, TAIL_WIDE_ROWS; 0.15 ms a search at 602 k turns).
-- A mark in the tail (a passage removed from the list, tf -1: sql/schema/1000_search_marks.sql)
-- counts one posting less, and `marks` tells the ranking to take its passage out.
SELECT 0 AS part, key, n, NULL::DOUBLE AS avgdl,
       CASE WHEN $match_all AND n <= $items_at THEN list_distinct(items) END AS items, 0 AS marks
FROM search_lists WHERE list_contains($short, key)
UNION ALL SELECT 0, key, n, NULL, NULL, 0 FROM search_lists WHERE list_contains($long, key)
UNION ALL SELECT 0, key, count(*) - 2 * count(*) FILTER (WHERE tf < 0), NULL, NULL, count(*) FILTER (WHERE tf < 0)
FROM search_tail WHERE list_contains($keys, key) GROUP BY key
UNION ALL SELECT 1, field, n_docs, total_len / greatest(n_docs, 1), NULL, 0
FROM search_stats WHERE workspace_id = $workspace_id
UNION ALL SELECT 2, key, 0, NULL, NULL, 0 FROM search_fronts WHERE list_contains($keys, key)
UNION ALL SELECT 3, NULL, count(*), NULL, NULL, 0 FROM search_tail
