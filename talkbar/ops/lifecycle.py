"""Finding, trashing, restoring and pinning items: one set of rules for projects, notes and chats.

- An id that is unknown (or of another workspace) is `not_found`; an item in the Trash is
  `not_found` too, with "… is in the Trash; restore it first", wherever a live item is needed.
- Trashing what is already in the Trash and restoring what is not both succeed and change
  nothing, so the first trash date is kept; pinning what is pinned succeeds the same way.
- A real change moves the item's updatedAt strictly forward.
The trash/restore/pin handlers take their kind from the operation's id (`notes.trash` -> notes).
"""

from dataclasses import dataclass

from talkbar.errors import not_found


@dataclass(frozen=True)
class Kind:
    noun: str                 # "Note", as messages name it
    id_arg: str               # the argument (and result field) holding the id
    state: str                # query: the item's state in any condition, or nothing
    trash_query: str = None   # query setting trashed_at ($trashed_at null restores)
    pin_query: str = None
    restored: str = None      # query giving what restore returns; default {id, restored: true}
    plan_limit: str = None    # restoring counts against this plan limit
    after_change: object = None  # fn(ctx, id) after a real change (pages that show the item)


KINDS = {
    "projects": Kind("Project", "projectId", "items.project_state", "items.project_trash",
                     "items.project_pin", restored="projects.row", plan_limit="projects"),
    "notes": Kind("Note", "noteId", "items.note_state", "items.note_trash", "items.note_pin",
                  after_change=lambda ctx, note_id: bump_note_sessions(ctx, note_id)),
    "chats": Kind("Chat", "chatId", "items.chat_state", "items.chat_trash",
                  restored="chats.brief"),
    "sessions": Kind("Session", "sessionId", "items.session_state"),
    "documents": Kind("Document", "documentId", "items.document_state"),
    "topics": Kind("Topic", "topicId", "items.topic_state"),
    "series": Kind("Series", "seriesId", "items.series_state"),
    "contacts": Kind("Contact", "contactId", "items.contact_state"),
    "labels": Kind("Label", "labelId", "items.label_state"),
    "action_items": Kind("Action item", "itemId", "items.action_item_state"),
}
# which kind a filter or target argument names
BY_ARG = {k.id_arg: k for name, k in KINDS.items() if name != "action_items"}
BY_ARG["itemId"] = KINDS["action_items"]


def find(ctx, kind, item_id):
    """The item's state row, whether in the Trash or not; `not_found` if there is no such item."""
    row = ctx.sql(kind.state, item_id=item_id)
    if row is None:
        raise not_found(f"{kind.noun} not found in workspace")
    return row


def need_live(ctx, kind, item_id):
    """The state row of an item that exists and is not in the Trash."""
    row = find(ctx, kind, item_id)
    if row["trashedAt"] is not None:
        raise not_found(f"{kind.noun} {item_id} is in the Trash; restore it first")
    return row


def need_args(ctx, args, *names):
    """Check every id argument given among `names` (filters and targets) names a live item."""
    for name in names:
        value = args.get(name)
        if isinstance(value, list):
            for item_id in dict.fromkeys(value):
                need_live(ctx, BY_ARG[name[:-1]], item_id)
        elif value is not None:
            need_live(ctx, BY_ARG[name], value)


def _kind(ctx):
    return KINDS[ctx.op.id.split(".", 1)[0]]


def note_sessions(ctx, note_id):
    """The sessions whose pages show a note: its own session and those it is linked to."""
    return {row["sessionId"] for row in ctx.sql("notes.session_ids", note_id=note_id)}


def bump_note_sessions(ctx, note_id):
    """A note changed: the revisions of the session pages that show it move."""
    ctx.bump_session(*sorted(note_sessions(ctx, note_id)))


def _changed(ctx, kind, item_id):
    if kind.after_change:
        kind.after_change(ctx, item_id)


def trash(ctx, args):
    kind = _kind(ctx)
    item_id = args[kind.id_arg]
    if find(ctx, kind, item_id)["trashedAt"] is None:
        ctx.sql(kind.trash_query, item_id=item_id, trashed_at=ctx.now)
        _changed(ctx, kind, item_id)
    return {kind.id_arg: item_id, "trashed": True}


def restore(ctx, args):
    kind = _kind(ctx)
    item_id = args[kind.id_arg]
    if find(ctx, kind, item_id)["trashedAt"] is not None:
        if kind.plan_limit:
            ctx.check_plan_limit(kind.plan_limit)
        ctx.sql(kind.trash_query, item_id=item_id, trashed_at=None)
        _changed(ctx, kind, item_id)
    if kind.restored:
        return ctx.sql(kind.restored, **{_param(kind): item_id})
    return {kind.id_arg: item_id, "restored": True}


def pin(ctx, args):
    kind = _kind(ctx)
    item_id = args[kind.id_arg]
    if need_live(ctx, kind, item_id)["pinned"] != args["pinned"]:
        ctx.sql(kind.pin_query, item_id=item_id, pinned=args["pinned"])
        _changed(ctx, kind, item_id)
    return {kind.id_arg: item_id, "pinned": args["pinned"]}


def _param(kind):
    """`projectId` -> `project_id`: the parameter a kind's own queries take its id by."""
    return kind.id_arg[:-2] + "_id"
