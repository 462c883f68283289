"""How much DuckDB's optimiser does before a statement runs: all of it, except while work that has
measured the difference holds lean().

A search plans every statement it runs (DuckDB re-plans a prepared one for each execution), and for
its statements, reading a few rows by key or a few term lists, planning is much of the cost: at
602 k turns the ranking statement's binding and optimising took 2.7 of its 14.8 ms. The
optimiser's passes named in sql/shared/db.sql (db.optimizers.lean) cost these statements more than
they give back: their joins are written in the order they should run, with no common
subexpression, subplan or aggregate to share, no join to drop, no filter or projection to move.
Without them, whole searches in process, 200 queries x 3 blocks each way (p50 / p95 ms, all
passes / lean):
  60 k turns: all words 10.79 / 9.25, 15.72 / 13.89; any word 11.89 / 10.36, 15.61 / 14.00;
  602 k turns: all words 11.80 / 10.49, 22.11 / 20.51; any word 16.86 / 14.63, 25.12 / 22.59;
  6 M turns: all words 19.41 / 16.68, 46.98 / 41.16; any word 21.99 / 19.73, 51.48 / 45.68;
the same answers, and statement by statement (each planned both ways, interleaved) none slower by
more than the spread between runs; at 6 M turns the long ranking statements, execution-bound, the
same either way. Left on: the passes that shape execution (the expression rewriter: without it,
reading the best passages took 11 times as long; filter, join filter, limit and top-N pushdown, IN
lists, row-group pruning, CTE inlining and materialization, unused columns, column lifetimes).
Who holds lean(): the ops marked `lean_plans` in ops.toml, for their whole transaction when
called alone (the engine, talkbar/engine.py: a batch's write group, not measured so, plans its
calls with every pass), and a recording. workspace.search, as above (a workspace never indexed
is indexed at its first search, planned lean too: at 602 k turns 11.4-11.6 against 11.5 s, a peak
RSS of 680-686 against 670-677 MiB, the same lists); notes.create, its index rows included, at
602 k turns in blocks 6.44 against 6.89 ms (setting and resetting cost 0.3 ms of a call: 6.10 if
the setting stayed). A recording (`app record`) holds lean() from its start to its completion:
its statements are small writes by key (a live turn, append and final with its index rows, at
600 k turns in blocks: 7.45 against 8.29 ms with every pass). A compaction building in the
background meanwhile (its own connection to the same instance) plans the statements it starts then
lean too: at 602 k turns its build took 2.4-2.8 against 3.5 s, at a peak RSS of 865-887 against
818-836 MiB. Other reads measured the same way gained nothing once the setting's own cost is paid
(sessions.get, sessions.transcript within the spread; notes.get and notes.list slower; later
notes.list the same and chats.get 8.89 against 10.52 ms), so they plan with every pass. But
action_items.get, action_items.list and calendar.prep plan lean since an action item's shape joins
its assignees and sources grouped for the items asked (migration 1170): on the demo, both ways
interleaved, calendar.prep 15.71 / 12.90 ms, action_items.get 7.03 / 6.40, action_items.list
9.19 / 8.01; with 32,000 items 19.75 / 20.00, 9.71 / 8.09 and 13.00 / 11.93.
Only work measured this way holds lean(): a statement joining tables in an order written for
reading, not running, could turn into a cross product without the join order pass
(tests/test_db_planning.py checks the plans of every statement these ran).
`disabled_optimizers` belongs to the DuckDB instance, like `threads` (talkbar/dbwidth.py): what one
cursor sets holds for every cursor of the file's connection while any holder is in.
When the last holder leaves, the instance stays lean until work that plans with every pass takes a
cursor (in_full(): Database.cursor() for any work not marked lean_work()), which puts every pass
back before its first statement; if such work is running already, at once. So searches back to
back set it once, not twice a search: at 602 k turns, whole searches in process (bench/search.py's
200 queries x 3 rounds, each way interleaved, an FTS5 query before each; p50 / p95 ms, set and reset
per search / kept): all words 11.32 / 23.54, 10.85 / 23.09; any word 15.68 / 24.75, 15.20 / 23.95.
Meanwhile a search compaction building on its own connection (talkbar/search/compact.py), which
takes no cursor here, plans lean as it did while a search ran. A lease ends with every pass back
(detach), for a connection opened later to the same instance.
"""

import threading
from contextlib import contextmanager, nullcontext

from talkbar import events, sqlfiles
from talkbar.dbsetting import HeldSetting


class Planning(HeldSetting):
    """The optimiser setting of one leased connection: lean while any work holds lean(), and after
    it until work that plans in full comes (in_full()); else DuckDB's full set (what a new
    connection plans with)."""

    def __init__(self):
        super().__init__()
        self._full = 0                       # work in_full() now
        self._thread = threading.local()     # this thread's work is lean work (lean_work())

    def lean(self):
        """The lean planning for the block (and for any other work running meanwhile)."""
        return self.held()

    @contextmanager
    def lean_work(self):
        """This thread's work plans lean (it holds lean() where it runs statements): the cursors it
        takes meanwhile are not work in full."""
        before = getattr(self._thread, "lean", False)
        self._thread.lean = True
        try:
            yield
        finally:
            self._thread.lean = before

    def in_full(self):
        """Work that plans with every pass, for the block (a cursor taken outside lean_work()): a lean
        setting left by lean work that ended is reset before it starts, and lean work ending
        meanwhile resets it at once."""
        if getattr(self._thread, "lean", False):
            return nullcontext()
        return self._in_full()

    @contextmanager
    def _in_full(self):
        self._change(lambda: setattr(self, "_full", self._full + 1))
        try:
            yield
        finally:
            self._change(lambda: setattr(self, "_full", self._full - 1))

    def _wanted(self):
        return self._holders > 0 or (self._applied is True and self._full == 0)

    def _attached(self, setter):
        # the instance plans with every pass: a new one does, and a lease ends with it (detach)
        self._applied = False

    def _detaching(self):
        if self._applied:
            self._set(False)

    def _set(self, lean):
        sqlfiles.call(self._setter, "db.optimizers.lean" if lean else "db.optimizers.full")
        events.emit("db.optimizers", lean=lean)


@contextmanager
def every_pass(cur):
    """Every pass for the block, even inside lean work, the lean setting put back after it: for work
    rarely done inside a lean op that plans joins of whole tables (a search's first call checking
    the index against the items, talkbar/search/check.py: at 6 M turns, comparing every turn with
    its passage took 6.65 s lean against 3.8-4.4 s with every pass). The setting is the instance's:
    another cursor's statement meanwhile plans with every pass too, which costs it only time."""
    if not sqlfiles.call(cur, "db.optimizers.current"):
        yield
        return
    sqlfiles.call(cur, "db.optimizers.full")
    try:
        yield
    finally:
        sqlfiles.call(cur, "db.optimizers.lean")
