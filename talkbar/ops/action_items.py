"""action_items.* reads and remove, and the item shape other families reuse.

The shape lives in sql/shared/action_items_shape.sql (`action_items.rows`, by ids); `rows(ctx, ids,
fields)` reads it and keeps the fields a caller shows: GET_FIELDS (action_items.get, and every write
that answers with the item) or LIST_FIELDS (action_items.list rows).
"""

from talkbar import textmatch
from talkbar.ops.lifecycle import KINDS, need_args, need_live

ITEM = KINDS["action_items"]
GET_FIELDS = ("itemId", "itemType", "labelId", "label", "title", "details", "status", "dueAtMs", "answer",
              "sessionId", "sessionTitle", "projectId", "assignees", "origin", "sources", "resolvedAtMs",
              "createdAt", "updatedAt")
LIST_FIELDS = ("itemId", "itemType", "label", "title", "status", "dueAtMs", "sessionId", "sessionTitle",
               "projectId", "assignees", "anchor", "updatedAt")


def rows(ctx, item_ids, fields=GET_FIELDS):
    """Items in `item_ids` order, each with just `fields`."""
    item_ids = list(item_ids)
    if not item_ids:  # a session with no items (most): no query
        return []
    return [{k: row[k] for k in fields} for row in ctx.sql("action_items.rows", item_ids=item_ids)]


def item(ctx, item_id):
    """One visible item in the shape of action_items.get (not_found if hidden or gone)."""
    need_live(ctx, ITEM, item_id)
    return rows(ctx, [item_id])[0]


def listing(ctx, args):
    if args.get("sessionId") is not None:
        need_args(ctx, args, "sessionId")
    else:
        need_args(ctx, args, "projectId", "seriesId")
    need_args(ctx, args, "contactIds")
    ids = ctx.sql("action_items.list", words=textmatch.words(args.get("text")))
    return {"items": rows(ctx, ids, LIST_FIELDS)}


def get(ctx, args):
    return item(ctx, args["itemId"])


def remove(ctx, args):
    state = need_live(ctx, ITEM, args["itemId"])
    for part in ("action_items.remove", "action_items.remove:assignees", "action_items.remove:sources",
                 "action_items.remove:item"):
        ctx.sql(part)
    if state["sessionId"]:
        ctx.bump_session(state["sessionId"])
    return {"removed": True, "itemId": args["itemId"], "sessionId": state["sessionId"],
            "projectId": state["projectId"]}
