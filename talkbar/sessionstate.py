"""`sessionStatus` (and `warning`) that every write to a session returns, named once."""

from talkbar import app_state, sqlfiles

INTERRUPTED = ("This session was interrupted; TalkBar will finish it when the app opens it again.")
NOT_RUNNING = ("TalkBar is not running, so this session only looks like it is recording; "
               "the app will mark it interrupted when it starts.")


def state(cur, db_path, workspace_id, session_id):
    status = sqlfiles.call(cur, "sessions.status_of", workspace_id=workspace_id, session_id=session_id)
    if status is None:
        return {}
    out = {"sessionStatus": status}
    if status == "interrupted":
        out["warning"] = INTERRUPTED
    elif status == "recording" and not app_state.app_running(db_path):
        out["warning"] = NOT_RUNNING
    return out
