"""Is the TalkBar app running for this data root? Told by the app's heartbeat file.

The recording stand-in (`talkbar-cli app record`) writes `<database>.app` with its pid and the
time of its last beat every second while it runs. The app counts as running when that process is
alive and beat within the last few seconds; with no heartbeat file, it is not running.
"""

import json
import os
from pathlib import Path

from talkbar import clock, processes

STALE_AFTER_MS = 5000


def heartbeat_path(db_path):
    db_path = Path(db_path)
    return db_path.with_name(db_path.name + ".app")


def beat(db_path, session_id=None):
    path = heartbeat_path(db_path)
    tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
    tmp.write_text(json.dumps({"pid": os.getpid(), "beatAtMs": clock.now_ms(), "sessionId": session_id}))
    os.replace(tmp, path)


def stop(db_path):
    try:
        path = heartbeat_path(db_path)
        if json.loads(path.read_text()).get("pid") == os.getpid():
            path.unlink()
    except (OSError, ValueError):
        pass


def app_running(db_path):
    """True, False, or None when it cannot be told (an unreadable heartbeat)."""
    path = heartbeat_path(db_path)
    try:
        data = json.loads(path.read_text())
    except FileNotFoundError:
        return False
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("pid"), int):
        return None
    fresh = clock.now_ms() - int(data.get("beatAtMs", 0)) <= STALE_AFTER_MS
    return fresh and processes.alive(data["pid"])
