-- migration: 0920_search_rank_ties
-- search_ranked of 0900_search_rank_lean.sql with one change: among passages of an item that
-- score the same, the first one (the lowest passage number: the earliest moment of a transcript;
-- the title before the own text) is the item's best. arg_max alone kept whichever tied row reached
-- it last, an order DuckDB does not promise (threads may change it). On the Russian questions of
-- bench/relevance.py (--only ru) the demo's passage@1 goes from 0.455 to 0.545: a question answered
-- by two turns that hold the same words now reports the first. Scores and the order of items are
-- unchanged.
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
    SELECT doc, any_value(item) AS item, any_value(field) AS field,
           CASE WHEN any_value(field) = 2 THEN doc ELSE any_value(field) END AS pos, bit_or(1::BIGINT << (t - 1)) AS mask,
           sum(CASE WHEN t <= 8 THEN 1::HUGEINT << (16 * (t - 1)) ELSE 0 END) AS cnt,
           sum(idfs[t] * CASE field WHEN 2 THEN tf * 1.9 / (tf + 0.9 * (0.6 + 0.4 * dl / avgdl[3]))
                                    WHEN 1 THEN tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * dl / avgdl[2]))
                                    ELSE 2 * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * dl / avgdl[1])) END) AS s
    FROM h GROUP BY doc
),
-- one row per item and side (cont: its indexed content); pos: the best passage's field (own
-- text) or number (content)
sd AS (
    SELECT item, field = 2 AS cont, max(s) AS best, arg_max(pos, (s, -pos)) AS pos,
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
