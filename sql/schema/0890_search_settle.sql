-- migration: 0890_search_settle
-- Scratch for settling a bulk build (talkbar/search/postings.py settle()): the tail's postings
-- sorted by term key once, so that the term lists are then built a key range at a time, each
-- range reading only its own row groups (zone maps on the sorted key). Before, every share of
-- the terms scanned the whole tail: 131 scans of 65 M postings at 6 M turns. Empty between
-- imports; the columns are the tail's.
CREATE TABLE search_settle AS SELECT * FROM search_tail LIMIT 0;
