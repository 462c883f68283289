"""Internal events (`-v/--verbose`): JSON lines on stderr when a sink is installed, else nothing."""

import json
import sys
import time

_sink = None


def enable(stream=None):
    global _sink
    _sink = stream or sys.stderr


def emit(event, **fields):
    if _sink is None:
        return
    line = {"event": event, "t": round(time.time(), 3), **fields}
    _sink.write(json.dumps(line, ensure_ascii=False, default=str) + "\n")
    _sink.flush()


def no_progress(what, done=None, total=None):
    """The progress report of work nobody watches. Long work takes a `progress(what, done, total)`
    callable from its caller (the CLI draws it on a terminal: talkbar/cli/progress.py)."""
