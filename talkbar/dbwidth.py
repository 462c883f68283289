"""How many threads DuckDB works with in this process: one, while no work asks for more.

A DuckDB query run with worker threads hands its pipelines to them and waits to hear back; for the
small statements a write or a small workspace's read makes, that hand-off costs more than the
second core gives back. Measured in process on a 2-core machine, in alternating blocks of calls
with DuckDB's `threads` at 1 and at the machine's 2 (medians; one thread / two):
  a live turn (append + final, the recorder) at 600 k turns: 8.13 / 9.46 ms;
  notes.create at 602 k and 6 M turns: 6.80 / 7.79 and 6.62 / 7.75 ms; notes.update 9.83 / 11.67
  and 9.55 / 11.27 ms;
  workspace.search at 60 k turns: p50 10.53 / 11.38 ms (all words), 12.28 / 13.12 (any word).
What reads much of a large archive gains from two, and asks for them: a search of a large index
leans wide (lean(): at 6 M turns p50 19.95 / 18.69 and 29.10 / 25.33 ms, p95 54.13 / 40.05 and
58.81 / 50.53; talkbar/search/query.py, WIDE_PASSAGES); an import (the bulk writes and the index
build), migrations and `app search-index check` (wide(): at 6 M turns 5.1-6.9 / 3.6-3.8 s). Not a
search compaction (its lists aggregated: `app search-index compact` at 602 k turns 3.2 / 3.8-3.9 s)
nor a person's rename (their turns compared and written again: 8.4 / 9.9 s at 6 M turns, one run).
contacts.list and contacts.sessions asked for two while they read every turn; since migration 1040
they read who spoke from the participants and the turns of a page's sessions only, and one thread
is faster (at 6 M turns, alternating call by call: 11.56 / 17.25 and 12.59 / 18.03 ms).
A change of the setting costs DuckDB starting or joining its worker: in a search at 602 k turns,
0.68 ms to widen and 1.10 ms to narrow again. So it is made only when the first work asking for
more begins and when the last one ends, and a state of the file that lasts (a large index, a long
unsorted search tail) makes the lease lean wide rather than widen each statement. `threads`
belongs to the DuckDB instance, so what one cursor sets holds for every cursor of the file's
connection.
"""

from talkbar import events, sqlfiles
from talkbar.dbsetting import HeldSetting

NARROW = 1        # what db.threads.narrow sets
_machine = None   # DuckDB's own default (its count of this machine's cores), read once per process


def machine(cur):
    """DuckDB's default thread count, read once: the setting reset to it first (a connection may
    meet the instance of an earlier lease of this process, compaction's kept it open, narrowed)."""
    global _machine
    if _machine is None:
        _machine = max(NARROW, int(sqlfiles.call(cur, "db.threads.machine")))
    return _machine


class Width(HeldSetting):
    """The threads setting of one leased connection: the machine's while any work holds wide() or
    while the lease leans wide (lean(): a state of the file that makes most statements gain, e.g. a
    long unsorted search tail); else NARROW."""

    def __init__(self):
        super().__init__()
        self._leaning = False      # lean(): the lease's own state asks for the machine's threads
        self._machine = NARROW     # the machine's width, learned at attach()

    def wide(self):
        """The machine's threads for the block (and for any other work running meanwhile)."""
        return self.held()

    def lean(self, wide):
        """Keep the machine's threads (or not) from now on, until told otherwise or the lease ends:
        for a state of the file that lasts across calls, where setting them around each statement
        would cost more than it gains."""
        self._change(lambda: setattr(self, "_leaning", wide))

    def _attached(self, setter):
        """Learn the machine's width (DuckDB's default); a new lease starts narrow unless some work
        holds wide() already (an import opening the file)."""
        self._machine = machine(setter)
        self._leaning = False

    def _settable(self):
        return self._machine != NARROW

    def _wanted(self):
        return self._holders > 0 or self._leaning

    def _set(self, wide):
        sqlfiles.call(self._setter, "db.threads.wide" if wide else "db.threads.narrow")
        events.emit("db.threads", threads=self._machine if wide else NARROW)
