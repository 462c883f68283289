-- migration: 0881_turns_by_session_no
-- An index on turns(session_no), for the reads of one short session. Turns are stored in
-- session_no order (0850), so a read `WHERE session_no = …` opens one row group, but it still
-- scans that group's 122,880 keys: 2.1–3.0 ms for a 6-turn session of a 100,000-session archive,
-- 0.8–1.5 ms through this index. For a long session the scan is the cheaper (300 turns: 2.0 ms
-- scanned, 4.0 ms fetched one by one through the index), so the connection's settings (db.settings)
-- let DuckDB use the index only when it finds at most 64 rows. An integer key with runs of equal
-- values costs the index ~6 bytes a turn on disk.
CREATE INDEX turns_by_session_no ON turns (session_no);
