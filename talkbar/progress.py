"""Progress of long work, told to whoever asked for it, and to nobody otherwise.

Long work reports in steps: `with progress.steps(3) as step:` ... `step("Delivered to Files")` after
each part, and may say what it is doing meanwhile (`progress.say("writing turns")`). A face that
wants to hear installs a reporter for the work it runs (`with progress.reporting(send, note):`): the
MCP server for a call whose client sent a progressToken (steps only), the CLI for a progress line on
a terminal (talkbar/cli/progress.py: steps and what is said). Without a reporter, a step or a word
costs one context-variable read.

Steps nest: work with steps of its own inside another's step (an exports.run inside a batch)
divides that step, so the value a reporter sends only ever grows and its total stays the outermost
count (a batch of 4 with an export in its second call: 1, 1.33, 1.67, 2, 3, 4 of 4). A value that
would not grow is not sent: MCP requires progress to increase with every notification.
"""

import contextvars
import threading
from contextlib import contextmanager

_reporter = contextvars.ContextVar("talkbar_progress", default=None)


class Reporter:
    """One piece of work's progress: `send(progress, total, message)` for every value that grows,
    until `close()` (the work ended or was cancelled), after which nothing more is sent."""

    def __init__(self, send, note=None):
        self._send = send
        self._note = note
        self._lock = threading.Lock()
        self._frames = []          # [base, unit, done, total] from the outermost steps inward
        self._total = None
        self._last = 0.0
        self.closed = False

    def open(self, total):
        if self._frames:
            base, unit, done, _ = self._frames[-1]
            self._frames.append([base + done * unit, unit / total, 0, total])
        else:
            self._total = total
            self._frames.append([0.0, 1.0, 0, total])

    def advance(self, message):
        base, unit, done, total = self._frames[-1]
        if done >= total:
            return
        self._frames[-1][2] = done + 1
        value = round(base + (done + 1) * unit, 3)
        with self._lock:
            if self.closed or value <= self._last:
                return
            self._last = value
            self._send(int(value) if value == int(value) else value, self._total, message)

    def say(self, message):
        with self._lock:
            if self._note is not None and not self.closed:
                self._note(message)

    def close_frame(self):
        self._frames.pop()

    def close(self):
        with self._lock:
            self.closed = True


@contextmanager
def reporting(send, note=None):
    """Run the block with `send(progress, total, message)` hearing its steps (and `note(message)`
    what it says it is doing, if given); closed at the end."""
    reporter = Reporter(send, note)
    token = _reporter.set(reporter)
    try:
        yield reporter
    finally:
        reporter.close()
        _reporter.reset(token)


@contextmanager
def steps(total):
    """A unit of work of `total` steps; yields `step(message)`, called after each one."""
    reporter = _reporter.get()
    if reporter is None or total < 1:
        yield _quiet
        return
    reporter.open(total)
    try:
        yield reporter.advance
    finally:
        reporter.close_frame()


def say(message):
    """What the work is doing now, for a reporter that shows it (no step: MCP progress must grow)."""
    reporter = _reporter.get()
    if reporter is not None:
        reporter.say(message)


def _quiet(_message):
    return None
