"""documents.* — listed, described, read a page of extracted text at a time, renamed, pinned and
put in projects. Adding, deleting and re-indexing documents stay in the app."""

from talkbar import paging, textmatch
from talkbar.errors import failed
from talkbar.ops.lifecycle import KINDS, find, need_args

DOCUMENT = KINDS["documents"]
GONE = ("missing", "unavailable", "deleted", "error", "failed")


def listing(ctx, args):
    need_args(ctx, args, "projectId", "sessionId")
    return {"documents": ctx.sql("documents.list", document_id=None,
                                 words=textmatch.words(args.get("query")))}


def _row(ctx, document_id):
    return ctx.sql("documents.list", document_id=document_id, project_id=None, session_id=None,
                   words=None, limit=1)[0]


def get(ctx, args):
    extra = ctx.need("documents.get", f"{DOCUMENT.noun} not found in workspace")
    return {**_row(ctx, args["documentId"]), **extra}


def read(ctx, args):
    doc = ctx.need("documents.read", f"{DOCUMENT.noun} not found in workspace")
    if doc["status"] in GONE:
        raise failed(f"Document {doc['documentId']} is no longer available (status {doc['status']}), so its "
                     "text cannot be read; it can be added again in TalkBar.")
    if doc["text"] is None:
        raise failed(f"TalkBar has not extracted the text of document {doc['documentId']} yet (status "
                     f"{doc['status']}, {round(doc['indexProgress'] * 100)}% indexed); try again when "
                     "documents.get shows status ready.")
    text, next_offset, truncated = paging.text_page(doc["text"], args["offset"], args["maxChars"])
    return {"documentId": doc["documentId"], "title": doc["title"], "status": doc["status"],
            "totalChars": len(doc["text"]), "offset": args["offset"], "nextOffset": next_offset,
            "truncated": truncated, "text": text}


def update(ctx, args):
    find(ctx, DOCUMENT, args["documentId"])
    need_args(ctx, args, "projectId")
    ctx.sql("documents.update", title=args["title"].strip() if "title" in args else None,
            set_project="projectId" in args)
    return _row(ctx, args["documentId"])
