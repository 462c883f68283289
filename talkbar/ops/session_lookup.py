"""Finding the session an operation works on, with the refusals every session operation shares.

- An unknown id, or one of another workspace: `not_found` ("Session not found in workspace").
- A session in the Trash: `not_found` too, "… is in the Trash; restore it first" (only
  sessions.trash and sessions.restore act on a trashed session).
- While it records: participant changes and trash answer `session_recording`.
"""

from talkbar.errors import not_found, session_recording

NOT_FOUND = "Session not found in workspace"


def find_session(ctx, session_id=None):
    """The session row in any state (in the Trash too); not_found when there is none."""
    sid = session_id if session_id is not None else ctx.args["sessionId"]
    row = ctx.sql("session_lookup.any", session_id=sid)
    if row is None:
        raise not_found(NOT_FOUND)
    return row


def live_session(ctx, session_id=None):
    """The session row of a session that is not in the Trash."""
    row = find_session(ctx, session_id)
    return not_trashed(row, row["sessionId"])


def not_trashed(row, session_id):
    """A session row (or None) that must name a session outside the Trash: the two refusals."""
    if row is None:
        raise not_found(NOT_FOUND)
    if row["trashedAt"] is not None:
        raise not_found(f"Session {session_id} is in the Trash; restore it first")
    return row


def not_recording(row, change):
    """Refuse `change` (words for the message) while the session records."""
    if row["status"] == "recording":
        raise session_recording(
            f"Session {row['sessionId']} is still recording, so {change} has to wait; try again once "
            "the recording stops (when sessions.recording no longer returns it).")
    return row


def recording(row):
    return row["status"] == "recording"


def read_live(ctx, query, /, **params):
    """A read of one live session by a query that also gives the session's `trashedAt`: one
    statement instead of the lookup and then the read, with live_session's refusals."""
    row = not_trashed(ctx.sql(query, **params), ctx.args["sessionId"])
    del row["trashedAt"]
    return row
