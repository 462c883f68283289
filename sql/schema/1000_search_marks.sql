-- migration: 1000_search_marks
-- A passage removed from the settled term lists no longer rewrites them: it leaves a mark per
-- term in the tail (a row with tf -1, its passage, item, field and length), and the lists keep it
-- until the next compaction (or settle) takes it out with the mark. A common word's list is long
-- (1.9 M postings for "update" at 6 M turns), and rewriting each list a renamed title or an edited
-- note held, then writing them to the WAL, took a title's rename 0.1-1.1 s (p50 548 ms) and a
-- 300-word note's edit 1.6-2.2 s at 6 M turns (the commit checkpointing every second or third time:
-- 0.7-1.0 s); marked, p50 14.5 ms and 15-80 ms.
--
-- A search takes the marks out where it groups the postings by passage: a passage with a mark
-- among its rows is not one (`min(tf) >= 0`; a front's count rows have tf 0). Every term of a
-- removed passage is marked, so each of its rows that a search reads meets a mark of its own term.
-- The check costs a few per cent of the ranking statement (an aggregate over every posting), so a
-- search asks for it (`marked`) only when a word of its query has marks (workspace.search:terms
-- counts them), and DuckDB folds it away otherwise: the multi-word rankings of bench/search.py's
-- queries at 602 k turns, interleaved, 5 rounds, the same rows, p50 9.06 -> 9.02 and 8.43 -> 8.59 ms
-- with no mark, +3% when asked for. At 6 M turns after 14 edits, the whole searches whose words
-- have marks (114 of bench/scale.py's 400) took p50 32.6 against 30.5 ms with the check left out.
--   * search_ranked_one and search_ranked_one_front rank without grouping by passage: they cannot
--     see a mark, so a single word with marks is ranked by search_ranked, or search_ranked_front
--     where it has a front (talkbar/search/query.py, ranking_form(); the same rows as the one-word
--     forms, 0930, 0940). Testing each posting against the marks there instead (an anti-join,
--     bound even when folded away) cost every one-word search 0.36 ms of 3.4.
--   * a front (0940) keeps a removed passage of a name or own text too (a posting of its own there,
--     taken out by its marks like the list's), and follows a removed transcript passage at once
--     (its counts there are per item): cutting every front of a 300-word note's words took 100-210
--     ms at 6 M turns, and as much WAL again as the note (talkbar/search/postings.py, remove()).
-- Every macro takes `marked`, so the statements' variants (sqlfiles `-- variant:`) keep one call.
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
    SELECT doc, any_value(item) AS item, any_value(field) AS field,
           CASE WHEN any_value(field) = 2 THEN doc ELSE any_value(field) END AS pos, bit_or(1::BIGINT << (t - 1)) AS mask,
           sum(CASE WHEN t <= 8 THEN 1::HUGEINT << (16 * (t - 1)) ELSE 0 END) AS cnt,
           sum(idfs[t] * tb_passage_score(field, tf, dl, avgdl)) AS s
    FROM h GROUP BY doc
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

DROP MACRO TABLE search_ranked_front;

CREATE MACRO search_ranked_front(keys, idfs, avgdl, match_all, cand, marked) AS TABLE
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
    HAVING any_value(item) IS NOT NULL AND (NOT marked OR min(tf) >= 0)
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

DROP MACRO TABLE search_ranked_front2;

CREATE MACRO search_ranked_front2(keys, idfs, avgdl, match_all, cand, marked) AS TABLE
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
    HAVING any_value(item) IS NOT NULL AND (NOT marked OR min(tf) >= 0)
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

DROP MACRO TABLE search_ranked_one;

-- `marked` is never true here (talkbar/search/query.py, ranking_form()).
CREATE MACRO search_ranked_one(keys, idfs, avgdl, match_all, cand, marked) AS TABLE
WITH sd AS (
    SELECT item, field = 2 AS cont, max(s) AS best, arg_max(pos, (s, -pos)) AS pos,
           (count(*) & 65535)::DOUBLE AS held
    FROM (SELECT item, field, CASE WHEN field = 2 THEN doc ELSE field END AS pos,
                 idfs[1] * tb_passage_score(field, tf, dl, avgdl) AS s
          FROM (SELECT unnest(docs) AS doc, unnest(items) AS item, unnest(fields) AS field, unnest(tfs) AS tf,
                       unnest(dls) AS dl
                FROM search_lists WHERE key = keys[1]
                UNION ALL
                SELECT doc_no, item, field, tf, dl FROM search_tail WHERE key = keys[1]))
    GROUP BY item, field = 2
),
sv AS (
    SELECT item, cont, pos, (best + tb_cover_term(idfs[1], held)) * CASE WHEN cont THEN 1 ELSE 2 END AS v
    FROM sd
)
SELECT item, NOT arg_max(cont, (v, NOT cont)) AS own_wins, min(pos) FILTER (WHERE NOT cont) = 0 AS in_title,
       arg_max(CASE WHEN cont THEN pos END, (v, NOT cont)) AS doc, max(v) AS r
FROM sv GROUP BY item;

DROP MACRO TABLE search_ranked_one_front;

-- Nor here.
CREATE MACRO search_ranked_one_front(keys, idfs, avgdl, match_all, cand, marked) AS TABLE
WITH sd AS (
    SELECT item, field = 2 AS cont, max(s) AS best, arg_max(pos, (s, -pos)) AS pos,
           (sum(n) & 65535)::DOUBLE AS held
    FROM (SELECT item, field, n, CASE WHEN field = 2 THEN doc ELSE field END AS pos,
                 idfs[1] * tb_passage_score(field, tf, dl, avgdl) AS s
          FROM (SELECT unnest(docs) AS doc, unnest(items) AS item, unnest(fields) AS field, unnest(tfs) AS tf,
                       unnest(dls) AS dl, unnest(ns) AS n
                FROM search_fronts WHERE key = keys[1]
                UNION ALL
                SELECT doc_no, item, field, tf, dl, 1 FROM search_tail WHERE key = keys[1]))
    GROUP BY item, field = 2
),
sv AS (
    SELECT item, cont, pos, (best + tb_cover_term(idfs[1], held)) * CASE WHEN cont THEN 1 ELSE 2 END AS v
    FROM sd
)
SELECT item, NOT arg_max(cont, (v, NOT cont)) AS own_wins, min(pos) FILTER (WHERE NOT cont) = 0 AS in_title,
       arg_max(CASE WHEN cont THEN pos END, (v, NOT cont)) AS doc, max(v) AS r
FROM sv GROUP BY item;
