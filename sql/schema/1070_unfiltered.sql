-- migration: 1070_unfiltered
-- tb_unfiltered: what a list's text filter is when the list is asked without words. A list query
-- names it in a `-- when-null: words tb_has_all tb_unfiltered` line (talkbar/sqlfiles.py), so that
-- DuckDB binds no filter for it: tb_has_all(x, NULL) is true too, but binding its lambdas cost each
-- list 0.35-0.5 ms (the statements alone at 6 M turns, p50 of 5 rounds x 16: organizations.list
-- 2.14 -> 1.69 ms, knowledge.list 1.99 -> 1.54, chats.list 3.19 -> 2.82, sessions.list 7.92 -> 7.41,
-- contacts.list 7.60 -> 7.10).
CREATE MACRO tb_unfiltered(hay, words) AS true;
