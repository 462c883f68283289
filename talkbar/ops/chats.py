"""chats.* — the Ask TalkBar chats: listed and read (also from the Trash), renamed, pinned and put
in projects; no operation sends a message. trash and restore are lifecycle.py's."""

from talkbar import paging, textmatch
from talkbar.ops.lifecycle import KINDS, need_args, need_live

CHAT = KINDS["chats"]


def listing(ctx, args):
    need_args(ctx, args, "projectId")
    after = paging.after(ctx) or (None, None, None)
    page = ctx.sql("chats.list", words=textmatch.words(args.get("search")),
                   after_pinned=after[0], after_activity=after[1], after_id=after[2])
    keys, next_cursor, _ = paging.cursor_page(ctx, page["keys"], args["limit"],
                                              lambda k: (k["pinned"], k["activeAt"], k["chatId"]))
    items = ctx.sql("chats.rows", chat_ids=[k["chatId"] for k in keys])
    return {"items": items, "nextCursor": next_cursor, "totalCount": page["totalCount"]}


def get(ctx, args):
    extra = ctx.need("chats.get", f"{CHAT.noun} not found in workspace")
    limit = args["limit"]
    newest_first = ctx.sql("chats.get:messages")
    page = newest_first[:limit]
    more = len(newest_first) > limit
    messages = [{k: v for k, v in m.items() if k != "sequence"} for m in reversed(page)]
    return {**ctx.sql("chats.rows", chat_ids=[args["chatId"]])[0], **extra,
            "messages": messages, "hasMoreMessages": more,
            "nextBeforeSequence": page[-1]["sequence"] if more else None}


def update(ctx, args):
    need_live(ctx, CHAT, args["chatId"])
    need_args(ctx, args, "projectId")
    ctx.sql("chats.update", set_project="projectId" in args)
    return ctx.sql("chats.brief")
