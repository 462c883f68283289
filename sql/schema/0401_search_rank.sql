-- migration: 0401_search_rank
-- BM25 over the postings in two steps instead of one macro (measured on 2,000 sessions x 300
-- turns: the one-macro query planned its document frequencies, the rarest-term candidates and a
-- join of every matching item to search_items anew on each search, 10-11 ms; these two take
-- 1.5 ms + 7 ms, and an all-words query with a word found nowhere stops after the first).
--   workspace.search:terms  the collection counts and each query term's document frequency
--   search_rank             one row per matching item: how many query terms it holds (`words`),
--                           which side reports it and its score; the idf of each term is passed in
--                           (computed by talkbar/search/query.py from the first step)
-- Per item and query term: the best passage of its own text (a title counts double) and of its
-- indexed content; then how many of the query terms each side covers. The side covering more
-- reports the item (own text on a tie): 10 + its BM25 for own text, below 10 for content only.
-- With match_all, only items holding every term. The candidates are not narrowed to the rarest
-- term's items first: that semi-join cost more than the grouping it saved (8.2 against 6.9 ms).
DROP MACRO TABLE search_ranked;

CREATE MACRO search_rank(keys, idfs, avgdl, n_terms, match_all) AS TABLE
WITH h AS (
    SELECT key, item, field, tf, dl FROM search_postings WHERE list_contains(keys, key)
    UNION ALL
    SELECT key, item, field, tf, dl FROM search_tail WHERE list_contains(keys, key)
),
t AS (
    SELECT item, key, max(CASE WHEN field = 0 THEN 2 * w WHEN field = 1 THEN w END) AS own,
           max(field = 0) AS in_title, max(CASE WHEN field = 2 THEN w END) AS cont
    FROM (SELECT item, key, field,
                 idfs[list_position(keys, key)] * tf / (tf + 0.3 + 0.9 * dl / avgdl) AS w FROM h)
    GROUP BY item, key
),
i AS (
    SELECT item, count(*) AS words, count(own) AS n_own, count(cont) AS n_cont, bool_or(in_title) AS in_title,
           coalesce(sum(2.2 * own), 0) * count(own) AS s_own, coalesce(sum(2.2 * cont), 0) * count(cont) AS s_cont
    FROM t GROUP BY item
    HAVING NOT match_all OR count(*) = n_terms
)
SELECT item, words, n_own > 0 AND n_own >= n_cont AS own_wins, in_title,
       CASE WHEN n_own > 0 AND n_own >= n_cont THEN 10 + s_own / n_terms
            ELSE 10 * s_cont / (s_cont + 4 * n_terms) END AS score
FROM i;

-- A passage is read back by its number (the best passage of an item matched in its transcript,
-- search.passages): without an index that join scanned every passage's text, ~10 ms at 600k
-- turns; through this one, ~1 ms.
CREATE INDEX search_docs_doc_no ON search_docs (doc_no);
