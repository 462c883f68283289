"""action_items.create, .update and .set_status: the request is checked against the type's rules
(action_item_rules.py) before any id is looked up, then the item is written and answered in the
shape of action_items.get. Writes work while the item's session records; its page revision moves."""

from talkbar import items
from talkbar.ops import action_item_rules as rules
from talkbar.ops.action_items import item, rows
from talkbar.ops import placement


def create(ctx, args):
    fields = rules.new_item(args, ctx.now)
    session_id = args.get("sessionId")
    session = items.live(ctx, items.kind("session"), session_id) if session_id else None
    items.check(ctx, (("projectId", "project"),), args, need_live=True)
    _check_assignees(ctx, args)
    if args.get("labelId") is not None:
        label = items.live(ctx, items.kind("label"), args["labelId"])
        rules.check_label(fields["item_type"], args["labelId"], label["itemType"])
    spot = (placement.place(ctx, session, args, moment_required=False)
            if session and placement.given(args) else None)
    item_id = ctx.new_id("outcome")
    project_id = args["projectId"] if "projectId" in args else (session or {}).get("projectId")
    ctx.sql("action_items.create", item_id=item_id, project_id=project_id, **fields,
            anchor_turn_id=spot and spot.turn_id, anchor_chunk_id=spot and spot.chunk_id,
            anchor_point_id=spot and spot.point_id, anchor_at_ms=spot and spot.at_ms)
    if spot and spot.quote is not None:
        ctx.sql("action_items.create:source", item_id=item_id, quote=spot.quote, turn_id=spot.turn_id,
                at_ms=spot.at_ms)
    _write_assignees(ctx, item_id, args)
    if session_id:
        ctx.bump_session(session_id)
    return rows(ctx, [item_id])[0]


def update(ctx, args):
    current = item(ctx, args["itemId"])
    item_type = args.get("itemType", current["itemType"])
    rules.check_due(item_type, args.get("dueAtMs"))  # wrong requests before lookups
    rules.check_answer(item_type, args.get("answer"))
    if "status" in args:
        rules.check_status(item_type, args["status"])
    _check_assignees(ctx, args)
    ctx.sql("action_items.set_fields", **rules.merged(current, args, ctx.now, _label_type(ctx, current, args)))
    _write_assignees(ctx, args["itemId"], args)
    return _answer(ctx, current)


def set_status(ctx, args):
    current = item(ctx, args["itemId"])
    rules.check_status(current["itemType"], args["status"])
    rules.check_answer(current["itemType"], args.get("answer"))
    ctx.sql("action_items.set_fields", **rules.merged(current, args, ctx.now, _label_type(ctx, current, args)))
    return _answer(ctx, current)


def _label_type(ctx, current, args):
    """The item type of the label the edit names (which must exist), else of the item's own label."""
    label = items.kind("label")
    if "labelId" in args:
        return items.live(ctx, label, args["labelId"])["itemType"]
    if current["labelId"] is None:
        return None
    return (ctx.sql(label.state, item_id=current["labelId"]) or {}).get("itemType")


def _answer(ctx, current):
    if current["sessionId"]:
        ctx.bump_session(current["sessionId"])
    return rows(ctx, [current["itemId"]])[0]


def _check_assignees(ctx, args):
    contacts = [a["contactId"] for a in args.get("assignees", ())
                if isinstance(a, dict) and a.get("contactId") is not None]
    items.check(ctx, (("contactIds", "person"),), {"contactIds": contacts}, need_live=True)


def _write_assignees(ctx, item_id, args):
    if "assignees" not in args:
        return
    names, contact_ids = rules.assignees(args["assignees"])
    ctx.sql("action_items.clear_assignees", item_id=item_id)
    ctx.sql("action_items.set_assignees", item_id=item_id, names=names, contact_ids=contact_ids)
