"""The action item shape other families reuse (the action_items.* reads and remove are rows of
ops.toml; the writes are action_item_writes.py).

The shape is the table macro action_item_rows_of (sql/schema/1090_action_item_rows_of.sql), read by ids with
`action_items.rows`; `rows(ctx, ids)` gives items in action_items.get's shape (GET_FIELDS).
"""

from talkbar import items

GET_FIELDS = ("itemId", "itemType", "labelId", "label", "title", "details", "status", "dueAtMs", "answer",
              "sessionId", "sessionTitle", "projectId", "assignees", "origin", "sources", "resolvedAtMs",
              "createdAt", "updatedAt")


def rows(ctx, item_ids, fields=GET_FIELDS):
    """Items in `item_ids` order, each with just `fields`."""
    item_ids = list(item_ids)
    if not item_ids:  # a session with no items (most): no query
        return []
    return [{k: row[k] for k in fields} for row in ctx.sql("action_items.rows", item_ids=item_ids)]


def item(ctx, item_id):
    """One visible item in the shape of action_items.get (not_found if hidden or gone)."""
    items.live(ctx, items.kind("action_item"), item_id)
    return rows(ctx, [item_id])[0]
