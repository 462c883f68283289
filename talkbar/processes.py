"""Whether another process still runs, told by its pid (the app's heartbeat, a copy a dead export left)."""

import os


def alive(pid):
    """True while process `pid` exists (another user's too). Where signal 0 cannot only look
    (Windows: os.kill ends the process), it cannot be told here, and it counts as alive."""
    if os.name != "posix":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:   # another user's process
        pass
    return True
