"""contacts.sessions: the sessions a person spoke in. (The other contacts.* and organizations.*
operations are rows of ops.toml.)"""


def sessions(ctx, args):
    """Offset pages (the engine cuts them) of the sessions a person spoke in, each naming the
    speaker as the session page does."""
    rows = ctx.sql("contacts.sessions")
    unnamed = [r["sessionId"] for r in rows if r["speaker"] is None]
    shown = {(n["sessionId"], n["speakerId"]): n["name"]
             for n in (ctx.sql("session_speakers.names", session_ids=unnamed) if unnamed else [])}
    for r in rows:
        speaker_id = r.pop("speakerId")
        if r["speaker"] is None:
            r["speaker"] = shown[(r["sessionId"], speaker_id)]
    return {"contactId": args["contactId"], "sessions": rows}
