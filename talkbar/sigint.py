"""Ctrl+C (SIGINT) in a CLI run, noted so that it is told as what it is.

Python's own handler raises KeyboardInterrupt wherever the main thread is; but when the signal comes
while DuckDB runs a query, DuckDB ends the query with its own error instead ("Query interrupted", a
RuntimeError), which would be reported as an internal error of the operation. While `noted()` is in
force the signal still raises KeyboardInterrupt, and `seen()` tells the code that catches such an
error (Engine.guarded, the CLI's last resort) that the user stopped the run. The long runs that stop
at a clean point (talkbar/cli/interrupt.py) put their own handler in place for their life.
"""

import signal
import threading
from contextlib import contextmanager

_seen = False


def seen():
    """True once Ctrl+C came in this run."""
    return _seen


def note():
    """Ctrl+C came: called by every handler that raises KeyboardInterrupt for it."""
    global _seen
    _seen = True


def _on_sigint(_signum, _frame):
    note()
    raise KeyboardInterrupt


@contextmanager
def noted():
    """For the block, from the main thread: Ctrl+C is noted, then raises KeyboardInterrupt. A signal
    ignored by whoever started the process (a shell's background job) stays ignored."""
    global _seen
    _seen = False
    ours = threading.current_thread() is threading.main_thread() \
        and signal.getsignal(signal.SIGINT) is signal.default_int_handler
    if ours:
        signal.signal(signal.SIGINT, _on_sigint)
    try:
        yield
    finally:
        if ours:
            signal.signal(signal.SIGINT, signal.default_int_handler)
        _seen = False
