-- migration: 0880_page_rules_read_apart
-- Two rules of the session page are no longer table macros expanded into each statement that
-- needed them: DuckDB spent longer binding and planning them (7–10 ms a session read) than
-- reading the few rows they stand on (under 1 ms).
-- - The participants' shown names ("Speaker N" / "Участник N" by first turn) are given in
--   talkbar/speaker_names.py over rows from sql/shared/session_speakers.sql.
-- - When the conversation came back to a card or a brought-in item is one grouped read per kind
--   (came_up.moments in sql/shared/came_up.sql), only where there are targets.
DROP MACRO TABLE tb_session_speakers;
DROP MACRO TABLE tb_speakers_of;
DROP MACRO tb_came_up;
