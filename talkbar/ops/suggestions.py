"""knowledge.suggestions.*: what knowledge extraction proposes, reviewed by the user.

A suggestion is pending (possibly snoozed: still pending, hidden from the pending list until its
time), approving (the app is applying it), approved or dismissed. MOVES says which review moves
apply to which statuses; repeating a move that already holds changes nothing.

Approving applies the proposal the way the matching operation would (knowledge.create/update,
contacts.create/update, organizations.create/update): the proposal is checked against that
operation's own argument schema, so a proposal is held to exactly the rules a user's call is.
"""

import json
from dataclasses import dataclass

from talkbar import paging, validate
from talkbar.errors import OpError, failed, invalid, not_found
from talkbar.manifest import manifest
from talkbar.ops import directory, knowledge
from talkbar.ops.lookups import live, words

# operation -> (statuses it applies to, the status it leaves)
MOVES = {
    "knowledge.suggestions.approve": (("pending",), "approved"),
    "knowledge.suggestions.dismiss": (("pending",), "dismissed"),
    "knowledge.suggestions.snooze": (("pending",), "pending"),
    "knowledge.suggestions.reopen": (("pending", "dismissed"), "pending"),
}
HINTS = {
    "dismissed": "Reopen it first with knowledge.suggestions.reopen.",
    "approved": "It is already applied; appliedCardId names what it created or changed.",
    "approving": "TalkBar is applying it right now; read it again in a moment.",
}


@dataclass(frozen=True)
class Target:
    """What a suggestion of one kind creates or changes."""
    family: str      # its proposal takes the arguments of <family>.create / <family>.update
    id_arg: str
    one: str         # the query that reads one, by its id parameter
    one_param: str
    noun: str
    touch: str       # search index kind


def _directory_target(family):
    """People and companies: what directory.KINDS says of them (their search kind is their noun)."""
    kind = directory.KINDS[family]
    return Target(family, kind.id_arg, f"{kind.name}.one", kind.id_param, kind.touch, kind.touch)


TARGETS = {
    "memory": Target("knowledge", "memoryId", "knowledge_card.one", "memory_id", "knowledge card", "memory"),
    "contact": _directory_target("contacts"),
    "organization": _directory_target("organizations"),
}


def shaped(row):
    """A suggestion as the operations return it: proposal and evidence as JSON values."""
    return {**row, "proposal": json.loads(row["proposal"]), "evidence": json.loads(row["evidence"])}


def suggestion(ctx, suggestion_id):
    rows = ctx.sql("knowledge.suggestions.list", suggestion_id=suggestion_id, status=None, kind=None,
                   project_id=None, words=None, after_created=None, after_id=None, limit=1)
    if not rows:
        raise not_found(ctx.op.missing)
    return shaped(rows[0])


def listing(ctx, args):
    live(ctx, "project", args.get("projectId"))
    after = paging.after(ctx) or [None, None]
    rows = ctx.sql("knowledge.suggestions.list", suggestion_id=None, words=words(args),
                   after_created=after[0], after_id=after[1], limit=args["limit"] + 1)
    items, next_cursor, more = paging.cursor_page(ctx, rows, args["limit"],
                                                  lambda r: (r["createdAt"], r["suggestionId"]))
    return {"suggestions": [shaped(r) for r in items], "hasMore": more, "nextCursor": next_cursor}


# ---------------------------------------------------------------------- review moves
def _visible_state(ctx, current):
    snoozed = current["snoozedUntilMs"]
    return current["status"], (snoozed if snoozed is not None and snoozed > ctx.now else None)


def _refuse_unless_allowed(ctx, current):
    allowed, _ = MOVES[ctx.op.id]
    if current["status"] not in allowed:
        raise failed(f"This suggestion is {current['status']}, so {ctx.op.id} cannot change it. "
                     f"{HINTS[current['status']]}")


def _write(ctx, current, status, snoozed_until_ms=None, applied=None):
    ctx.sql("suggestion.set", suggestion_id=current["suggestionId"], status=status,
            snoozed_until_ms=snoozed_until_ms, applied_card_id=applied or current["appliedCardId"])


