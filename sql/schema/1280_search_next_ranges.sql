-- migration: 1280_search_next_ranges
-- A compaction's copy (talkbar/search/compact.py) is built a range of keys at a time, and a process
-- that lets the file go stops it at a range's end (at once on a knock; within a few seconds' grace
-- at its idle bound or exit), committing the ranges built: any later write, of any process, goes on
-- from the next range. Thrown away instead, a compaction at 6 M turns (27 s) was lost whenever its
-- process let go sooner: a one-shot CLI write gave it 3 s and then threw it away (each such write
-- took 3.3 s, and an archive written only through the CLI never compacted), and while an MCP
-- server's compaction ran, its connection kept DuckDB's file open after the lease had ended, so
-- that another process's call, even a read, answered `busy` after 5 s.
-- One row per step of the copy of a generation: range_no 0 when its tables were made (of `ranges`
-- ranges of keys, fixed then), n when range n of them was built.
CREATE TABLE search_next_ranges (
    generation BIGINT  NOT NULL,
    range_no   INTEGER NOT NULL,
    ranges     INTEGER NOT NULL
);
-- A copy built whole before this (its search_next_docs without ranges) is not swapped in: the next
-- compaction builds another.
DROP TABLE IF EXISTS search_next;
DROP TABLE IF EXISTS search_next_fronts;
DROP TABLE IF EXISTS search_next_docs;
DELETE FROM search_next_info;
