"""knowledge.*: knowledge cards (suggestions are talkbar.ops.suggestions).

A card is approved, outdated or archived. MOVES is the spec's transition table, the one place it
lives: each status operation moves a card from the statuses listed to its target; asking for the
status a card already has changes nothing, any other move is `failed`. The pin and archive-date
rules that go with a move are in the SQL (knowledge_card.set_status).
"""

from talkbar.errors import failed, not_found
from talkbar.ops.lookups import live, words

# operation -> (statuses it moves a card from, the status it moves it to)
MOVES = {
    "knowledge.mark_outdated": (("approved",), "outdated"),
    "knowledge.archive": (("approved", "outdated"), "archived"),
    "knowledge.approve": (("outdated", "archived"), "approved"),
    "knowledge.restore": (("outdated", "archived"), "approved"),
}


def card(ctx, memory_id):
    return ctx.need("knowledge_card.one", ctx.op.missing, memory_id=memory_id)


# ---------------------------------------------------------------------- reads
def listing(ctx, args):
    live(ctx, "project", args.get("projectId"))
    live(ctx, "session", args.get("sessionId"))
    return ctx.sql("knowledge.list", words=words(args))


def get(ctx, args):
    found = card(ctx, args["memoryId"])
    found["sources"] = ctx.sql("knowledge.get", memory_id=args["memoryId"])
    return found


# ---------------------------------------------------------------------- writes
def create_card(ctx, fields, *, project_id, session_id=None, confidence=None, created_by="user", sources=()):
    """Insert an approved card from knowledge.create-shaped fields; return its id."""
    memory_id = ctx.new_id("memory")
    ctx.sql("knowledge_card.insert", memory_id=memory_id, title=fields["title"].strip(),
            body=fields.get("body", ""), type=fields.get("type", "fact"), pinned=fields.get("pinned", False),
            confidence=confidence, project_id=project_id, session_id=session_id, created_by=created_by)
    if sources:
        ctx.sql("knowledge_card.insert_sources", memory_id=memory_id,
                source_types=[s["sourceType"] for s in sources], source_ids=[s["sourceId"] for s in sources],
                at_ms=[s.get("atMs") for s in sources], quotes=[s.get("quote") for s in sources])
    return memory_id


def update_card(ctx, memory_id, fields):
    """Change the title, text or type given in `fields` (knowledge.update-shaped)."""
    card(ctx, memory_id)
    title = fields.get("title")
    ctx.sql("knowledge_card.update", memory_id=memory_id, title=title.strip() if title else None,
            body=fields.get("body"), type=fields.get("type"))
    return memory_id


def create(ctx, args):
    memory_id = create_card(ctx, args, project_id=live(ctx, "project", args.get("projectId")))
    return card(ctx, memory_id)


def update(ctx, args):
    return card(ctx, update_card(ctx, args["memoryId"], args))


def pin(ctx, args):
    current = card(ctx, args["memoryId"])
    if args["pinned"] and current["status"] != "approved":
        raise failed(f"Only approved cards can be pinned, and this one is {current['status']}. "
                     "Approve it first with knowledge.approve.")
    ctx.sql("knowledge.pin", memory_id=args["memoryId"], pinned=args["pinned"])
    return {"memoryId": args["memoryId"], "pinned": args["pinned"]}


def assign(ctx, args):
    memory_ids = list(dict.fromkeys(args["memoryIds"]))
    unknown = ctx.sql("knowledge.assign:unknown", memory_ids=memory_ids)
    if unknown:
        raise not_found(f"Knowledge cards not found in workspace: {', '.join(unknown)}")
    project_id = live(ctx, "project", args["projectId"])
    changed = ctx.sql("knowledge.assign", memory_ids=memory_ids, project_id=project_id)
    for row in changed:
        ctx.touch("memory", row["memoryId"])
    return {"memoryIds": memory_ids, "projectId": project_id, "changed": len(changed)}


def move(ctx, args):
    """knowledge.mark_outdated / archive / approve / restore, by the MOVES table."""
    sources, target = MOVES[ctx.op.id]
    current = card(ctx, args["memoryId"])
    status = current["status"]
    if status == target:
        return current   # already there: nothing changes
    if status not in sources:
        raise failed(f"This card is {status}, and {ctx.op.id} only applies to "
                     f"{' or '.join(sources)} cards. Bring it back with knowledge.restore first.")
    ctx.sql("knowledge_card.set_status", memory_id=args["memoryId"], status=target)
    return card(ctx, args["memoryId"])


def confirm(ctx, args):
    card(ctx, args["memoryId"])
    ctx.sql("knowledge.confirm", memory_id=args["memoryId"])
    return card(ctx, args["memoryId"])
