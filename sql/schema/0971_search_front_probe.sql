-- migration: 0971_search_front_probe
-- search_ranked_front (0940) reads the common word's postings in the passages the other words hold
-- by a semi-join of its whole list with those passages (`doc IN (SELECT doc FROM d)`). DuckDB cannot
-- tell how many rows an unnested list holds, and it built the join's hash table on the common
-- word's list (600 k postings) to probe it with the other words' few thousand, the wrong way round.
-- The passages are now handed to the join as one list unnested again: then the planner hashes them
-- and streams the long list past them. Same rows, same results; at 6 M turns (10,000 x 600), the
-- ranking statement of five queries whose commonest word has a front, before and after, interleaved:
-- 62 -> 38, 45 -> 33, 47 -> 33, 72 -> 46 and 54 -> 49 ms. (Turning the planner's choice of build side
-- off for the statement does the same; the queries with two fronts, 0950, are faster with it on,
-- so they keep their form.)
DROP MACRO TABLE search_ranked_front;

CREATE MACRO search_ranked_front(keys, idfs, avgdl, match_all, cand) AS TABLE
WITH d AS (
    SELECT list_position(keys, key) AS t, unnest(docs) AS doc, unnest(items) AS item, unnest(fields) AS field,
           unnest(tfs) AS tf, unnest(dls) AS dl, 1 AS n
    FROM search_lists WHERE list_contains(keys, key) AND key <> keys[len(keys)]
    UNION ALL
    SELECT list_position(keys, key), doc_no, item, field, tf, dl, 1 FROM search_tail WHERE list_contains(keys, key)
),
h AS (
    SELECT * FROM (
        SELECT * FROM d
        UNION ALL
        SELECT len(keys), unnest(docs), unnest(items), unnest(fields), unnest(tfs), unnest(dls), unnest(ns)
        FROM search_fronts WHERE key = keys[len(keys)])
    WHERE cand IS NULL OR item IN (SELECT unnest(cand))
    UNION ALL
    SELECT * FROM (SELECT len(keys) AS t, unnest(docs) AS doc, NULL::INTEGER AS item, NULL::TINYINT AS field,
                          unnest(tfs) AS tf, NULL::INTEGER AS dl, 0 AS n
                   FROM search_lists WHERE key = keys[len(keys)])
    WHERE doc IN (SELECT unnest(l) FROM (SELECT list(doc) AS l FROM d))
),
p AS (
    SELECT doc, any_value(item) AS item, any_value(field) AS field,
           CASE WHEN any_value(field) = 2 THEN doc ELSE any_value(field) END AS pos, bit_or(1::BIGINT << (t - 1)) AS mask,
           sum(CASE WHEN t <= 8 THEN n::HUGEINT << (16 * (t - 1)) ELSE 0 END) AS cnt,
           coalesce(sum(idfs[t] * tb_passage_score(field, tf, dl, avgdl)) FILTER (WHERE t < len(keys)), 0)
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
