"""documents.read — a document's extracted text, refused while it cannot be read; the engine pages
it (`page`). (list, get and update are rows of ops.toml; adding, deleting and re-indexing
documents stay in the app.)"""

from talkbar.errors import failed

GONE = ("missing", "unavailable", "deleted", "error", "failed")


def read(ctx, args):
    doc = ctx.sql("documents.read")
    if doc["status"] in GONE:
        raise failed(f"Document {doc['documentId']} is no longer available (status {doc['status']}), so its "
                     "text cannot be read; it can be added again in TalkBar.")
    if doc["text"] is None:
        raise failed(f"TalkBar has not extracted the text of document {doc['documentId']} yet (status "
                     f"{doc['status']}, {round(doc['indexProgress'] * 100)}% indexed); try again when "
                     "documents.get shows status ready.")
    del doc["indexProgress"]
    return doc
