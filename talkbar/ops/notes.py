"""notes.* — Markdown notes, a session's own note among them (notes.owner_session_id).

Every write moves updatedAt strictly forward (SQL: greatest(now, updatedAt + 1)) and moves the
revision of the sessions whose pages show the note (the note's `pages`, talkbar/items.py). list,
get, pin, trash and restore are rows of ops.toml; the ids a call names are checked by its row.
"""

from talkbar import items
from talkbar.errors import conflict, failed, invalid
from talkbar.validate import TEXT_LIMIT

EMBEDDED = ("This note holds content that Markdown cannot carry, such as embedded cards; replacing its "
            "text would drop it. Change only the title, append with notes.append, or pass force: true "
            "to replace the text anyway.")


def create(ctx, args):
    note_id = ctx.new_id("note")
    written = ctx.sql("notes.create", note_id=note_id)
    if not args.get("sessionIds"):  # on no session page: nothing to link, no revision moves, nothing to read back
        return {**written, "sessionIds": []}
    ctx.sql("notes.link_sessions", note_id=note_id, session_ids=args["sessionIds"])
    items.bump(ctx, items.kind("note"), note_id)
    return {**written, **ctx.sql("notes.placement", note_id=note_id)}


def update(ctx, args):
    state = ctx.checked["noteId"]
    expected = args.get("expectedUpdatedAt")
    if expected is not None and expected != state["updatedAt"]:
        raise conflict("The note changed after you read it, so nothing was written. Read it again with "
                       "notes.get, merge your edit into its current text and try again.",
                       updatedAt=state["updatedAt"])
    if "markdown" in args and state["hasEmbeddedContent"] and not args.get("force"):
        raise failed(EMBEDDED)
    ctx.sql("notes.update")
    return ctx.sql("notes.written")


def append(ctx, args):
    length = ctx.sql("notes.append:length") + 1 + len(args["markdown"])
    if length > TEXT_LIMIT:
        raise invalid(f"markdown would make the note {length:,} characters long; a note holds at most "
                      f"{TEXT_LIMIT:,} characters")
    ctx.sql("notes.append")
    return ctx.sql("notes.written")
