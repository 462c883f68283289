"""A one-line progress report on stderr for work that lasts (import, export runs, the worker,
search compaction at exit).

Shown only when stderr is a terminal, and never with -v (its JSON event lines are the record
then): nothing at all reaches a pipe or a log file. The line appears once the work has lasted
AFTER_S (TALKBAR_PROGRESS_AFTER_MS sets it; tests use 0). A new step is drawn at once; counts
and the clock at most FRAMES_PER_S times a second, by a small thread, so that one long step still
shows its time going by. The line is wiped when the work ends, leaving the screen as it was.

The layers below report through talkbar/progress.py (steps, and what they say they are doing) and
never import the CLI; the line is the reporter of the work run inside it:

    with Progress("Importing demo.json"):
        import_stream(db, binary)
"""

import os
import sys
import threading
import time

from talkbar import progress
from talkbar.cli.state import G, stdout_is_terminal, terminal_width

AFTER_S = 1.0
FRAMES_PER_S = 10
_WIPE = "\r\x1b[K"


def after_s():
    """How long work runs before its line appears (TALKBAR_PROGRESS_AFTER_MS, else AFTER_S)."""
    raw = os.environ.get("TALKBAR_PROGRESS_AFTER_MS", "")
    try:
        return max(0.0, int(raw) / 1000) if raw.strip() else AFTER_S
    except ValueError:
        return AFTER_S


def shown_on(stream):
    return not G.verbose and os.environ.get("TERM") != "dumb" and terminal_width(stream) is not None


class Progress:
    """`with Progress(title):` … the work inside reports its steps and words (talkbar/progress.py).
    Work that prints its result as it goes (`prints=True`) shows no line while that result goes to
    a terminal: the line would be drawn among it."""

    def __init__(self, title, stream=None, prints=False):
        self.stream = stream or sys.stderr
        self.title = title
        self.on = shown_on(self.stream) and not (prints and stdout_is_terminal())
        self._what, self._done, self._total = "", None, None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._started = self._drawn_at = self._drawn_what = None
        self._visible = False
        self._ticker = None

    def __enter__(self):
        self._started = time.monotonic()
        self._hearing = progress.reporting(self._stepped, note=self._said)
        self._hearing.__enter__()
        if self.on:
            self._after = after_s()
            self._ticker = threading.Thread(target=self._tick, name="talkbar-progress", daemon=True)
            self._ticker.start()
            self._draw_if_due()
        return self

    def _stepped(self, done, total, message):
        """A step of the work ended: its count (of the outermost steps) and what it was."""
        with self._lock:
            self._what, self._done, self._total = message, done, total
        if self.on:
            self._draw_if_due()

    def _said(self, message):
        """What the work is doing now; the count so far stays."""
        with self._lock:
            self._what = message
        if self.on:
            self._draw_if_due()

    def __exit__(self, *exc):
        self._hearing.__exit__(*exc)
        if not self.on:
            return False
        self._stop.set()
        if self._ticker is not None:
            self._ticker.join()
        with self._lock:
            if self._visible:
                self._write(_WIPE)
                self._visible = False
        return False

    def _text(self, now):
        """The line shown (without the terminal's control codes), cut to the terminal's width."""
        count = f" {self._done / self._total:.0%}" if self._done is not None and self._total else ""
        parts = [self.title] + ([self._what + count] if self._what else []) + [f"{now - self._started:.1f} s"]
        text = " · ".join(parts)
        width = (terminal_width(self.stream) or 80) - 1   # the last column would wrap some terminals
        from talkbar.cli import columns
        return columns.cut(text, width)

    def _draw_if_due(self):
        """Draw once the work has lasted long enough: a new step at once, counts and the clock at
        most FRAMES_PER_S times a second."""
        now = time.monotonic()
        if now - self._started < self._after:
            return
        with self._lock:
            recent = self._drawn_at is not None and now - self._drawn_at < 1 / FRAMES_PER_S
            if self._stop.is_set() or (recent and self._what == self._drawn_what):
                return
            self._drawn_at, self._drawn_what = now, self._what
            self._visible = True
            self._write(_WIPE + self._text(now))

    def _tick(self):
        while not self._stop.wait(1 / FRAMES_PER_S):
            self._draw_if_due()

    def _write(self, text):
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):   # the terminal went away: the work goes on without its line
            self.on = False
