-- migration: 0900_search_rank_lean
-- The ranking of 0810_search_lists.sql, the same scores, cheaper to plan and to run (issue 20's
-- speed goals; bench/search.py):
-- * match_all: only the candidate items the caller passes (`cand`: those holding every query term
--   whose list is short, read with the term counts; NULL for no narrowing) are scored: the
--   postings of the other terms are narrowed to them before any grouping (at 600k turns, a query
--   pairing a rare word with a common one grouped ~130k postings to keep a few hundred).
-- * Passages are grouped by their number alone (it names the item too).
-- * Each side of an item (its name and own text; its indexed content) is one row of one grouping,
--   scored by one expression (was: eight filtered aggregates and the cover of the query's words
--   spelt out per side): DuckDB binds and optimises every statement anew.
-- Counted by bench/sql_cost.py (valgrind, one thread): an any-word query 5-6% fewer instructions
-- at 60k and at 600k turns (58.8 -> 55.8 M, 201.8 -> 190.6 M); at 600k an all-words query pairing
-- a rare word with common ones 193.7 -> 64.2 M, one of common words only 129.6 -> 122.8 M.
-- The scores are those of 0810 (see there): a side's best passage plus tb_cover; own text
-- doubled, times the share of the query's words it holds; the stronger side reports the item,
-- own text on a tie.
DROP MACRO TABLE search_ranked;

CREATE MACRO search_ranked(keys, idfs, avgdl, match_all, cand) AS TABLE
WITH h AS (
    SELECT * FROM (
        SELECT list_position(keys, key) AS t, unnest(docs) AS doc, unnest(items) AS item, unnest(fields) AS field,
               unnest(tfs) AS tf, unnest(dls) AS dl
        FROM search_lists WHERE list_contains(keys, key)
        UNION ALL
        SELECT list_position(keys, key), doc_no, item, field, tf, dl FROM search_tail WHERE list_contains(keys, key))
    WHERE cand IS NULL OR item IN (SELECT unnest(cand))
),
p AS (
    SELECT doc, any_value(item) AS item, any_value(field) AS field, bit_or(1::BIGINT << (t - 1)) AS mask,
           sum(CASE WHEN t <= 8 THEN 1::HUGEINT << (16 * (t - 1)) ELSE 0 END) AS cnt,
           sum(idfs[t] * CASE field WHEN 2 THEN tf * 1.9 / (tf + 0.9 * (0.6 + 0.4 * dl / avgdl[3]))
                                    WHEN 1 THEN tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * dl / avgdl[2]))
                                    ELSE 2 * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * dl / avgdl[1])) END) AS s
    FROM h GROUP BY doc
),
-- one row per item and side (cont: its indexed content); pos: the best passage's field (own
-- text) or number (content)
sd AS (
    SELECT item, field = 2 AS cont, max(s) AS best, arg_max(CASE WHEN field = 2 THEN doc ELSE field END, s) AS pos,
           sum(cnt) AS cnt, bit_or(mask) AS mask
    FROM p GROUP BY item, field = 2
),
sv AS (
    SELECT item, cont, pos, mask,
           (best + tb_cover(idfs, cnt, mask)) * CASE WHEN cont THEN 1 ELSE 2 * bit_count(mask) / len(keys) END AS v
    FROM sd
)
SELECT item, NOT arg_max(cont, (v, NOT cont)) AS own_wins, min(pos) FILTER (WHERE NOT cont) = 0 AS in_title,
       arg_max(CASE WHEN cont THEN pos END, (v, NOT cont)) AS doc, max(v) AS r
FROM sv GROUP BY item
HAVING NOT match_all OR bit_count(bit_or(mask)) = len(keys);
