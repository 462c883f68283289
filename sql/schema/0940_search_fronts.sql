-- migration: 0940_search_fronts
-- A long term list is summed up per item, so that a search need not group all of its postings.
--
-- Ranking an item takes its best passage and, per query word, how many of its passages hold it
-- (search_ranked, 0930). For a common word that means grouping every one of its postings: at 6 M
-- turns a word in a third of the turns has 2 M of them, and the slowest searches were those holding
-- one. search_fronts keeps, for each list of at least tb_front_at() postings, what the ranking needs
-- of it per item, as parallel lists like search_lists':
--   * its postings in names and own text (fields 0 and 1: one passage each), with n = 1;
--   * per item, one entry (doc = -item, tf = 0, n = the item's content passages holding the word),
--     a stand-in passage that scores 0 and carries the count;
--   * per item, its front: the content passages no other of the item's passages beats whatever the
--     average lengths are. A passage's weight grows with tf and falls with its length (dl), so per
--     tf only the shortest passage (the first of equals) can be best, and of those only the ones no
--     higher tf is as short as. n = 0: the count entry has them.
-- A passage off the front scores below one on it or equals it with a later number, so for a word
-- alone the front gives the same best passage and ties as the whole list (search_ranked_one_front).
-- With other words, the front stands for the passages of the common word no other query word holds;
-- where another word is, the common word's own posting is read from its list (search_ranked_front).
--
-- Kept with the lists: built for each range of keys a bulk build settles (search.bulk.fronts) and
-- for a compaction's copy (search.compact.build_fronts, swapped in with it); a list rewritten in
-- place (a passage removed, search.fronts.drop, or a compaction's journal) loses its front until the
-- next compaction, and its searches group its postings as before. Here, the lists as they are.
--
-- Measured at 6 M turns (10,000 x 600: the 164 lists of 100 k postings or more have fronts, 3.0 M
-- entries for 35.5 M postings, built in 13 s a key range at a time within an import's 384 MB):
--   the ranking statement alone, on the queries of bench/scale.py whose commonest word has a front,
--   the two forms interleaved: p50 70 -> 60 ms, p95 198 -> 117 ms;
--   workspace.search through the engine, 40 queries x 2 modes, the code before and after interleaved
--   on copies of one root: any-word p50 124 -> 91 ms, p95 236 -> 127 ms; all-words p50 unchanged,
--   p95 148 -> 117 ms. At 600 k turns (three lists have fronts): 0.92x-0.99x.
CREATE MACRO tb_front_at() AS 100000;

-- A compaction's copy built before fronts existed has none: it is dropped, and the next write
-- starts another.
DROP TABLE IF EXISTS search_next;
DELETE FROM search_next_info;

CREATE TABLE search_fronts (
    key    BIGINT PRIMARY KEY,
    docs   INTEGER[] NOT NULL,      -- a passage, or -item for an item's count
    items  INTEGER[] NOT NULL,
    fields TINYINT[] NOT NULL,
    tfs    SMALLINT[] NOT NULL,     -- 0 for a count
    dls    INTEGER[] NOT NULL,
    ns     INTEGER[] NOT NULL       -- how many of the item's passages the entry counts for
);

-- The entries of every list of table `lists` (search_lists, or a compaction's copy) whose key is in
-- lo..hi and which holds at least tb_front_at() postings.
CREATE MACRO search_front_rows(lists, lo, hi) AS TABLE
WITH x AS (
    SELECT key, unnest(docs) AS doc, unnest(items) AS item, unnest(fields) AS field, unnest(tfs) AS tf,
           unnest(dls) AS dl
    FROM query_table(lists) WHERE key BETWEEN lo AND hi AND len(docs) >= tb_front_at()
),
per_tf AS (
    SELECT key, item, tf, min(dl) AS dl, arg_min(doc, (dl, doc)) AS doc FROM x WHERE field = 2 GROUP BY key, item, tf
),
e AS (
    SELECT key, doc, item, field, tf, dl, 1 AS n FROM x WHERE field < 2
    UNION ALL
    SELECT key, -item, item, 2, 0, 1, count(*) FROM x WHERE field = 2 GROUP BY key, item
    UNION ALL
    SELECT key, doc, item, 2, tf, dl, 0
    FROM (SELECT *, min(dl) OVER (PARTITION BY key, item ORDER BY tf DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
                    AS shorter_above
          FROM per_tf)
    WHERE shorter_above IS NULL OR dl < shorter_above
)
SELECT key, list(doc ORDER BY item, doc) AS docs, list(item ORDER BY item, doc) AS items,
       list(field ORDER BY item, doc) AS fields, list(tf ORDER BY item, doc) AS tfs, list(dl ORDER BY item, doc) AS dls,
       list(n ORDER BY item, doc) AS ns
FROM e GROUP BY key;

INSERT INTO search_fronts SELECT * FROM search_front_rows('search_lists', -9223372036854775808, 9223372036854775807);

-- A query of several words whose commonest (the last of keys, rarest first) has a front: every
-- other word's postings and the tail as search_ranked reads them; of the common word, its front, and
-- its postings in the passages the other words hold (read from its list, docs and tfs only: the
-- passage's item, field and length come with the other word's posting). The common word's weight in
-- a passage is taken once (max: the front and the list may both bring it), its counts come from the
-- count entries only (n), and the rest is search_ranked's. Only the last key's front is read (a
-- passage holding two common words and no other is on neither front, so two fronts would miss it):
-- talkbar/search/query.py asks for this form when that key has one and the items are not narrowed.
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
    WHERE doc IN (SELECT doc FROM d)
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

-- One word with a front: search_ranked_one over the front and the tail, each entry counting n.
CREATE MACRO search_ranked_one_front(keys, idfs, avgdl, match_all, cand) AS TABLE
WITH sd AS (
    SELECT item, field = 2 AS cont, max(s) AS best, arg_max(pos, (s, -pos)) AS pos, sum(n)::HUGEINT AS cnt
    FROM (SELECT item, field, n, CASE WHEN field = 2 THEN doc ELSE field END AS pos,
                 idfs[1] * tb_passage_score(field, tf, dl, avgdl) AS s
          FROM (SELECT unnest(docs) AS doc, unnest(items) AS item, unnest(fields) AS field, unnest(tfs) AS tf,
                       unnest(dls) AS dl, unnest(ns) AS n
                FROM search_fronts WHERE key = keys[1]
                UNION ALL
                SELECT doc_no, item, field, tf, dl, 1 FROM search_tail WHERE key = keys[1])
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
