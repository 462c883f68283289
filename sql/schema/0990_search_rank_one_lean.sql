-- migration: 0990_search_rank_one_lean
-- The one-word rankings (search_ranked_one, 0930; search_ranked_one_front, 0940) bind less.
--
-- DuckDB binds and plans every statement anew, and for a one-word search the ranking statement
-- spent more time there than reading the postings. Two parts of it are bound for nothing:
--   * the narrowing to `cand`, a subquery: a one-word search is never narrowed
--     (talkbar/search/query.py, term_stats(): a word's known items are all the items of its list);
--   * tb_cover's lambda over the query's words, for one word: its one term, tb_cover_term below,
--     which tb_cover now calls for each word too (the same expression as before, so the scores are
--     the same bit for bit; the word's count is cnt's low 16 bits, as tb_held reads it).
-- Both macros keep their arguments (`cand` unused), so the statements that call them do not change.
--
-- Measured on the one-word rankings of bench/search.py's queries in both modes, the ranking statement
-- alone, the macros before and after as temporary ones, interleaved, 3 rounds, the same rows in
-- every statement: 602 k turns (142 statements, @one and @one_front) p50 3.82 -> 3.13 ms; 60 k turns
-- (131) 3.19 -> 2.58 ms. Of it, profiled, binding 1.07 -> 0.84 ms and all planning 1.57 -> 1.30 ms.
-- (tb_cover calling tb_cover_term against the lambda written out: the multi-word ranking statements
-- of bench/search.py's 60 k-turn queries, 200 x 3 interleaved, the same rows, p50 3.93 and 3.92 ms.)
CREATE MACRO tb_cover_term(idf, held) AS idf * held / (held + 1);

CREATE OR REPLACE MACRO tb_cover(idfs, cnt, mask) AS
    coalesce(list_sum(list_transform(range(len(idfs)), lambda j: tb_cover_term(idfs[j + 1], tb_held(cnt, mask, j)))), 0);

DROP MACRO TABLE search_ranked_one;

CREATE MACRO search_ranked_one(keys, idfs, avgdl, match_all, cand) AS TABLE
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

CREATE MACRO search_ranked_one_front(keys, idfs, avgdl, match_all, cand) AS TABLE
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
