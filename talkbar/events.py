"""Internal events (`-v/--verbose`): JSON lines on stderr when a sink is installed, else nothing."""

import json
import sys
import threading
import time

_sink = None
_lock = threading.Lock()  # one whole line at a time: the server's calls run on several threads


def enable(stream=None):
    global _sink
    _sink = stream or sys.stderr


def emit(event, **fields):
    if _sink is None:
        return
    line = json.dumps({"event": event, "t": round(time.time(), 3), **fields}, ensure_ascii=False, default=str)
    with _lock:
        _sink.write(line + "\n")
        _sink.flush()

