-- migration: 0400_search
-- Full-text search (talkbar/search/): our own postings, written in the same transaction as the
-- items they index, and BM25 computed in one query per search (sql/ops/workspace.search.sql).
--
-- The text folding of the list filters agrees with the search's tokeniser (talkbar/search/text.py):
-- besides strip_accents (which also turns ё into е and й into и), a few letters that have no
-- accent to strip read as plain Latin (ß → ss, ł → l, ø → o, æ → ae …), so `Lukasz` finds Łukasz
-- in a list filter exactly as it does in search.
CREATE OR REPLACE MACRO tb_fold(x) AS
    translate(replace(replace(replace(replace(strip_accents(lower(x)), 'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), 'þ', 'th'),
              'łøđðħı', 'loddhi');

-- One row per indexed item. item_no is the small integer the postings carry.
CREATE SEQUENCE search_item_seq;
CREATE TABLE search_items (
    item_no      INTEGER PRIMARY KEY,
    workspace_id VARCHAR NOT NULL,
    kind         VARCHAR NOT NULL,     -- session | note | document | chat | action_item | project | series | person | company | memory
    item_id      VARCHAR NOT NULL
);

-- One row per indexed passage: an item's title (field 0), its own text (1), or a passage of its
-- indexed content (2): a transcript turn (part = turn id, t_ms = its start) or a piece of a
-- document's extracted text (part = "chars:<from>-<to>"). A content passage keeps its text as
-- indexed (a turn with its speaker's name) for the snippet: finding one turn among all the
-- transcripts by its VARCHAR ids would read them whole (string zone maps hold 8 bytes, and every
-- session id starts alike), while search_docs is read by integer item numbers.
CREATE SEQUENCE search_doc_seq;
CREATE TABLE search_docs (
    doc_no   INTEGER NOT NULL,
    item_no  INTEGER NOT NULL,
    field    TINYINT NOT NULL,
    part     VARCHAR NOT NULL,
    t_ms     BIGINT,
    changed  BIGINT,                   -- a turn's changed_at_ms (what the next incremental pass starts after)
    len      INTEGER NOT NULL,         -- number of terms
    text     VARCHAR                   -- content passages: the text as indexed, for snippets
);

-- The postings: which passage holds which term how often. `key` is a 64-bit hash of
-- (workspace, term) made by the tokeniser, so one workspace's postings of a term lie together and
-- document frequencies are per workspace without a column for it. `item`, `field` and `dl` (the
-- passage's length) are copied from search_docs so that scoring needs no join.
-- search_postings is kept sorted by (key, doc_no): DuckDB's zone maps then read only the row groups
-- of the searched terms. New postings go to search_tail (small, unsorted) until a compaction
-- (talkbar/search/compact.py) folds it into a new, sorted search_postings. A removed passage's
-- postings are deleted from both at once; search_dead lists it for the compaction under way, whose
-- copy may still hold it.
CREATE TABLE search_postings (
    key    BIGINT NOT NULL,
    doc_no INTEGER NOT NULL,
    item   INTEGER NOT NULL,
    field  TINYINT NOT NULL,
    tf     SMALLINT NOT NULL,
    dl     INTEGER NOT NULL
);
CREATE TABLE search_tail AS SELECT * FROM search_postings LIMIT 0;
CREATE TABLE search_dead (
    doc_no INTEGER NOT NULL
);

-- Per workspace: how many passages and terms (BM25's N and average length).
CREATE TABLE search_stats (
    workspace_id VARCHAR PRIMARY KEY,
    n_docs       BIGINT NOT NULL,
    total_len    BIGINT NOT NULL
);

-- Scratch tables of the bulk build (emptied before it commits).
CREATE TABLE search_stage (
    doc_no  INTEGER NOT NULL,
    item_no INTEGER NOT NULL,
    part    VARCHAR NOT NULL,
    t_ms    BIGINT,
    changed BIGINT,
    text    VARCHAR NOT NULL
);
CREATE TABLE search_vocab (
    word VARCHAR NOT NULL,
    key  BIGINT NOT NULL
);

-- Compaction (talkbar/search/compact.py) builds search_next (a sorted copy of search_postings and
-- search_tail) with search_next_docs (the tail passages it took in) and search_next_info (the
-- generation it was built from) in a background transaction; the next write swaps it in. A rebuild moves the generation on, so a copy of older postings is dropped.
CREATE TABLE search_state (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    generation BIGINT NOT NULL
);
INSERT INTO search_state VALUES (1, 1);
CREATE TABLE search_next_info (
    generation BIGINT NOT NULL
);

-- Which project each item belongs to, for the search's projectId filter (people and companies
-- through their project links; a project belongs to itself).
CREATE VIEW search_project_items AS
SELECT 'session' AS kind, session_id AS item_id, project_id FROM sessions
UNION ALL SELECT 'note', note_id, project_id FROM notes
UNION ALL SELECT 'document', document_id, project_id FROM documents
UNION ALL SELECT 'chat', chat_id, project_id FROM chats
UNION ALL SELECT 'action_item', item_id, project_id FROM action_items
UNION ALL SELECT 'project', project_id, project_id FROM projects
UNION ALL SELECT 'series', series_id, project_id FROM series
UNION ALL SELECT 'person', contact_id, project_id FROM contact_projects
UNION ALL SELECT 'company', organization_id, project_id FROM organization_projects
UNION ALL SELECT 'memory', memory_id, project_id FROM knowledge_cards;

-- BM25 over the postings, one row per matching item of a workspace (the body of workspace.search,
-- kept in one place for its two variants). Document frequencies first, from the key column alone;
-- with match_all, the candidates are the items holding the rarest term, and the postings of the
-- other terms are read for those items only (rarest term first). Per item and query term: the
-- best passage of its own text (a title counts double) and of its indexed content; then how many
-- of the query terms each side covers. The side covering more reports the item (own text on a
-- tie): 10 + its BM25 for own text, below 10 for content only. `words`: how many of the query
-- terms the item holds anywhere (items holding more rank first).
CREATE MACRO search_ranked(ws, keys, n_terms, match_all) AS TABLE
WITH st AS (
    SELECT n_docs::DOUBLE AS n, total_len::DOUBLE / greatest(n_docs, 1) AS avgdl
    FROM search_stats WHERE workspace_id = ws
),
df AS (
    SELECT key, count(*) AS df
    FROM (SELECT key FROM search_postings WHERE list_contains(keys, key)
          UNION ALL SELECT key FROM search_tail WHERE list_contains(keys, key))
    GROUP BY key
),
idf AS (SELECT df.key, ln(1 + (st.n - df.df + 0.5) / (df.df + 0.5)) AS idf FROM df CROSS JOIN st),
rarest AS (SELECT arg_min(key, df) AS key FROM df WHERE match_all),
cand AS (
    SELECT item FROM search_postings WHERE key = (SELECT key FROM rarest)
    UNION SELECT item FROM search_tail WHERE key = (SELECT key FROM rarest)
),
h AS (
    SELECT key, item, field, tf, dl FROM search_postings
    WHERE list_contains(keys, key) AND (NOT match_all OR item IN (SELECT item FROM cand))
    UNION ALL
    SELECT key, item, field, tf, dl FROM search_tail
    WHERE list_contains(keys, key) AND (NOT match_all OR item IN (SELECT item FROM cand))
),
w AS (
    SELECT h.item, h.key, h.field,
           h.tf::DOUBLE / (h.tf::DOUBLE + 0.3::DOUBLE + 0.9::DOUBLE * h.dl::DOUBLE / st.avgdl) AS w
    FROM h CROSS JOIN st
),
t AS (
    SELECT item, key, max(CASE WHEN field = 0 THEN 2 * w WHEN field = 1 THEN w END) AS own,
           max(field = 0) AS in_title, max(CASE WHEN field = 2 THEN w END) AS cont
    FROM w GROUP BY item, key
),
i AS (
    SELECT t.item, count(*) AS n_all, count(t.own) AS n_own, count(t.cont) AS n_cont, bool_or(t.in_title) AS in_title,
           coalesce(sum(2.2 * idf.idf * t.own), 0) * count(t.own) AS s_own,
           coalesce(sum(2.2 * idf.idf * t.cont), 0) * count(t.cont) AS s_cont
    FROM t JOIN idf USING (key)
    GROUP BY t.item
)
SELECT s.kind, s.item_id AS id, i.item, i.n_all AS words, i.n_own > 0 AND i.n_own >= i.n_cont AS own_wins, i.in_title,
       CASE WHEN i.n_own > 0 AND i.n_own >= i.n_cont THEN 10 + i.s_own / n_terms
            ELSE 10 * i.s_cont / (i.s_cont + 4 * n_terms) END AS score
FROM i JOIN search_items s ON s.item_no = i.item
WHERE s.workspace_id = ws AND (NOT match_all OR i.n_all = n_terms);
