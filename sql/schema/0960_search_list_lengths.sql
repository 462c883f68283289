-- migration: 0960_search_list_lengths
-- Each term list keeps its length (n: how many passages hold the term), so that a search reads its
-- words' document frequencies by key without reading their lists.
--
-- workspace.search:terms took len(docs), and DuckDB reads a list's entries to measure it: at 6 M
-- turns the counts of "maya palletisation update" took 4.3 ms (7.7 ms with an all-words search's
-- items), against 0.5 ms for the keys alone, and every search pays that statement. With n: 0.5 ms
-- (3.5 ms with the items). Every statement that writes search_lists (or the compaction's copy,
-- search_next) sets n with the lists.
--
-- The table is made again with the column (in key order, as a compaction makes it): DuckDB cannot
-- add a NOT NULL column to a keyed table and fill it in one transaction.
CREATE TABLE search_lists_n (
    key    BIGINT PRIMARY KEY,
    docs   INTEGER[] NOT NULL,
    items  INTEGER[] NOT NULL,
    fields TINYINT[] NOT NULL,
    tfs    SMALLINT[] NOT NULL,
    dls    INTEGER[] NOT NULL,
    n      INTEGER NOT NULL         -- len(docs)
);
INSERT INTO search_lists_n SELECT key, docs, items, fields, tfs, dls, len(docs) FROM search_lists ORDER BY key;
DROP TABLE search_lists;
ALTER TABLE search_lists_n RENAME TO search_lists;
