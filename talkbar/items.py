"""Ids that name items, and what trash, restore and pin do to them: one rule, one wording.

- An id that is unknown, or of another workspace: `not_found`, "<Noun> not found in workspace".
- An item in the Trash where a live one is needed: `not_found`, "<Noun> <id> is in the Trash;
  restore it first" (spec: errors-and-limits). Kinds without a Trash are only ever unknown; an
  item that belongs to another (`within`: a bookmark to its session) needs that one live too.
- An item whose status does not allow an operation: `failed`, in its kind's words (wrong_status).
- Trash, restore and pin are safe to repeat: trashing what is in the Trash, restoring what is not
  and pinning what is pinned succeed and change nothing (the first trash date is kept). A real
  change moves the item's updatedAt forward and the revisions of the session pages that show it.

The kinds are the [item.<name>] tables of ops.toml; rows name them in `live`, `exists`, `bump`.
"""

from talkbar.errors import OpError, not_found, or_list
from talkbar.manifest import manifest


def kind(name):
    return manifest().items[name]


def state(ctx, item, item_id):
    """The item's state row, in the Trash or not; `not_found` if there is no such item."""
    row = ctx.sql(item.state, item_id=item_id)
    if row is None:
        raise not_found(f"{item.noun} not found in workspace")
    return row


def not_trashed(item, item_id, row):
    """A state row (or None) that must name an item outside the Trash: the two refusals."""
    if row is None:
        raise not_found(f"{item.noun} not found in workspace")
    if row.get("trashedAt") is not None:
        raise not_found(f"{item.noun} {item_id} is in the Trash; restore it first")
    return row


def live(ctx, item, item_id):
    """The state row of an item that exists and is not in the Trash, nor is what it belongs to."""
    row = not_trashed(item, item_id, ctx.sql(item.state, item_id=item_id))
    if item.within:
        name, _, field = item.within.partition(":")
        if row[field] is not None:
            live(ctx, kind(name), row[field])
    return row


def check(ctx, pairs, args, need_live):
    """Check each id argument given among `pairs` ((argument, item name), in order; a list
    argument: each id once). Returns {argument: state row} for single ids."""
    rows = {}
    for arg, name in pairs:
        value = args.get(arg)
        item = kind(name)
        find = live if need_live else state
        if isinstance(value, list):
            for item_id in dict.fromkeys(value):
                find(ctx, item, item_id)
        elif value is not None:
            rows[arg] = find(ctx, item, value)
    return rows


def refuse_status(item, item_id, status, allowed, op_id, verb=None, refusal=None, code="failed"):
    """`failed` (or `code`) in the item kind's words, or the operation's own (`refusal`): its status
    is not one the operation applies to."""
    words = (refusal or item.wrong_status).format(id=item_id, status=status, allowed=or_list(allowed),
                                                  op=op_id, verb=verb, hint=item.hints.get(status, ""))
    raise OpError(code, words.rstrip())


def pages(ctx, item, item_id):
    """The sessions whose pages show the item (its kind's `pages` query)."""
    if item.name == "session":
        return {item_id}
    return {row["sessionId"] for row in ctx.sql(item.pages, item_id=item_id)} if item.pages else set()


def bump(ctx, item, item_id):
    """The item changed: the revisions of the session pages that show it move."""
    ctx.bump_session(*sorted(pages(ctx, item, item_id)))


# ---------------------------------------------------------------------- trash, restore, pin
def trash(ctx, item, item_id, row):
    if row["trashedAt"] is None:
        ctx.sql(item.trash, item_id=item_id, trashed_at=ctx.now)
        bump(ctx, item, item_id)
    return True


def restore(ctx, item, item_id, row, plan_limit=None):
    """Restore; True when it was in the Trash (the plan limit counts only then)."""
    if row["trashedAt"] is None:
        return False
    if plan_limit:
        ctx.check_plan_limit(plan_limit)
    ctx.sql(item.trash, item_id=item_id, trashed_at=None)
    bump(ctx, item, item_id)
    return True


def pin(ctx, item, item_id, row, pinned):
    if row["pinned"] != pinned:
        ctx.sql(item.pin, item_id=item_id, pinned=pinned)
        bump(ctx, item, item_id)
    return pinned
