-- migration: 1290_search_fronts_sum_shared
-- The rankings that read fronts (search_ranked_front, 0940; search_ranked_front2, 0950; with marks,
-- 1000) grouped every row they read by passage to add up the query's words in each: at 6 M turns a
-- query of common words reads 70-150 k rows, nearly all of them passages holding one word alone, and
-- that grouping (with its sums, counts and the item and field of each passage) was a third of the
-- statement. Now only the passages holding two query words or more are grouped (`multi`: those the
-- commonest word's list probe finds, `a`; in search_ranked_front2 also those of the second
-- commonest, `bx`; and those two other words share, a semi-join); every row also counts on its
-- own (`rows`), as what its word alone scores there, which never beats its passage's whole score,
-- so each item's best is the same passage with the same score. A passage a mark took out
-- (`gone`: a row of the tail with tf -1 for a query word; 1000) leaves every row of it out.
-- Measured on the slowest all-words queries of bench/scale.py at 6 M turns (the ranking statement
-- alone, old and new interleaved, 7 rounds, the same rows): search_ranked_front, 8 queries, 296.2 ->
-- 264.0 ms in all (-11%); search_ranked_front2, 5 queries, 244.4 -> 213.2 ms (-13%).
DROP MACRO TABLE search_ranked_front;

CREATE MACRO search_ranked_front(keys, idfs, avgdl, match_all, cand, marked) AS TABLE
WITH d AS (
    SELECT * FROM (
        SELECT list_position(keys, key) AS t, unnest(docs) AS doc, unnest(items) AS item, unnest(fields) AS field,
               unnest(tfs) AS tf, unnest(dls) AS dl, 1 AS n
        FROM search_lists WHERE list_contains(keys, key) AND key <> keys[len(keys)]
        UNION ALL
        SELECT list_position(keys, key), doc_no, item, field, tf, dl, 1 FROM search_tail WHERE list_contains(keys, key))
    WHERE cand IS NULL OR item IN (SELECT unnest(cand))
),
gone AS (SELECT doc FROM d WHERE tf < 0),
dc AS (SELECT * FROM d WHERE NOT marked OR doc NOT IN (SELECT doc FROM gone)),
f AS (
    SELECT * FROM (
        SELECT len(keys) AS t, unnest(docs) AS doc, unnest(items) AS item, unnest(fields) AS field, unnest(tfs) AS tf,
               unnest(dls) AS dl, unnest(ns) AS n
        FROM search_fronts WHERE key = keys[len(keys)])
    WHERE (cand IS NULL OR item IN (SELECT unnest(cand))) AND (NOT marked OR doc NOT IN (SELECT doc FROM gone))
),
a AS (
    SELECT * FROM (SELECT unnest(docs) AS doc, unnest(tfs) AS tf FROM search_lists WHERE key = keys[len(keys)])
    WHERE doc IN (SELECT doc FROM dc)
),
multi AS (
    SELECT doc FROM a
    UNION ALL
    SELECT x.doc FROM dc x SEMI JOIN dc y ON x.doc = y.doc AND x.t < y.t
),
pm AS (
    SELECT any_value(item) AS item, any_value(field) AS field,
           CASE WHEN any_value(field) = 2 THEN doc ELSE any_value(field) END AS pos, 0::BIGINT AS mask, 0::HUGEINT AS cnt,
           coalesce(sum(idfs[t] * tb_passage_score(field, tf, dl, avgdl)) FILTER (WHERE t < len(keys)), 0)
           + idfs[len(keys)] * tb_passage_score(any_value(field), coalesce(max(tf) FILTER (WHERE t = len(keys)), 0),
                                                any_value(dl), avgdl) AS s
    FROM (SELECT t, doc, item, field, tf, dl FROM dc WHERE doc IN (SELECT doc FROM multi)
          UNION ALL SELECT len(keys), doc, NULL, NULL, tf, NULL FROM a)
    GROUP BY doc
),
rows AS (
    SELECT item, field, CASE WHEN field = 2 THEN doc ELSE field END AS pos, 1::BIGINT << (t - 1) AS mask,
           CASE WHEN t <= 8 THEN n::HUGEINT << (16 * (t - 1)) ELSE 0 END AS cnt,
           idfs[t] * tb_passage_score(field, tf, dl, avgdl) AS s
    FROM (SELECT * FROM dc UNION ALL SELECT * FROM f)
    UNION ALL SELECT * FROM pm
),
sd AS (
    SELECT item, field = 2 AS cont, max(s) AS best, arg_max(pos, (s, -pos)) AS pos, sum(cnt) AS cnt, bit_or(mask) AS mask
    FROM rows GROUP BY item, field = 2
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

DROP MACRO TABLE search_ranked_front2;

CREATE MACRO search_ranked_front2(keys, idfs, avgdl, match_all, cand, marked) AS TABLE
WITH d AS (
    SELECT * FROM (
        SELECT list_position(keys, key) AS t, unnest(docs) AS doc, unnest(items) AS item, unnest(fields) AS field,
               unnest(tfs) AS tf, unnest(dls) AS dl, 1 AS n
        FROM search_lists WHERE list_contains(keys[1:len(keys) - 2], key)
        UNION ALL
        SELECT list_position(keys, key), doc_no, item, field, tf, dl, 1 FROM search_tail WHERE list_contains(keys, key))
    WHERE cand IS NULL OR item IN (SELECT unnest(cand))
),
gone AS (SELECT doc FROM d WHERE tf < 0),
dc AS (SELECT * FROM d WHERE NOT marked OR doc NOT IN (SELECT doc FROM gone)),
f AS (
    SELECT * FROM (
        SELECT len(keys) AS t, unnest(docs) AS doc, unnest(items) AS item, unnest(fields) AS field, unnest(tfs) AS tf,
               unnest(dls) AS dl, unnest(ns) AS n
        FROM search_fronts WHERE key = keys[len(keys)]
        UNION ALL
        SELECT len(keys) - 1, unnest(docs), unnest(items), unnest(fields), unnest(tfs), unnest(dls), unnest(ns)
        FROM search_fronts WHERE key = keys[len(keys) - 1])
    WHERE (cand IS NULL OR item IN (SELECT unnest(cand))) AND (NOT marked OR doc NOT IN (SELECT doc FROM gone))
),
b AS (
    SELECT * FROM (
        SELECT unnest(docs) AS doc, unnest(items) AS item, unnest(fields) AS field, unnest(tfs) AS tf, unnest(dls) AS dl
        FROM search_lists WHERE key = keys[len(keys) - 1])
    WHERE cand IS NULL OR item IN (SELECT unnest(cand))
),
a AS (
    SELECT * FROM (SELECT unnest(docs) AS doc, unnest(tfs) AS tf FROM search_lists WHERE key = keys[len(keys)])
    WHERE doc IN (SELECT doc FROM dc UNION ALL SELECT doc FROM b)
),
bx AS (SELECT * FROM b WHERE doc IN (SELECT doc FROM dc UNION ALL SELECT doc FROM a)),
multi AS (
    SELECT doc FROM a UNION ALL SELECT doc FROM bx UNION ALL
    SELECT x.doc FROM dc x SEMI JOIN dc y ON x.doc = y.doc AND x.t < y.t
),
pm AS (
    SELECT any_value(item) AS item, any_value(field) AS field,
           CASE WHEN any_value(field) = 2 THEN doc ELSE any_value(field) END AS pos, 0::BIGINT AS mask, 0::HUGEINT AS cnt,
           coalesce(sum(idfs[t] * tb_passage_score(field, tf, dl, avgdl)) FILTER (WHERE t < len(keys) - 1), 0)
           + idfs[len(keys) - 1] * tb_passage_score(any_value(field),
                                                    coalesce(max(tf) FILTER (WHERE t = len(keys) - 1), 0),
                                                    any_value(dl), avgdl)
           + idfs[len(keys)] * tb_passage_score(any_value(field), coalesce(max(tf) FILTER (WHERE t = len(keys)), 0),
                                                any_value(dl), avgdl) AS s
    FROM (SELECT t, doc, item, field, tf, dl FROM dc WHERE doc IN (SELECT doc FROM multi)
          UNION ALL
          SELECT * FROM (SELECT len(keys) - 1 AS t, doc, item, field, tf, dl FROM bx
                         UNION ALL SELECT len(keys), doc, NULL, NULL, tf, NULL FROM a)
          WHERE NOT marked OR doc NOT IN (SELECT doc FROM gone))
    GROUP BY doc
),
rows AS (
    SELECT item, field, CASE WHEN field = 2 THEN doc ELSE field END AS pos, 1::BIGINT << (t - 1) AS mask,
           CASE WHEN t <= 8 THEN n::HUGEINT << (16 * (t - 1)) ELSE 0 END AS cnt,
           idfs[t] * tb_passage_score(field, tf, dl, avgdl) AS s
    FROM (SELECT * FROM dc UNION ALL SELECT * FROM f)
    UNION ALL SELECT * FROM pm
),
sd AS (
    SELECT item, field = 2 AS cont, max(s) AS best, arg_max(pos, (s, -pos)) AS pos, sum(cnt) AS cnt, bit_or(mask) AS mask
    FROM rows GROUP BY item, field = 2
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
