-- migration: 0980_search_settle_dropped
-- A bulk build's postings go into the tail in runs sorted by term key (sql/search/index.sql,
-- search.bulk.postings), which settle() folds into the term lists a key range at a time, reading
-- a row group or two of each run; the sorted copy of the tail they were first gathered into is
-- gone. Written into the file and deleted before commit, that copy had left an import's file
-- with a further fifth of its blocks free, which DuckDB does not give back.
DROP TABLE search_settle;
