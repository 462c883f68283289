"""The session an operation works on, with the refusals every session operation shares.

- An unknown id, or one of another workspace: `not_found` ("Session not found in workspace").
- A session in the Trash: `not_found` too, "… is in the Trash; restore it first" (only
  sessions.trash and sessions.restore act on a trashed session).
  Both are the one rule of talkbar/items.py, for the [item.session] kind of ops.toml.
- While it records: participant changes and trash answer `session_recording`.
"""

from talkbar import items
from talkbar.errors import session_recording


def _session():
    return items.kind("session")


def live_session(ctx, session_id=None):
    """The state row of a session that is not in the Trash (items.session_state)."""
    return items.live(ctx, _session(), session_id if session_id is not None else ctx.args["sessionId"])


def not_trashed(row, session_id):
    """A session row (or None) that must name a session outside the Trash: the two refusals."""
    return items.not_trashed(_session(), session_id, row)


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
