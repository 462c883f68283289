"""markers.*: bookmarks on moments of a session, with an optional note and a colour.

They work while the session records (the bookmark shows at once). Every change answers the
bookmark and the session's status (`session = "sessionId"` in the manifest rows) and moves the
session page's revision; a bookmark's note is searchable text of its session.
"""

from talkbar.errors import not_found
from talkbar.ops.placement import place
from talkbar.ops.session_lookup import live_session


def _marker(ctx, marker_id):
    return ctx.sql("markers.rows", session_id=None, marker_id=marker_id)[0]


def _changed(ctx, sid):
    ctx.bump_session(sid)
    ctx.touch("session", sid)


def _existing(ctx, args):
    """The bookmark named by markerId, in a session that is not in the Trash."""
    found = ctx.need("markers.find", "Bookmark not found in workspace")
    live_session(ctx, found["sessionId"])
    return found


def list_(ctx, _args):
    sid = live_session(ctx)["sessionId"]
    return {"sessionId": sid, "markers": ctx.sql("markers.rows", marker_id=None)}


def create(ctx, args):
    session = live_session(ctx)
    at = place(ctx, session, args)
    marker_id = ctx.new_id("marker")
    ctx.sql("markers.create", marker_id=marker_id, body=args.get("body", ""), quote=at.quote,
            at_ms=at.at_ms, turn_id=at.turn_id, chunk_id=at.chunk_id, point_id=at.point_id)
    _changed(ctx, session["sessionId"])
    return _marker(ctx, marker_id)


def update(ctx, args):
    found = _existing(ctx, args)
    ctx.sql("markers.update")
    _changed(ctx, found["sessionId"])
    return _marker(ctx, found["markerId"])


def delete(ctx, args):
    found = _existing(ctx, args)
    if args.get("sessionId") is not None and args["sessionId"] != found["sessionId"]:
        raise not_found(f"Bookmark {found['markerId']} is not in session {args['sessionId']}; "
                        "nothing was deleted")
    ctx.sql("markers.delete")
    _changed(ctx, found["sessionId"])
    return {"markerId": found["markerId"], "sessionId": found["sessionId"], "deleted": True}
