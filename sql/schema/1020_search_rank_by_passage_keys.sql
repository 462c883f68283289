-- migration: 1020_search_rank_by_passage_keys
-- search_ranked (1000) groups the postings by passage with the passage's item and field as keys of
-- the group, not as any_value() aggregates: every row of a passage names the same item and field (a
-- list's postings, the tail's, and a mark, which keeps its passage's item and field), so the groups
-- and their rows are the same, and the two aggregates each row fed are gone.
-- Measured on the ranking statements of bench/search.py's queries (602 k turns) and bench/scale.py's
-- (6 M turns) that take this form, in process, the two macros interleaved, 4-6 rounds, the same rows
-- every time (p50 / mean / p95 ms, before -> after):
--   602 k turns, all words (64 statements): 8.85 -> 8.67 / 9.01 -> 8.76 / 14.14 -> 13.34;
--                any word (124):            11.03 -> 10.60 / 11.51 -> 11.12 / 18.85 -> 18.03;
--   6 M turns,   all words (50):            12.21 -> 12.41 / 13.72 -> 13.58 / 23.70 -> 23.23;
--                any word (28):             12.30 -> 11.86 / 13.61 -> 13.38 / 23.49 -> 22.67.
-- The forms with fronts (search_ranked_front, _front2) cannot do the same: the commonest word's
-- postings that they read from its list carry no item or field (their passage's other rows do).
DROP MACRO TABLE search_ranked;

CREATE MACRO search_ranked(keys, idfs, avgdl, match_all, cand, marked) AS TABLE
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
    SELECT doc, item, field, CASE WHEN field = 2 THEN doc ELSE field END AS pos, bit_or(1::BIGINT << (t - 1)) AS mask,
           sum(CASE WHEN t <= 8 THEN 1::HUGEINT << (16 * (t - 1)) ELSE 0 END) AS cnt,
           sum(idfs[t] * tb_passage_score(field, tf, dl, avgdl)) AS s
    FROM h GROUP BY doc, item, field
    HAVING NOT marked OR min(tf) >= 0
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
