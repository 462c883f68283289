"""knowledge.suggestions.approve, .dismiss, .snooze and .reopen: what knowledge extraction proposes,
reviewed by the user (the list is a row of ops.toml).

A suggestion is pending (possibly snoozed: still pending, hidden from the pending list until its
time), approving (the app is applying it), approved or dismissed. MOVES says which review moves
apply to which statuses; repeating a move that already holds changes nothing.

Approving applies the proposal the way the matching operation would (knowledge.create/update,
contacts.create/update, organizations.create/update): the proposal is checked against that
operation's own argument schema and then done as that operation does it (ctx.apply), so a proposal
is held to exactly the rules a user's call is.
"""

import json
from dataclasses import dataclass

from talkbar import items, validate
from talkbar.errors import OpError, failed, invalid
from talkbar.manifest import manifest
from talkbar.ops import knowledge

# operation -> (statuses it applies to, the status it leaves)
MOVES = {
    "knowledge.suggestions.approve": (("pending",), "approved"),
    "knowledge.suggestions.dismiss": (("pending",), "dismissed"),
    "knowledge.suggestions.snooze": (("pending",), "pending"),
    "knowledge.suggestions.reopen": (("pending", "dismissed"), "pending"),
}


@dataclass(frozen=True)
class Target:
    """What a suggestion of one kind creates or changes."""
    family: str      # its proposal takes the arguments of <family>.create / <family>.update
    id_arg: str
    item: str        # its kind of item (ops.toml [item.*])
    touch: str       # search index kind
    link_project: str = None   # query filing a new one under the suggestion's project


TARGETS = {
    "memory": Target("knowledge", "memoryId", "memory", "memory"),
    "contact": Target("contacts", "contactId", "person", "person", "contact.link_project"),
    "organization": Target("organizations", "organizationId", "company", "company", "organization.link_project"),
}


def suggestion(ctx, suggestion_id):
    """A suggestion as the operations return it: proposal and evidence as JSON values."""
    row = ctx.need("suggestion.one", ctx.op.missing, suggestion_id=suggestion_id)
    return {**row, "proposal": json.loads(row["proposal"]), "evidence": json.loads(row["evidence"])}


# ---------------------------------------------------------------------- review moves
def _visible_state(ctx, current):
    snoozed = current["snoozedUntilMs"]
    return current["status"], (snoozed if snoozed is not None and snoozed > ctx.now else None)


def _refuse_unless_allowed(ctx, current):
    allowed, _ = MOVES[ctx.op.id]
    if current["status"] not in allowed:
        items.refuse_status(items.kind("suggestion"), current["suggestionId"], current["status"], allowed,
                            ctx.op.id)


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
    """Create or change what the suggestion proposes, as its operation would; return its id."""
    target = TARGETS.get(sug["kind"])
    action = sug["action"]
    if target is None or action not in ("create", "update"):
        raise failed(f"TalkBar cannot apply a suggestion with action {action!r} for kind {sug['kind']!r}; dismiss it.")
    if action == "update":
        item_id = sug["targetId"]
        item = items.kind(target.item)
        if not item_id or ctx.sql(item.state, item_id=item_id) is None:
            raise failed(f"The {item.noun.lower()} this suggestion would change is no longer in this workspace; "
                         "dismiss the suggestion.")
        ctx.apply(f"{target.family}.update", _proposal_args(f"{target.family}.update", sug["proposal"],
                                                             {target.id_arg: item_id}))
    else:
        fields = _proposal_args(f"{target.family}.create", sug["proposal"], {})
        project = sug["projectId"] and ctx.sql(items.kind("project").state, item_id=sug["projectId"])
        project_id = sug["projectId"] if project and project["trashedAt"] is None else None
        if sug["kind"] == "memory":
            item_id = knowledge.create_card(
                ctx, fields, project_id=project_id, session_id=None if gone == "session" else sug["sessionId"],
                confidence=sug["confidence"], created_by="extraction", sources=_sources(sug, gone))
        else:
            item_id = ctx.apply(f"{target.family}.create", fields)[target.id_arg]
            if project_id is not None:
                ctx.sql(target.link_project, **{target.id_arg[:-2] + "_id": item_id}, project_id=project_id)
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
