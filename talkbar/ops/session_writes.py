"""sessions.move and sessions.trash (rename, pin and restore are rows of ops.toml).

Each answers `sessionStatus` (and `warning`) through its row (`session = "sessionId"`), moves the
page's `revision` when something really changed, and is safe to repeat: trashing what is in the
Trash keeps the first date.
"""

from talkbar import items
from talkbar.ops.session_lookup import not_recording


def move(ctx, args):
    session = ctx.checked["sessionId"]
    sid, target, previous = session["sessionId"], args["projectId"], session["projectId"]
    if target != previous:
        ctx.sql("sessions.move")
        if args["moveKnowledge"]:
            for card in ctx.sql("sessions.move:knowledge", previous_project_id=previous):
                ctx.touch("memory", card["memoryId"])
        ctx.bump_session(sid)
        ctx.touch("session", sid)
    return {"sessionId": sid, "projectId": target, "previousProjectId": previous}


def trash(ctx, _args):
    session = not_recording(ctx.checked["sessionId"], "moving it to the Trash")
    sid = session["sessionId"]
    if session["trashedAt"] is None:
        items.trash(ctx, items.kind("session"), sid, session)
        ctx.touch("session", sid)
    return {"sessionId": sid, "trashed": True}
