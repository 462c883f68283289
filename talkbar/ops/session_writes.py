"""sessions.move: a session to a project, its knowledge cards with it (rename, pin, trash and
restore are rows of ops.toml).

It answers `sessionStatus` (and `warning`) through its row (`session = "sessionId"`), moves the
page's `revision` only when the project really changes, and is safe to repeat.
"""


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
