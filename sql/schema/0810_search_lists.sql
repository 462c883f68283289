-- migration: 0810_search_lists
-- Search, second layout (issue 20): the settled postings as one row per term, its passages held
-- as parallel lists and read by the primary key (search_lists replaces the sorted search_postings,
-- whose rows DuckDB could only reach through zone maps); new postings still go to search_tail
-- until a compaction folds them in. Every passage keeps its text as indexed (titles and own text
-- too): a removed passage's text, tokenised again, names the lists to take it out of, so no list
-- ever holds a passage that is gone and a search needs no filter for removed ones. search_dead
-- becomes the journal of removed (passage, term) pairs a compaction under way applies to its copy.
--
-- The tokeniser changed with it (function words matched after stemming; the words of asking are
-- indexed now): every workspace is indexed again at its first search or write (index.ensure).
DROP MACRO TABLE search_rank;
DROP TABLE IF EXISTS search_next;
DROP TABLE IF EXISTS search_next_docs;
DROP TABLE search_postings;
DROP TABLE search_dead;

CREATE TABLE search_lists (
    key    BIGINT PRIMARY KEY,      -- hash of (workspace, term), as before
    docs   INTEGER[] NOT NULL,      -- the passages holding the term …
    items  INTEGER[] NOT NULL,      -- … their items,
    fields TINYINT[] NOT NULL,      -- fields (0 title, 1 own text, 2 content),
    tfs    SMALLINT[] NOT NULL,     -- how often the passage holds the term,
    dls    INTEGER[] NOT NULL       -- and the passage's length in terms
);
CREATE TABLE search_dead (
    doc_no INTEGER NOT NULL,
    key    BIGINT NOT NULL
);

-- BM25's counts per field (0 title, 1 own text, 2 indexed content): each field's passages are
-- measured against their own average length (a title against titles, a turn against turns).
DROP TABLE search_stats;
CREATE TABLE search_stats (
    workspace_id VARCHAR NOT NULL,
    field        TINYINT NOT NULL,
    n_docs       BIGINT NOT NULL,
    total_len    BIGINT NOT NULL,
    PRIMARY KEY (workspace_id, field)
);

DELETE FROM search_tail;
DELETE FROM search_next_info;
DELETE FROM search_docs;
DELETE FROM search_items;
UPDATE search_state SET generation = generation + 1;

-- The ranking (issue 20), one row per matching item. BM25 scores every passage on its own,
-- against the average length of its field ($avgdl: title, own text, content): names and own text
-- with k1 1.2, b 0.75 (a name that is just the query wins), a title counting double; transcript
-- turns, short by nature, with k1 0.9, b 0.4. Each side of an item -- its name and own text
-- (fields 0, 1), its indexed content (2) -- scores its best passage plus what the query's words
-- weigh (idf) times how much of that side holds them (n passages: n / (n + 1), so at most one idf
-- a word): words said together in one turn count more than the same words scattered over a
-- meeting, yet a meeting that keeps coming back to them is told from one that says them once.
-- Own text weighs double, times the share of the query's words it holds (a name sharing one word
-- with a question does not outrank the passage that answers it); the stronger side reports the
-- item (`own_wins`; then `doc` is NULL, else the best passage of content) and gives its rank `r`.
-- No rule puts the items holding more words first; `all` keeps those holding every word.
-- The passages are grouped once; per term and side the passage counts ride along packed in one
-- HUGEINT (16 bits a term, for the 8 rarest terms: the caller orders `keys` rarest first; a rarer
-- term beyond them counts as held once), the terms an item holds as bits of a BIGINT (`words`).
-- Tuned on QMSum's topics only (bench/relevance.py); the held-back questions were never run.
CREATE MACRO tb_held(cnt, mask, j) AS
    CASE WHEN j < 8 THEN ((cnt >> (16 * j)) & 65535)::DOUBLE ELSE ((mask >> j) & 1)::DOUBLE END;

CREATE MACRO tb_cover(idfs, cnt, mask) AS
    coalesce(list_sum(list_transform(range(len(idfs)),
                                     lambda j: idfs[j + 1] * tb_held(cnt, mask, j) / (tb_held(cnt, mask, j) + 1))), 0);

CREATE MACRO search_ranked(keys, idfs, avgdl, match_all) AS TABLE
WITH h AS (
    SELECT list_position(keys, key) AS t, unnest(docs) AS doc, unnest(items) AS item, unnest(fields) AS field,
           unnest(tfs) AS tf, unnest(dls) AS dl
    FROM search_lists WHERE list_contains(keys, key)
    UNION ALL
    SELECT list_position(keys, key), doc_no, item, field, tf, dl FROM search_tail WHERE list_contains(keys, key)
),
p AS (
    SELECT item, doc, any_value(field) AS field, bit_or(1::BIGINT << (t - 1)) AS mask,
           sum(CASE WHEN t <= 8 THEN 1::HUGEINT << (16 * (t - 1)) ELSE 0 END) AS cnt,
           sum(idfs[t] * CASE field WHEN 2 THEN tf * 1.9 / (tf + 0.9 * (0.6 + 0.4 * dl / avgdl[3]))
                                    WHEN 1 THEN tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * dl / avgdl[2]))
                                    ELSE 2 * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * dl / avgdl[1])) END) AS s
    FROM h GROUP BY item, doc
),
i AS (
    SELECT item, bit_or(mask) AS mask,
           max(s) FILTER (WHERE field < 2) AS own, arg_max(field, s) FILTER (WHERE field < 2) AS own_field,
           sum(cnt) FILTER (WHERE field < 2) AS own_cnt, bit_or(mask) FILTER (WHERE field < 2) AS own_mask,
           max(s) FILTER (WHERE field = 2) AS cont, arg_max(doc, s) FILTER (WHERE field = 2) AS doc,
           sum(cnt) FILTER (WHERE field = 2) AS cont_cnt, bit_or(mask) FILTER (WHERE field = 2) AS cont_mask
    FROM p GROUP BY item
),
v AS (
    SELECT item, own_field, doc,
           coalesce(2 * (own + tb_cover(idfs, own_cnt, own_mask)) * bit_count(own_mask) / len(keys), 0) AS v_own,
           coalesce(cont + tb_cover(idfs, cont_cnt, cont_mask), 0) AS v_cont
    FROM i
    WHERE NOT match_all OR bit_count(mask) = len(keys)
)
SELECT item, v_own >= v_cont AS own_wins, own_field = 0 AS in_title,
       CASE WHEN v_own >= v_cont THEN NULL ELSE doc END AS doc, greatest(v_own, v_cont) AS r
FROM v;
