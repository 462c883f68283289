-- migration: 1030_search_rank_whole
-- search_ranked_whole: search_ranked (1020) for a search whose items are not narrowed (`cand` NULL:
-- every any-word search, and an all-words one whose words' items are not known or are
-- CAND_WHOLE_SHARE of the workspace's or more), without the narrowing. DuckDB cannot fold
-- `cand IS NULL OR item IN (...)` away when `cand` is a NULL parameter: it tests every posting against
-- an empty list of items, so the narrowing cost a search that has none. The same rows (search_ranked
-- with `cand` NULL keeps every one). talkbar/search/query.py, ranking_form(), asks for this form
-- ("@whole") for two words or more read from the whole lists with no narrowing.
-- Measured on the ranking statements that take it, in process, this macro and 1020's interleaved,
-- 4-5 rounds, the same rows every time (p50 / mean / p95 ms, with the narrowing -> without):
--   602 k turns (bench/search.py's queries), any word (124 statements): 9.29 -> 8.71 / 9.48 -> 8.95 /
--   14.72 -> 14.22; all words, not narrowed (26): 13.44 -> 13.33 / 13.62 -> 13.52 / 18.66 -> 18.63;
--   6 M turns (bench/scale.py's), any word (28): 10.51 -> 10.04 / 12.25 -> 11.61 / 18.92 -> 18.49;
--   all words, not narrowed (3): 21.45 -> 20.21 / 21.06 -> 20.28.
-- Whole searches at 602 k turns, in process, both ways interleaved, 3 rounds, the same 1,600
-- answers: any word p50 13.51 -> 13.18 ms, mean 13.85 -> 13.51; all words 8.91 -> 8.82, 9.41 -> 9.34.
-- The forms with fronts have no such form: without their narrowing, search_ranked_front at 6 M turns,
-- any word (78 statements), mean 25.52 -> 25.13 ms; search_ranked_front2 (8), p50 36.42 -> 36.79.
CREATE MACRO search_ranked_whole(keys, idfs, avgdl, match_all, cand, marked) AS TABLE
WITH h AS (
    SELECT list_position(keys, key) AS t, unnest(docs) AS doc, unnest(items) AS item, unnest(fields) AS field,
           unnest(tfs) AS tf, unnest(dls) AS dl
    FROM search_lists WHERE list_contains(keys, key)
    UNION ALL
    SELECT list_position(keys, key), doc_no, item, field, tf, dl FROM search_tail WHERE list_contains(keys, key)
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
