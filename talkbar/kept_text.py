"""What the list filters read of an item's text, kept folded in the same transaction as the text:
chat_facts (chats.list, migration 1100), suggestion_facts (knowledge.suggestions.list, 1130),
note_facts (notes.list, 1140), card_facts (knowledge.list, 1160) and action_item_facts
(action_items.list, 1180). Folding every item's text on each call cost a list 24-254 ms once a
workspace held a few thousand notes, chats or suggestions (or tens of thousands of cards or action
items), growing with all it ever held.

Every writer of an item's searchable text says which items it touched (talkbar/hooks.py), as the
search index needs too; an import writes whole workspaces. Suggestions' text is written by an
import only (a review changes their state).
"""

from talkbar import hooks, sqlfiles

# the kind a write touches -> (the query that writes those items' facts, its parameter)
ON_CHANGE = {"chat": ("chat_facts.of_chats", "chat_ids"), "note": ("note_facts.of_notes", "note_ids"),
             "memory": ("card_facts.of_cards", "memory_ids"),
             "action_item": ("action_item_facts.of_items", "item_ids")}
AFTER_IMPORT = ("chat_facts.of_workspaces", "suggestion_facts.of_workspaces", "note_facts.of_workspaces",
                "card_facts.of_workspaces", "action_item_facts.of_workspaces")


@hooks.on_change
def on_change(cur, workspace_id, touched, live=None):
    for kind, ids in hooks.by_kind(touched).items():
        if kind in ON_CHANGE:
            query, param = ON_CHANGE[kind]
            sqlfiles.call(cur, query, **{param: ids})


@hooks.on_after_import
def after_import(cur, workspace_ids):
    for query in AFTER_IMPORT:
        sqlfiles.call(cur, query, workspace_ids=workspace_ids)
