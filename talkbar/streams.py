"""Standard output that takes nothing more (a reader that closed it, a full disk).

When a write to it fails, what was buffered stays buffered, and the interpreter flushes it once
more as it exits: that fails too, prints "Exception ignored while flushing sys.stdout" with an
OSError, and turns the exit code into 120. Python 3.14 buffers 128 KiB of a file or device where
3.13 buffered its 4 KiB block, so most answers were still buffered there (tests/test_cli.py, on
/dev/full without PYTHONUNBUFFERED). Python's own advice for a broken pipe is the fix for all of
them: point the descriptor at the null device, so the last flush has somewhere to go.
"""

import os


def to_nowhere(stream):
    """`stream`'s descriptor (standard output's) pointed at the null device; the caller has said on
    stderr what was lost. Nothing to do for a stream without one (closed, or an in-memory stream:
    a test's, which must not take the test process's own descriptor with it)."""
    try:
        fd = stream.fileno()
    except (AttributeError, ValueError, OSError):
        return
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, fd)
    finally:
        os.close(null)