def move(ctx, args):
    """dismiss / snooze / reopen."""
    until = args.get("untilMs")
    if until is not None and until <= ctx.now:
        raise invalid(f"untilMs must be in the future (now is {ctx.now} in Unix ms)")
    current = suggestion(ctx, args["suggestionId"])
    status = MOVES[ctx.op.id][1]
    if _visible_state(ctx, current) == (status, until):
        return current   # already there: nothing changes
    _refuse_unless_allowed(ctx, current)
    _write(ctx, current, status, until)
    return suggestion(ctx, args["suggestionId"])


# ---------------------------------------------------------------------- approve
def approve(ctx, args):
    current = suggestion(ctx, args["suggestionId"])
    if current["status"] == "approved":
        return current
    _refuse_unless_allowed(ctx, current)
    gone = ctx.sql("knowledge.suggestions.approve", session_id=current["sessionId"],
                   document_id=current["documentId"])
    if gone and not args["approveWithoutSource"]:
        raise failed(f"The {gone} this suggestion came from is no longer available. Pass "
                     "approveWithoutSource: true to approve it anyway, without the link to its source.")
    try:
        applied = _apply(ctx, current, gone)
    except OpError as err:
        if err.code != "invalid_arguments":
            raise
        raise failed(f"This suggestion cannot be applied as proposed: {err.message.rstrip('.')}. "
                     "Dismiss it, or add what it describes yourself.") from None
    _write(ctx, current, "approved", applied=applied)
    return suggestion(ctx, args["suggestionId"])


def _proposal_args(op_id, proposal, ids):
    """The proposal as arguments of `op_id`, checked by that operation's schema."""
    op = manifest().get(op_id)
    given = proposal if isinstance(proposal, dict) else {}
    fields = {k: v for k, v in given.items() if k in op.schema["properties"] and k != "workspaceId" and v is not None}
    return validate.check(op, {**fields, **ids})


def _apply(ctx, sug, gone):
    """Create or change what the suggestion proposes; return its id."""
    target = TARGETS.get(sug["kind"])
    action = sug["action"]
    if target is None or action not in ("create", "update"):
        raise failed(f"TalkBar cannot apply a suggestion with action {action!r} for kind {sug['kind']!r}; dismiss it.")
    if action == "update":
        item_id = sug["targetId"]
        if not item_id or ctx.sql(target.one, **{target.one_param: item_id}) is None:
            raise failed(f"The {target.noun} this suggestion would change is no longer in this workspace; "
                         "dismiss the suggestion.")
        fields = _proposal_args(f"{target.family}.update", sug["proposal"], {target.id_arg: item_id})
        if sug["kind"] == "memory":
            knowledge.update_card(ctx, item_id, fields)
        else:
            directory.update_item(ctx, directory.KINDS[target.family], item_id, fields, ctx.op.missing)
    else:
        fields = _proposal_args(f"{target.family}.create", sug["proposal"], {})
        project_id = ctx.sql("projects.live", project_id=sug["projectId"]) if sug["projectId"] else None
        if sug["kind"] == "memory":
            item_id = knowledge.create_card(
                ctx, fields, project_id=project_id, session_id=None if gone == "session" else sug["sessionId"],
                confidence=sug["confidence"], created_by="extraction", sources=_sources(sug, gone))
        else:
            item_id = directory.create_item(ctx, directory.KINDS[target.family], fields, project_id)
    ctx.touch(target.touch, item_id)
    return item_id


def _sources(sug, gone):
    """The card's sources: the evidence that names its source, without quotes from a source that is gone."""
    gone_id = {"session": sug["sessionId"], "document": sug["documentId"]}.get(gone)
    out = []
    for e in sug["evidence"] if isinstance(sug["evidence"], list) else []:
        if not (isinstance(e, dict) and isinstance(e.get("sourceType"), str) and isinstance(e.get("sourceId"), str)):
            continue
        if (e["sourceType"], e["sourceId"]) == (gone, gone_id):
            continue
        at_ms = e.get("atMs")
        out.append({"sourceType": e["sourceType"], "sourceId": e["sourceId"],
                    "atMs": at_ms if isinstance(at_ms, int) and not isinstance(at_ms, bool) else None,
                    "quote": e["quote"] if isinstance(e.get("quote"), str) else ""})
    return out
