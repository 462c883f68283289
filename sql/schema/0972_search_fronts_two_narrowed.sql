-- migration: 0972_search_fronts_two_narrowed
-- search_ranked_front2 (0950) with the items narrowed (an all-words search, `cand`) narrows the other
-- words' postings and the second common word's list to those items before they pick the commonest
-- word's postings and each other's, not after: the semi-joins then hash the passages of the items
-- that can match only, and give only their rows to group. Every row left out belonged to an item
-- the ranking drops anyway (its own rows all leave at the narrowing in h, and a passage with no
-- row that names its item is left out of p), so the rows ranked are the same.
-- Measured at 6 M turns (10,000 x 600), the ranking statement alone, the bench/scale.py queries
-- that take this form, both forms interleaved, best of three medians (the same answers):
--   narrowed to 1,671 items (16%): 174 -> 66, 134 -> 65, 108 -> 65 ms; to 3,099 (30%): 49 -> 44 ms;
--   not narrowed (`cand` NULL, any-word searches): 0.95x-1.06x, 9 queries.
-- (The same for search_ranked_front, 0971, was no gain: 0.77x-1.14x, median 1.04x over 22 queries,
-- a loss from 2,000 items on.)
DROP MACRO TABLE search_ranked_front2;

CREATE MACRO search_ranked_front2(keys, idfs, avgdl, match_all, cand) AS TABLE
WITH d0 AS (
    SELECT list_position(keys, key) AS t, unnest(docs) AS doc, unnest(items) AS item, unnest(fields) AS field,
           unnest(tfs) AS tf, unnest(dls) AS dl, 1 AS n
    FROM search_lists WHERE list_contains(keys[1:len(keys) - 2], key)
    UNION ALL
    SELECT list_position(keys, key), doc_no, item, field, tf, dl, 1 FROM search_tail WHERE list_contains(keys, key)
),
d AS (SELECT * FROM d0
    WHERE cand IS NULL OR item IN (SELECT unnest(cand))),
b0 AS (
    SELECT unnest(docs) AS doc, unnest(items) AS item, unnest(fields) AS field, unnest(tfs) AS tf, unnest(dls) AS dl
    FROM search_lists WHERE key = keys[len(keys) - 1]
),
b AS (SELECT * FROM b0
    WHERE cand IS NULL OR item IN (SELECT unnest(cand))),
a AS (
    SELECT * FROM (SELECT unnest(docs) AS doc, unnest(tfs) AS tf FROM search_lists WHERE key = keys[len(keys)])
    WHERE doc IN (SELECT doc FROM d UNION ALL SELECT doc FROM b)
),
h AS (
    SELECT * FROM (
        SELECT * FROM d
        UNION ALL
        SELECT len(keys), unnest(docs), unnest(items), unnest(fields), unnest(tfs), unnest(dls), unnest(ns)
        FROM search_fronts WHERE key = keys[len(keys)]
        UNION ALL
        SELECT len(keys) - 1, unnest(docs), unnest(items), unnest(fields), unnest(tfs), unnest(dls), unnest(ns)
        FROM search_fronts WHERE key = keys[len(keys) - 1]
        UNION ALL
        SELECT len(keys) - 1, doc, item, field, tf, dl, 0 FROM b WHERE doc IN (SELECT doc FROM d UNION ALL SELECT doc FROM a))
    WHERE cand IS NULL OR item IN (SELECT unnest(cand))
    UNION ALL
    SELECT len(keys), doc, NULL::INTEGER, NULL::TINYINT, tf, NULL::INTEGER, 0 FROM a
),
p AS (
    SELECT doc, any_value(item) AS item, any_value(field) AS field,
           CASE WHEN any_value(field) = 2 THEN doc ELSE any_value(field) END AS pos, bit_or(1::BIGINT << (t - 1)) AS mask,
           sum(CASE WHEN t <= 8 THEN n::HUGEINT << (16 * (t - 1)) ELSE 0 END) AS cnt,
           coalesce(sum(idfs[t] * tb_passage_score(field, tf, dl, avgdl)) FILTER (WHERE t < len(keys) - 1), 0)
           + idfs[len(keys) - 1] * tb_passage_score(any_value(field),
                                                    coalesce(max(tf) FILTER (WHERE t = len(keys) - 1), 0),
                                                    any_value(dl), avgdl)
           + idfs[len(keys)] * tb_passage_score(any_value(field), coalesce(max(tf) FILTER (WHERE t = len(keys)), 0),
                                                any_value(dl), avgdl) AS s
    FROM h GROUP BY doc
    HAVING any_value(item) IS NOT NULL
),
sd AS (
    SELECT item, field = 2 AS cont, max(s) AS best, arg_max(pos, (s, -pos)) AS pos, sum(cnt) AS cnt, bit_or(mask) AS mask
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
