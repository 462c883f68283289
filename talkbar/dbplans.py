"""How much DuckDB's optimizer does before a statement runs: all of it, except while work that has
measured the difference holds lean().

A search plans every statement it runs (DuckDB re-plans a prepared one for each execution), and for
its statements, reading a few rows by key or a few term lists, planning is much of the cost: at
602 k turns the ranking statement's binding and optimising took 2.7 of its 14.8 ms. Of the
optimiser's passes, those named in sql/shared/db.sql (db.optimizers.lean) find nothing to improve
in these statements: the joins are written in the order they should run, with no common
subexpression, subplan or aggregate to share and no join to drop. Without them, whole searches in
process, 200 queries x 3 blocks each way (p50 / p95 ms, all passes / lean):
  60 k turns: all words 10.33 / 9.36, 15.27 / 13.82; any word 12.20 / 11.19, 16.01 / 14.91;
  602 k turns: all words 12.24 / 11.36, 22.71 / 21.43; any word 16.35 / 15.40, 24.88 / 23.75;
the same answers, and no statement slower by more than the spread between runs (at 6 M turns too).
Only work measured this way holds lean(): a statement joining tables in an order written for
reading, not running, could turn into a cross product without the join order pass.
`disabled_optimizers` belongs to the DuckDB instance, like `threads` (talkbar/dbwidth.py): what one
cursor sets holds for every cursor of the file's connection while any holder is in.
"""

import threading
from contextlib import contextmanager

from talkbar import events, sqlfiles


class Planning:
    """The optimiser setting of one leased connection: lean while any work holds lean() (a count,
    so that nested and side-by-side holders share it), else DuckDB's full set. A Planning never
    attached (a context with no lease) sets nothing."""

    def __init__(self):
        self._lock = threading.Lock()
        self._holders = 0
        self._applied = False      # the instance plans lean
        self._setter = None        # a cursor of the leased connection, only for the setting

    def attach(self, con):
        """A new lease's connection: DuckDB's full set, unless some work holds lean() already."""
        with self._lock:
            self._setter = con.cursor()
            self._applied = False
            self._apply()

    def detach(self):
        with self._lock:
            if self._setter is not None:
                self._setter.close()
            self._setter = None

    @contextmanager
    def lean(self):
        """The lean planning for the block (and for any other work running meanwhile)."""
        with self._lock:
            self._holders += 1
            self._apply()
        try:
            yield
        finally:
            with self._lock:
                self._holders -= 1
                self._apply()

    def _apply(self):
        lean = self._holders > 0
        if self._setter is None or lean == self._applied:
            return
        sqlfiles.call(self._setter, "db.optimizers.lean" if lean else "db.optimizers.full")
        self._applied = lean
        events.emit("db.optimizers", lean=lean)
