-- migration: 0950_search_fronts_two
-- A query whose two commonest words both have fronts reads both fronts.
--
-- search_ranked_front (0940) reads the front of the commonest word only: a passage holding that word
-- and the second commonest and no other is on neither front, so with two fronts it would be missed.
-- At 6 M turns the slowest searches left were those with two long lists (160 k and 176 k
-- postings: 120-137 ms), the second one grouped whole.
--
-- search_ranked_front2 finds those passages apart: each of the two common words is read from its
-- list, without grouping, where the other one is (its list's docs) or where another query word
-- is; its front stands for the passages it holds alone. So every passage the ranking sees is scored
-- with all the words it holds, and a passage left out holds one common word alone, off that word's
-- front: a front entry of the same item scores at least as much (with that word alone, or more with
-- others), and equals it only with an earlier number. The best passage and its ties come out as
-- from the whole lists. A common word's weight in a passage is taken once (max: its front and its
-- list may both bring it), its counts come from the count entries only (n), and the rest is
-- search_ranked's. talkbar/search/query.py asks for this form when the last two keys (rarest
-- first) have fronts and the items are not narrowed to a few (query.CAND_FRONT_AT).
--
-- Measured at 6 M turns, the ranking statement alone, 69 queries of two words with fronts (some
-- with a third, shorter word), both modes, the two forms interleaved (load 0.9-1.0):
-- p50 134 -> 100 ms, p95 225 -> 186 ms, per query 0.73x at the median (0.46x-1.31x). A word in a
-- third of the passages (1.9 M postings) still costs ~350 ms either way: its whole list is read to
-- find where the other word is.
CREATE MACRO search_ranked_front2(keys, idfs, avgdl, match_all, cand) AS TABLE
WITH d AS (
    SELECT list_position(keys, key) AS t, unnest(docs) AS doc, unnest(items) AS item, unnest(fields) AS field,
           unnest(tfs) AS tf, unnest(dls) AS dl, 1 AS n
    FROM search_lists WHERE list_contains(keys[1:len(keys) - 2], key)
    UNION ALL
    SELECT list_position(keys, key), doc_no, item, field, tf, dl, 1 FROM search_tail WHERE list_contains(keys, key)
),
b AS (
    SELECT unnest(docs) AS doc, unnest(items) AS item, unnest(fields) AS field, unnest(tfs) AS tf, unnest(dls) AS dl
    FROM search_lists WHERE key = keys[len(keys) - 1]
),
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
