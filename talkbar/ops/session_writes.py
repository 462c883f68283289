"""Changes to a session's page: sessions.rename, .move, .pin, .trash and .restore.

Each answers `sessionStatus` (and `warning`) through its manifest row (`session = "sessionId"`),
moves the page's `revision` when something really changed, and is safe to repeat: pinning what
is pinned, trashing what is in the Trash (the first date is kept) and restoring what is not
there all succeed and change nothing.
"""

from talkbar.ops.lookups import live
from talkbar.ops.session_lookup import find_session, live_session, not_recording


def rename(ctx, args):
    session = live_session(ctx)
    title = args["title"].strip()
    if title != session["title"]:
        ctx.sql("sessions.rename", title=title)
        ctx.bump_session(session["sessionId"])
        ctx.touch("session", session["sessionId"])
    return {"sessionId": session["sessionId"], "title": title}


def move(ctx, args):
    session = live_session(ctx)
    sid, target, previous = session["sessionId"], args["projectId"], session["projectId"]
    live(ctx, "project", target)
    if target != previous:
        ctx.sql("sessions.move")
        if args["moveKnowledge"]:
            for card in ctx.sql("sessions.move:knowledge", previous_project_id=previous):
                ctx.touch("memory", card["memoryId"])
        ctx.bump_session(sid)
        ctx.touch("session", sid)
    return {"sessionId": sid, "projectId": target, "previousProjectId": previous}


def pin(ctx, args):
    session = live_session(ctx)
    if ctx.sql("sessions.pin") is not None:
        ctx.bump_session(session["sessionId"])
    return {"sessionId": session["sessionId"], "pinned": args["pinned"]}


def trash(ctx, _args):
    session = not_recording(find_session(ctx), "moving it to the Trash")
    if ctx.sql("sessions.trash") is not None:
        ctx.bump_session(session["sessionId"])
        ctx.touch("session", session["sessionId"])
    return {"sessionId": session["sessionId"], "trashed": True}


def restore(ctx, _args):
    session = find_session(ctx)
    if session["trashedAt"] is not None:
        ctx.check_plan_limit("sessions")
        ctx.sql("sessions.restore")
        ctx.bump_session(session["sessionId"])
        ctx.touch("session", session["sessionId"])
    return {"sessionId": session["sessionId"], "restored": True}
