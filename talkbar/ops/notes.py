"""notes.* — Markdown notes, a session's own note among them (notes.owner_session_id).

Every write moves updatedAt strictly forward (SQL: greatest(now, updatedAt + 1)) and moves the
revision of the sessions whose pages show the note. pin, trash and restore are lifecycle.py's.
"""

from talkbar import paging, textmatch
from talkbar.validate import TEXT_LIMIT
from talkbar.errors import conflict, failed, invalid
from talkbar.ops.lifecycle import KINDS, bump_note_sessions, need_args, need_live, note_sessions

NOTE = KINDS["notes"]
LINKS = ("sessions", "topics", "projects")

EMBEDDED = ("This note holds content that Markdown cannot carry, such as embedded cards; replacing its "
            "text would drop it. Change only the title, append with notes.append, or pass force: true "
            "to replace the text anyway.")


def listing(ctx, args):
    need_args(ctx, args, "projectId", "topicId", "sessionId")
    after = paging.after(ctx)
    limit = args["limit"]
    page = ctx.sql("notes.list", words=textmatch.words(args.get("search")),
                   after_updated=after[0] if after else None, after_id=after[1] if after else None)
    items, next_cursor, more = paging.cursor_page(ctx, page["items"], limit,
                                                  lambda row: (row["updatedAt"], row["noteId"]))
    if args.get("search") is None:
        for item in items:
            del item["matchSnippet"]
    return {"items": items, "nextCursor": next_cursor, "hasMore": more, "totalCount": page["totalCount"]}


def get(ctx, args):
    need_live(ctx, NOTE, args["noteId"])
    note = ctx.sql("notes.get")
    chunk, next_offset, truncated = paging.text_page(note["markdown"], args["offset"], args["maxChars"])
    row = ctx.sql("notes.list", limit=1)["items"][0]
    return {"noteId": note["noteId"], "workspaceId": note["workspaceId"], "title": note["title"],
            "markdown": chunk, "truncated": truncated, "nextOffset": next_offset, "pinned": note["pinned"],
            "createdAt": note["createdAt"], "updatedAt": note["updatedAt"],
            "links": {key: row[key] for key in LINKS}}


def create(ctx, args):
    need_args(ctx, args, "projectId", "sessionIds")
    note_id = ctx.new_id("note")
    written = ctx.sql("notes.create", note_id=note_id)
    if not args.get("sessionIds"):  # on no session page: nothing to link, no revision moves, nothing to read back
        return {**written, "sessionIds": []}
    ctx.sql("notes.link_sessions", note_id=note_id, session_ids=args["sessionIds"])
    bump_note_sessions(ctx, note_id)
    return {**written, **ctx.sql("notes.placement", note_id=note_id)}


def update(ctx, args):
    state = need_live(ctx, NOTE, args["noteId"])
    expected = args.get("expectedUpdatedAt")
    if expected is not None and expected != state["updatedAt"]:
        raise conflict("The note changed after you read it, so nothing was written. Read it again with "
                       "notes.get, merge your edit into its current text and try again.",
                       updatedAt=state["updatedAt"])
    if "markdown" in args and state["hasEmbeddedContent"] and not args.get("force"):
        raise failed(EMBEDDED)
    ctx.sql("notes.update")
    return _written(ctx, args["noteId"])


def append(ctx, args):
    need_live(ctx, NOTE, args["noteId"])
    length = ctx.sql("notes.append:length") + 1 + len(args["markdown"])
    if length > TEXT_LIMIT:
        raise invalid(f"markdown would make the note {length:,} characters long; a note holds at most "
                      f"{TEXT_LIMIT:,} characters")
    ctx.sql("notes.append")
    return _written(ctx, args["noteId"])


def move(ctx, args):
    note_id = args["noteId"]
    need_live(ctx, NOTE, note_id)
    need_args(ctx, args, "projectId", "sessionIds")
    before = note_sessions(ctx, note_id)
    ctx.sql("notes.move", set_project="projectId" in args)
    if "sessionIds" in args:
        ctx.sql("notes.move:unlink")
        ctx.sql("notes.link_sessions", session_ids=args["sessionIds"])
    ctx.bump_session(*sorted(before | note_sessions(ctx, note_id)))  # pages it left and joined
    return ctx.sql("notes.placement")


def _written(ctx, note_id):
    bump_note_sessions(ctx, note_id)
    return ctx.sql("notes.written", note_id=note_id)
