-- migration: 1250_search_turn_passages_doubled
-- The index check as 1240 first ran it (talkbar/search/check.py, until this migration) joined a
-- stale turn passage with every turn of the same id in the range of sessions it compared; a turn's
-- id is unique within its session only (a file may number every session's turns t0, t1 …), so it
-- wrote, for one turn, a passage with each such turn's words: the session was then found by another
-- session's words. Its mark is a turn with two passages, which nothing else writes. A workspace
-- whose index holds one is marked as built under tokeniser 1, and so built again whole at its first
-- search or write (index.ensure); a check could not tell which of the two is the turn's own.
-- At 6 M turns (one passage per turn) the query below reads 6 M passages' items and parts.
INSERT INTO search_tokeniser
SELECT DISTINCT i.workspace_id, 1
FROM (SELECT item_no FROM search_docs WHERE field = 2 GROUP BY item_no, part HAVING count(*) > 1) d
JOIN search_items i USING (item_no)
WHERE i.kind = 'session'
ON CONFLICT (workspace_id) DO UPDATE SET version = 1;
