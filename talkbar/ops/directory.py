"""contacts.sessions: the sessions a person spoke in. (The other contacts.* and organizations.*
operations are rows of ops.toml.)"""

from talkbar import speaker_names


def sessions(ctx, args):
    """Offset pages (the engine cuts them) of the sessions a person spoke in, each naming the
    speaker as the session page does (talkbar/speaker_names.py, for the page's sessions only)."""
    rows = ctx.sql("contacts.sessions")
    unnamed = [r["sessionId"] for r in rows if r["speaker"] is None]
    shown = {(sid, n["speakerId"]): n["name"]
             for sid, named in (speaker_names.of_sessions(ctx, unnamed) if unnamed else {}).items() for n in named}
    for r in rows:
        speaker_id = r.pop("speakerId")
        if r["speaker"] is None:
            r["speaker"] = shown[(r["sessionId"], speaker_id)]
    return {"contactId": args["contactId"], "sessions": rows}
