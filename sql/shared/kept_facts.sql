-- name: chat_facts.of_chat
-- returns: exec
-- params: $chat_id
-- A chat's facts written again (sql/schema/1100_chat_facts.sql): chats.update may have renamed it.
INSERT OR REPLACE INTO chat_facts SELECT * FROM chat_facts_of([$chat_id])

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
