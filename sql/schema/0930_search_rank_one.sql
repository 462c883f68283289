-- migration: 0930_search_rank_one
-- A search for one word ranks without grouping its postings by passage.
--
-- search_ranked (0920) first groups the postings by passage, to add up the words each passage holds.
-- With one word, every passage holds it once, so that grouping only copies rows. For a common word,
-- it is most of the work: "risk" has 1.0 M postings at 6 M turns, a hash table of 1.0 M passages.
-- search_ranked_one takes the same arguments and gives the same rows for a one-word query: the same
-- scores, bit for bit, and the same best passages and ties. It goes straight from the postings to
-- one row per item and side. talkbar/search/query.py runs it through the `@one` variant of the
-- workspace.search statements (sqlfiles: `-- variant:`).
--
-- Measured on the one-word queries of bench/search.py's 2,000 x 300 set, the ranking statement
-- alone, the two macros interleaved, load 0.5:
--   60 k turns:  p50 7.1 -> 6.0 ms
--   600 k turns: p50 11.4 -> 9.1 ms, p95 26.1 -> 15.8 ms
--   6 M turns:   p50 30.3 -> 21.5 ms, p95 249 -> 80 ms
--
-- A passage's BM25 weight for one word (its field's k1 and b; the title counts double) now has one
-- place, tb_passage_score, and both macros use it. Binding it costs nothing measurable.
CREATE MACRO tb_passage_score(field, tf, dl, avgdl) AS
    CASE field WHEN 2 THEN tf * 1.9 / (tf + 0.9 * (0.6 + 0.4 * dl / avgdl[3]))
               WHEN 1 THEN tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * dl / avgdl[2]))
               ELSE 2 * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * dl / avgdl[1])) END;

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
           sum(idfs[t] * tb_passage_score(field, tf, dl, avgdl)) AS s
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

-- keys holds one key. Each posting is a passage of its own, counted once for tb_cover (as the one
-- word's count in the 16 bits of cnt); the one word is all of the query, so an item's own text
-- weighs double (2 * 1 / len(keys)) and every item found holds all of it.
CREATE MACRO search_ranked_one(keys, idfs, avgdl, match_all, cand) AS TABLE
WITH sd AS (
    SELECT item, field = 2 AS cont, max(s) AS best, arg_max(pos, (s, -pos)) AS pos, count(*)::HUGEINT AS cnt
    FROM (SELECT item, field, CASE WHEN field = 2 THEN doc ELSE field END AS pos,
                 idfs[1] * tb_passage_score(field, tf, dl, avgdl) AS s
          FROM (SELECT unnest(docs) AS doc, unnest(items) AS item, unnest(fields) AS field, unnest(tfs) AS tf,
                       unnest(dls) AS dl
                FROM search_lists WHERE key = keys[1]
                UNION ALL
                SELECT doc_no, item, field, tf, dl FROM search_tail WHERE key = keys[1])
          WHERE cand IS NULL OR item IN (SELECT unnest(cand)))
    GROUP BY item, field = 2
),
sv AS (
    SELECT item, cont, pos,
           (best + tb_cover(idfs, cnt, 1::BIGINT)) * CASE WHEN cont THEN 1 ELSE 2 * 1 / len(keys) END AS v
    FROM sd
)
SELECT item, NOT arg_max(cont, (v, NOT cont)) AS own_wins, min(pos) FILTER (WHERE NOT cont) = 0 AS in_title,
       arg_max(CASE WHEN cont THEN pos END, (v, NOT cont)) AS doc, max(v) AS r
FROM sv GROUP BY item;
