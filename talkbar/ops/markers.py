"""markers.create and markers.delete: bookmarks on moments of a session, with an optional note and
a colour (list and update are rows of ops.toml).

They work while the session records (the bookmark shows at once). Every change answers the
bookmark and the session's status (`session = "sessionId"` in the rows), moves the session page's
revision and re-indexes the session (a bookmark's note is searchable text of its session).
"""

from talkbar.ops.placement import place


def create(ctx, args):
    session = ctx.checked["sessionId"]
    at = place(ctx, session, args)
    marker_id = ctx.new_id("marker")
    ctx.sql("markers.create", marker_id=marker_id, body=args.get("body", ""), quote=at.quote,
            at_ms=at.at_ms, turn_id=at.turn_id, chunk_id=at.chunk_id, point_id=at.point_id)
    return ctx.sql("markers.one", marker_id=marker_id)
