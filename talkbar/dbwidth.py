"""How many threads DuckDB works with in this process: one, while no work asks for more.

A DuckDB query run with worker threads hands each pipeline to them and waits to hear back; for the
small queries nearly every call makes (a few rows, a few pipelines), that hand-off costs more than
the second core gives back. Measured in process on a 2-core machine, the same calls with DuckDB's
`threads` at 1 and at the machine's 2, interleaved (median per call, 1 thread against 2):
  a live turn (append + final, the recorder) at 600 k turns: 8.13 against 9.46 ms;
  notes.create and notes.update at 602 k turns: 7.02 against 8.18 and 9.54 against 11.22 ms;
  workspace.search (engine, 100 queries x 2 modes): at 60 k turns p50 12.62 against 13.84 ms (all
  words) and 15.15 against 17.16 (any word); at 602 k turns 13.44 against 14.70 and 18.11 against
  20.42; every one of 103 ranking statements there as fast or faster on one thread;
  at 6 M turns, 26 of 30 read operations as fast or faster on one (1.01x-1.28x slower on two).
What reads much of a ten-year archive at once gains from two, and asks for them (wide()):
  contacts.list and contacts.sessions at 6 M turns (every turn's talk time): 84.6 against 52.3 and
  76.7 against 46.9 ms (ops.toml: `wide = true`);
  a search ranked on a front together with other words (0940/0950, only lists of 100 k postings or
  more have fronts): at 6 M turns 70 of 84 such statements faster on two, median 0.93x, down to
  0.72x; every other form of ranking statement was faster on one there too (0.96x-3.1x slower on two);
  an import (the bulk writes and the index build) and migrations.
A change of the setting costs ~0.2 ms (DuckDB starts or joins its worker), so it is made only when
the first work asking for more begins and when the last one ends. `threads` belongs to the DuckDB
instance, so what one cursor sets holds for every cursor of the file's connection.
"""

import threading
from contextlib import contextmanager

from talkbar import events, sqlfiles

NARROW = 1        # what db.threads.narrow sets
_machine = None   # DuckDB's own default (its count of this machine's cores), read once per process


def machine(cur):
    """DuckDB's default thread count, read once: the setting reset to it first (a connection may
    meet the instance of an earlier lease of this process, compaction's kept it open, narrowed)."""
    global _machine
    if _machine is None:
        _machine = max(NARROW, int(sqlfiles.call(cur, "db.threads.machine")))
    return _machine


class Width:
    """The threads setting of one leased connection: NARROW, or the machine's while any work holds
    wide() (a count, so that nested and side-by-side holders share it)."""

    def __init__(self):
        self._lock = threading.Lock()
        self._holders = 0
        self._setter = None    # a cursor of the leased connection, only for the setting
        self._machine = NARROW     # the machine's width, learned at attach()

    def attach(self, con):
        """A new lease's connection: learn the machine's width (DuckDB's default) and set this
        process's (narrow unless some work holds wide() already, e.g. an import opening the file)."""
        with self._lock:
            self._setter = con.cursor()
            self._machine = machine(self._setter)
            self._set(self._holders > 0)

    def detach(self):
        with self._lock:
            if self._setter is not None:
                self._setter.close()
            self._setter = None

    @contextmanager
    def wide(self):
        """The machine's threads for the block (and for any other work running meanwhile)."""
        with self._lock:
            self._holders += 1
            if self._holders == 1:
                self._set(True)
        try:
            yield
        finally:
            with self._lock:
                self._holders -= 1
                if self._holders == 0:
                    self._set(False)

    def _set(self, wide):
        if self._setter is None or self._machine == NARROW:
            return
        sqlfiles.call(self._setter, "db.threads.wide" if wide else "db.threads.narrow")
        events.emit("db.threads", threads=self._machine if wide else NARROW)
