-- What the list filters read of an item's text, kept folded (talkbar/kept_text.py writes it).

-- name: chat_facts.of_chats
-- returns: exec
-- params: $chat_ids
-- The facts of chats whose text a write changed (sql/schema/1100_chat_facts.sql; chats.update may
-- have renamed them; talkbar/kept_text.py).
INSERT OR REPLACE INTO chat_facts SELECT * FROM chat_facts_of($chat_ids)

-- name: chat_facts.of_workspaces
-- returns: exec
-- params: $workspace_ids
-- The facts of every chat of these workspaces, written by an import once their chats and messages are.
INSERT OR REPLACE INTO chat_facts
SELECT * FROM chat_facts_of((SELECT coalesce(list(chat_id), []) FROM chats WHERE list_contains($workspace_ids, workspace_id)))

-- name: suggestion_facts.of_workspaces
-- returns: exec
-- params: $workspace_ids
-- The facts of every suggestion of these workspaces (sql/schema/1130_suggestion_facts.sql), written by
-- an import once their suggestions are.
INSERT OR REPLACE INTO suggestion_facts
SELECT * FROM suggestion_facts_of((SELECT coalesce(list(suggestion_id), []) FROM suggestions
                                   WHERE list_contains($workspace_ids, workspace_id)))

-- name: note_facts.of_workspaces
-- returns: exec
-- params: $workspace_ids
-- The facts of every note of these workspaces (sql/schema/1140_note_facts.sql), written by an import.
INSERT OR REPLACE INTO note_facts
SELECT * FROM note_facts_of((SELECT coalesce(list(note_id), []) FROM notes WHERE list_contains($workspace_ids, workspace_id)))

-- name: note_facts.of_notes
-- returns: exec
-- params: $note_ids
-- The facts of notes whose text a write changed (talkbar/kept_text.py).
INSERT OR REPLACE INTO note_facts SELECT * FROM note_facts_of($note_ids)

-- name: card_facts.of_workspaces
-- returns: exec
-- params: $workspace_ids
-- The facts of every knowledge card of these workspaces (sql/schema/1160_card_facts.sql), written by
-- an import.
INSERT OR REPLACE INTO card_facts
SELECT * FROM card_facts_of((SELECT coalesce(list(memory_id), []) FROM knowledge_cards
                             WHERE list_contains($workspace_ids, workspace_id)))

-- name: card_facts.of_cards
-- returns: exec
-- params: $memory_ids
-- The facts of cards whose text a write changed (talkbar/kept_text.py).
INSERT OR REPLACE INTO card_facts SELECT * FROM card_facts_of($memory_ids)

-- name: action_item_facts.of_workspaces
-- returns: exec
-- params: $workspace_ids
-- The facts of every action item of these workspaces (sql/schema/1180_action_item_facts.sql),
-- written by an import.
INSERT OR REPLACE INTO action_item_facts
SELECT * FROM action_item_facts_of((SELECT coalesce(list(item_id), []) FROM action_items
                                    WHERE list_contains($workspace_ids, workspace_id)))

-- name: action_item_facts.of_items
-- returns: exec
-- params: $item_ids
-- The facts of items whose text a write changed (talkbar/kept_text.py).
INSERT OR REPLACE INTO action_item_facts SELECT * FROM action_item_facts_of($item_ids)
