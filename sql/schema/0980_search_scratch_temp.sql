-- migration: 0980_search_scratch_temp
-- A bulk build's postings before they settle, their sorted copy and the vocabulary live in
-- temporary tables of the building connection (sql/search/index.sql, search.scratch.*), not in the
-- database file. Written into the file, then deleted before commit, they left an import's file
-- half free blocks, which DuckDB does not give back: at 6 M turns 5,414 of 10,494 blocks (2.5 GiB on
-- disk for 1.2 GiB of data), at 600 k turns 413 of 977.
DROP TABLE search_vocab;
DROP TABLE search_settle;
