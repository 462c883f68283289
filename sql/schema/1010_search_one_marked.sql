-- migration: 1010_search_one_marked
-- A single word whose list keeps removed passages (marks: 1000_search_marks.sql) is ranked without
-- grouping its postings by passage again: the one-word forms (search_ranked_one, 0930, and
-- search_ranked_one_front, 0940) with the word's marked passages left out before they are read.
--
-- Since 1000 such a word went to search_ranked (or search_ranked_front), which groups every posting
-- by passage to find the marked ones: the cost one-word searches shed at 0930. A mark stays until
-- the next compaction, which at 6 M turns comes when the tail holds 3.3 M postings (months of
-- recording), so every word of every title, note or turn edited meanwhile paid it.
-- Measured with one passage marked in the list of each one-word query of bench/scale.py's (6 M
-- turns, 71 words) and bench/search.py's (602 k, 49), whole searches in process, any word, 3 rounds
-- after one untimed, three ways interleaved: these forms / grouped by passage (as since 1000) / the
-- unmarked one-word forms (wrong answers: the removed passage stays in; the floor):
--   6 M turns:  p50 16.68 / 20.97 / 16.48 ms, p95 24.37 / 35.59 / 23.79; "risk" (1.0 M postings,
--               a front) 21.11 / 44.93 / 19.24;
--   602 k:      p50 11.05 / 13.95 / 10.73 ms, p95 16.30 / 22.61 / 16.02; "review" (61 k postings)
--               16.30 / 24.47 / 13.90;
-- and the whole answers of these forms and the grouped ones the same (both modes, limits 20 and
-- 100: 288 and 196 answers).
--
-- Left out: every row of a passage the word has a mark for. A search that groups by passage drops
-- exactly those (a passage with a mark among its rows is not one), so the rows are the grouped
-- forms' for one word, whose passages each hold it once: the same scores, best passages and counts
-- (tests/test_search_fronts.py, tests/test_search_marks.py). The anti-join costs a statement that
-- binds it even when nothing is marked (0.36 ms of a 3.4 ms one-word search), so these are forms of
-- their own, chosen only for a word with marks (talkbar/search/query.py, ranking_form()); `marked`
-- and `cand` are unused (every ranking macro takes the same arguments).
CREATE MACRO search_ranked_one_marked(keys, idfs, avgdl, match_all, cand, marked) AS TABLE
WITH sd AS (
    SELECT item, field = 2 AS cont, max(s) AS best, arg_max(pos, (s, -pos)) AS pos,
           (count(*) & 65535)::DOUBLE AS held
    FROM (SELECT item, field, CASE WHEN field = 2 THEN doc ELSE field END AS pos,
                 idfs[1] * tb_passage_score(field, tf, dl, avgdl) AS s
          FROM (SELECT unnest(docs) AS doc, unnest(items) AS item, unnest(fields) AS field, unnest(tfs) AS tf,
                       unnest(dls) AS dl
                FROM search_lists WHERE key = keys[1]
                UNION ALL
                SELECT doc_no, item, field, tf, dl FROM search_tail WHERE key = keys[1])
          WHERE doc NOT IN (SELECT doc_no FROM search_tail WHERE key = keys[1] AND tf < 0))
    GROUP BY item, field = 2
),
sv AS (
    SELECT item, cont, pos, (best + tb_cover_term(idfs[1], held)) * CASE WHEN cont THEN 1 ELSE 2 END AS v
    FROM sd
)
SELECT item, NOT arg_max(cont, (v, NOT cont)) AS own_wins, min(pos) FILTER (WHERE NOT cont) = 0 AS in_title,
       arg_max(CASE WHEN cont THEN pos END, (v, NOT cont)) AS doc, max(v) AS r
FROM sv GROUP BY item;

-- A front keeps a removed passage of a name or own text as a posting of its own (1000), left out
-- here the same way; a removed transcript passage has left it already.
CREATE MACRO search_ranked_one_front_marked(keys, idfs, avgdl, match_all, cand, marked) AS TABLE
WITH sd AS (
    SELECT item, field = 2 AS cont, max(s) AS best, arg_max(pos, (s, -pos)) AS pos,
           (sum(n) & 65535)::DOUBLE AS held
    FROM (SELECT item, field, n, CASE WHEN field = 2 THEN doc ELSE field END AS pos,
                 idfs[1] * tb_passage_score(field, tf, dl, avgdl) AS s
          FROM (SELECT unnest(docs) AS doc, unnest(items) AS item, unnest(fields) AS field, unnest(tfs) AS tf,
                       unnest(dls) AS dl, unnest(ns) AS n
                FROM search_fronts WHERE key = keys[1]
                UNION ALL
                SELECT doc_no, item, field, tf, dl, 1 FROM search_tail WHERE key = keys[1])
          WHERE doc NOT IN (SELECT doc_no FROM search_tail WHERE key = keys[1] AND tf < 0))
    GROUP BY item, field = 2
),
sv AS (
    SELECT item, cont, pos, (best + tb_cover_term(idfs[1], held)) * CASE WHEN cont THEN 1 ELSE 2 END AS v
    FROM sd
)
SELECT item, NOT arg_max(cont, (v, NOT cont)) AS own_wins, min(pos) FILTER (WHERE NOT cont) = 0 AS in_title,
       arg_max(CASE WHEN cont THEN pos END, (v, NOT cont)) AS doc, max(v) AS r
FROM sv GROUP BY item;
