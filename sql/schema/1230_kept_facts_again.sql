-- migration: 1230_kept_facts_again
-- The kept folded text of the list filters (1100, 1130, 1140, 1160, 1180) written again from the
-- items. Until now a write that came while another thread of the same process was still loading
-- the write hooks (talkbar/hooks.py, load_plugins) was committed without them: a note created by a
-- fresh MCP server beside its first write had no kept text, so a list filter never found it (and
-- one edited then kept its old text). Whatever such writes left, the kept text is the items' again.
DELETE FROM chat_facts;
INSERT INTO chat_facts SELECT * FROM chat_facts_of((SELECT coalesce(list(chat_id), []) FROM chats));
DELETE FROM suggestion_facts;
INSERT INTO suggestion_facts SELECT * FROM suggestion_facts_of((SELECT coalesce(list(suggestion_id), []) FROM suggestions));
DELETE FROM note_facts;
INSERT INTO note_facts SELECT * FROM note_facts_of((SELECT coalesce(list(note_id), []) FROM notes));
DELETE FROM card_facts;
INSERT INTO card_facts SELECT * FROM card_facts_of((SELECT coalesce(list(memory_id), []) FROM knowledge_cards));
DELETE FROM action_item_facts;
INSERT INTO action_item_facts SELECT * FROM action_item_facts_of((SELECT coalesce(list(item_id), []) FROM action_items));
