"""knowledge.pin and knowledge.assign, and writing a card from what knowledge extraction proposed
(for suggestions). The other knowledge.* operations are rows of ops.toml: a card's status moves
are each row's `status` rule (the spec's transition table), with the pin and archive-date rules
that go with a move in the SQL (knowledge_card.set_status).
"""

from talkbar import items
from talkbar.errors import not_found


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


def assign(ctx, args):
    memory_ids = list(dict.fromkeys(args["memoryIds"]))
    unknown = ctx.sql("knowledge.assign:unknown", memory_ids=memory_ids)
    if unknown:
        raise not_found(f"Knowledge cards not found in workspace: {', '.join(unknown)}")
    items.check(ctx, (("projectId", "project"),), args, need_live=True)
    changed = ctx.sql("knowledge.assign", memory_ids=memory_ids)
    for row in changed:
        ctx.touch("memory", row["memoryId"])
    return {"memoryIds": memory_ids, "projectId": args["projectId"], "changed": len(changed)}
