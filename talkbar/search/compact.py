"""Compaction: folding the tail into the term lists in the background, never in a search's way.

Search reads each term's list by its primary key (search_lists), plus the small unsorted tail that
every write appends to. When the tail grows past COMPACT_AT of the index (its terms, as BM25's
counts have them), the write that notices starts a daemon thread in its own process. The thread, on
its own connection to the same database, writes a copy of the lists with the tail folded in
(search_next), the fronts of its long lists (search_next_fronts) and the tail passages it took in, a
range of keys at a time (search_next_ranges says which are built), in one transaction unless it is
stopped, which commits the ranges built so far; searches go on reading the old tables meanwhile. The
write after the last range swaps the copy in: inside its own transaction, so writes never race the
swap, it renames search_next and its fronts into place, deletes from the tail exactly what each
range took in (a turn appended after its range was built stays in the tail; the copy left out the
passages marked removed from the lists, and their marks go with it:
sql/schema/1000_search_marks.sql) and from the copy the tail's passages removed since their range
was built (search_dead, by term; those lists lose their fronts). A passage of the lists removed
since is still in the copy, and its marks stay in the tail for the next one. The swap is a few
catalog changes and small updates. A rebuild (import) moves the generation on, so a copy of the old
postings, whole or begun, is dropped.

A compaction runs while its process holds the file, and a little after: when it lets go (its idle
bound, the end of a one-shot CLI call), the compaction gets GRACE_S more to finish, none if another
process knocks for the file, then stops at the end of the range under way and commits what it built
(db.on_release), and any later write, of any process, goes on from the next range. Thrown away
instead, a compaction at 6 M turns (27 s, 34 ranges) was lost whenever its process let go sooner: a
one-shot CLI write gave it 3 s and threw it away (3.3 s a write, for ever), and an MCP server's
compaction kept DuckDB's file open past the lease, another process's call answering `busy`. A
process that starts one builds at least a range, and a small index is one range. `app search-index
compact` builds one to its end in its own process (to_the_end).
"""

import atexit
import math
import os
import threading
import time

from talkbar import events, progress, sqlfiles
from talkbar.db import duckdb_engine, on_acquire, on_release, transaction
from talkbar.search import postings
from talkbar.search.keys import key_ranges

COMPACT_AT = 0.05        # the tail's postings (and removals journaled), as a share of the index's terms
MIN_ROWS = 20_000        # never compact for less
CHECK_EVERY = 16         # writes between two looks at the tail (the first write of a process looks)
GRACE_S = 3.0            # how long a compaction may go on once its process lets the file go, unless knocked
KNOCK_POLL_S = 0.05      # how often it looks for a knock meanwhile (as an idle lease does)
STOP_WAIT_S = 10.0       # how long a compaction asked to stop gets to end its range before it is interrupted
RANGE_POSTINGS = 2_000_000   # postings (as BM25's counts have the index's terms) per range of keys built at once

_lock = threading.Lock()
_running = {}            # database path (real) -> (thread, connection, Halt)
_unseen = False          # this process started a compaction since finish() last ran
_writes = 0
_due = False             # the next write looks (a copy was built, or a front went)


def after_write(cur):
    """Called by the index inside every indexing write: swap a ready copy in, or go on with one begun
    (stopped when a process let the file go), or start one when the tail has grown, or when a long
    list has lost its front (its searches group the whole list: at 6 M turns, after a person renamed
    whom 1,095 sessions' speakers go by, 136 of 164 fronts gone and the search p95 3.3x, until a
    compaction the tail alone would not have asked for). It looks every
    CHECK_EVERY writes, at the first write after this process built a copy, and at the write after
    one that took a front away, which starts none itself: a copy begun in it would not hold what it
    removed (not committed yet), and its fronts would go again at the swap (they follow the marks
    made since), a compaction for nothing (27 s at 6 M turns)."""
    global _writes, _due
    _writes += 1
    dropped = postings.fronts_dropped()
    with _lock:
        look, _due = _due, dropped
    if not look and (_writes - 1) % CHECK_EVERY:
        return
    state = sqlfiles.call(cur, "search.compact.state")
    if state["ready"] is not None:
        swap(cur, state)
        if postings.fronts_dropped():    # the copy's fronts followed the marks made since it was taken
            with _lock:
                _due = True
    elif not dropped and (state["building"] or state["tail"] >= max(MIN_ROWS, COMPACT_AT * state["indexed"])
                          or (state["unfronted"] and state["tail"] >= MIN_ROWS)):
        start(sqlfiles.call(cur, "search.compact.path"))


# no copy waiting for its swap, and none being built (its ranges)
FORGET = ("search.compact.discard", "search.compact.discard_ranges")
# a copy, waiting or begun, gone: its tables and what was known of it
DROP_COPY = ("search.compact.drop_next", "search.compact.drop_next_fronts", *FORGET)


def swap(cur, state=None):
    """Put a finished copy in place (inside the caller's write transaction)."""
    state = state or sqlfiles.call(cur, "search.compact.state")
    if state["ready"] is None:
        return False
    if state["ready"] != state["generation"]:
        sqlfiles.call_each(cur, DROP_COPY)
        events.emit("search.compact", step="discarded")
        return False
    with progress.steps(1) as done:
        sqlfiles.call_each(cur, ("search.compact.swap_drop_old", "search.compact.swap_rename",
                                 "search.compact.swap_fronts_drop", "search.compact.swap_fronts_rename",
                                 "search.compact.swap_tail", "search.compact.swap_tail_drop",
                                 "search.compact.swap_tail_rename", "search.compact.swap_dead",
                                 "search.compact.swap_dead_fronts"))
        # the passages that left the lists since their range of the copy was built (their marks are
        # all the tail holds now) are still in the copy and on its fronts: the fronts follow them as
        # they followed when they left (a copy taken before, and a front's ranking of the word had
        # differed from its whole list's until the next compaction; the write that starts a
        # compaction is one such)
        marked = sqlfiles.call(cur, "search.fronts.marked", staged=False)
        postings.follow_fronts(cur, marked["groups"], marked["keys"])
        sqlfiles.call_each(cur, ("search.compact.swap_empty", "search.compact.swap_journal", *FORGET))
        done("Search compaction: the new lists are in place")
    events.emit("search.compact", step="swapped")
    return True


class Halt:
    """When a compaction stops, at the end of a range: once set() (its process let the file go to
    another that knocked, or is leaving), or, once its process let the file go unasked (until(): the
    grace it gives), when another process knocks, or from the moment the ranges left would not be
    built by the deadline; no longer once the process holds the file again (lift())."""

    def __init__(self):
        self._now = threading.Event()
        self._grace = None       # (deadline, knocked) once let go unasked: one attribute, set and read whole

    def set(self):
        self._now.set()

    def until(self, deadline, knocked):
        self._grace = (deadline, knocked)

    def lift(self):
        """The process holds the file again: no deadline (the next release gives one, or stops it)."""
        self._grace = None

    def due(self, left_s):
        """Whether to stop here, with `left_s` seconds of ranges left to build (as they went so far)."""
        if self._now.is_set():
            return True
        grace = self._grace
        if grace is None:
            return False
        deadline, knocked = grace
        return knocked() or time.monotonic() + left_s > deadline


def build(con, halt=None):
    """Build the copy of the lists, the tail folded in, on `con` (its own connection): a range of
    keys at a time (about RANGE_POSTINGS postings each: the lists' aggregates do not spill, and the
    whole index at once held 7.5 GB at 6 M turns), going on from the ranges a compaction before
    built of this generation's copy, in one transaction, committed once the copy is whole or, when
    `halt` (a Halt) says so, at the end of a range (having built one at least): the next compaction
    goes on from there, and the checkpoints left to this DuckDB instance merge no row groups
    (search.compact.no_vacuum: the ranges committed so are merged once, not again at each stop).
    (A transaction for each range cost 46.7 s at 6 M turns against 26.4 s: each range's lists went
    through the WAL, and most commits checkpointed.) A progress step for each range,
    heard where the building thread runs with a reporter (a background build outlives the call that
    started it, so no call hears it). True once the copy is whole and awaits its swap; False when it
    built nothing more (a copy awaits its swap already: a write whose transaction began before that
    copy was committed saw none and started this one; or the copy was discarded meanwhile), or
    stopped before its end."""
    ranges, built = _begin(con)
    if ranges is None:
        return False
    began, here = time.monotonic(), 0
    with transaction(con), progress.steps(len(ranges) - len(built) + 1) as done:
        for n, (lo, hi) in enumerate(ranges, 1):
            if n in built:
                continue
            if not sqlfiles.call(con, "search.compact.to_build", range_no=n):
                return False
            sqlfiles.call_each(con, ("search.compact.build_postings", "search.compact.build_fronts",
                                     "search.compact.build_docs", "search.compact.build_dead"), lo=lo, hi=hi)
            sqlfiles.call(con, "search.compact.range_built", range_no=n)
            built.add(n)
            here += 1
            done(f"Search compaction: the lists and their fronts, {n} of {len(ranges)}")
            left = len(ranges) - len(built)
            if left and halt is not None and halt.due((time.monotonic() - began) / here * left):
                sqlfiles.call(con, "search.compact.no_vacuum")   # before the commit, which may checkpoint
                events.emit("search.compact", step="stopped", built=len(built), ranges=len(ranges))
                return False
        sqlfiles.call(con, "search.compact.build_info")
        done("Search compaction: the copy is built")
    return True


def _begin(con):
    """The ranges of keys of this generation's copy and those built, the copy's tables made first if
    none is begun; (None, None) where a copy awaits its swap (nothing to build)."""
    with transaction(con):
        state = sqlfiles.call(con, "search.compact.state")
        if state["ready"] == state["generation"]:
            # replacing it raced the next write's swap of it (a catalog write-write conflict on
            # search_next: 4 failed appends in 16 runs of 8 processes appending)
            return None, None
        begun = sqlfiles.call(con, "search.compact.progress")
        if begun["ranges"] is not None:
            return key_ranges(begun["ranges"]), set(begun["built"])
        sqlfiles.call_each(con, (*FORGET,      # of an older generation
                                 "search.compact.build_table", "search.compact.build_fronts_table",
                                 "search.compact.build_docs_table"))
        count = -(-state["indexed"] // RANGE_POSTINGS) or 1
        sqlfiles.call(con, "search.compact.begun", ranges=count)
    return key_ranges(count), set()


def _work(path, key, halt):
    global _due
    con = None
    try:
        con = duckdb_engine().connect(path)     # the same database instance as the process's lease
        with _lock:
            if key in _running:
                _running[key] = (_running[key][0], con, halt)
        if build(con, halt):
            events.emit("search.compact", step="built")
        with _lock:
            _due = True         # the next write swaps it in, or goes on with it
    except Exception as exc:  # interrupted, or the file went away: the next write goes on with it
        events.emit("search.compact", step="failed", error=f"{type(exc).__name__}: {exc}")
    finally:
        if con is not None:
            con.close()
        with _lock:
            _running.pop(key, None)


def start(path):
    """A compaction of the database at `path` (as DuckDB names it: its connection must meet the
    instance of the process's lease, not open the file again), known by its real path."""
    global _unseen
    key = os.path.realpath(path)
    with _lock:
        if key in _running:
            return False
        halt = Halt()
        thread = threading.Thread(target=_work, args=(path, key, halt), name="talkbar-search-compaction",
                                  daemon=True)
        _running[key] = (thread, None, halt)
        _unseen = True
    thread.start()
    return True


def wait(timeout=None):
    """Wait for running compactions (tests and the bench)."""
    for thread, _con, _halt in list(_running.values()):
        thread.join(timeout)


def started():
    """Whether this process started a compaction since finish() last ran."""
    return _unseen


@on_release
def released(path, knocked):
    """This process lets the file at `path` go. Its compaction stops at the end of the range under
    way, at once where another process knocked for the file (this waits for it); else it may go on
    for GRACE_S, in the background (a one-shot CLI call answers meanwhile, and waits for it at exit
    under a progress line: finish()), until a knock, or the first range's end from which the ranges
    left, as they went so far, would not be built in time. So a few hundred thousand turns compact
    within a one-shot CLI write, as before (602 k turns: 4 ranges, 2.5 s), and at 6 M turns a
    one-shot write builds a range and goes (34 ranges, 26 s): given the 3 s each, 8 writes took 6.2 s
    each (the ranges' lists written through the WAL and checkpointed as the lease ended), given
    none, 35 writes 1.7 s each, and 602 k turns 5 writes of 1.06 s where 2 had done (3.2 s, 0.3 s)."""
    running = _running.get(os.path.realpath(path))
    if running is None:
        return
    if knocked():
        stop(path)
    else:
        running[2].until(time.monotonic() + GRACE_S, knocked)


@on_acquire
def acquired(path):
    """This process holds the file at `path` again (a server's next call within the grace it gave its
    compaction): the compaction goes on to its end, as before the release, not to the deadline."""
    running = _running.get(os.path.realpath(path))
    if running is not None:
        running[2].lift()


def stop(path=None, wait_s=STOP_WAIT_S):
    """The process lets the file at `path` go (every file: None): its compaction stops at the end
    of the range under way, given `wait_s` for it, then interrupted (that range is lost)."""
    want = None if path is None else os.path.realpath(path)
    for key, (thread, con, halt) in list(_running.items()):
        if want is not None and key != want:
            continue
        halt.set()
        thread.join(wait_s)
        if thread.is_alive() and con is not None:
            try:
                con.interrupt()
            except Exception:
                pass
            thread.join(5)


@atexit.register
def finish(wait_s=GRACE_S + STOP_WAIT_S):
    """At exit: running compactions end within the grace the release of the lease gave them
    (released()); this waits for that, up to `wait_s`, and stops what is left at its range's end (the
    CLI calls it itself first, to show its progress line meanwhile; Ctrl+C: with no wait)."""
    global _unseen
    for thread, _con, _halt in list(_running.values()):
        thread.join(wait_s)
    stop(None)
    _unseen = False


def to_the_end(db, stopped=lambda: False):
    """Compact the search index of `db` (a Database) now, in this process, to its end (`app
    search-index compact`): the copy is built a range at a time on the lease's own cursor, and the
    write after the last range swaps it in. Another process that knocks meanwhile stops it at the
    end of the range under way: the ranges built are committed, the file goes to that process, and
    this goes on from the next range once the file is its again (the other waits a range, under a
    second at 6 M turns, not the whole compaction). Once `stopped()` (Ctrl+C), it ends at the end of
    the range under way, what it built committed for the next compaction to go on from. What it did:
    {"compacted", "stopped", "tailBefore", "tailAfter" (rows of the unsorted tail and its journal),
    "ranges" (of keys, of the copy), "built" (of them, when it ended), "handedOver" (times the file
    went to another process meanwhile)}."""
    done = {"compacted": False, "stopped": False, "tailBefore": 0, "tailAfter": 0, "ranges": 0, "built": 0,
            "handedOver": 0}
    if db.missing:          # nothing indexed, and no database made for it
        return done
    with db.cursor() as cur, transaction(cur):
        before = sqlfiles.call(cur, "search.compact.state")
    if not (before["tail"] or before["unfronted"] or before["building"] or before["ready"] is not None):
        return done
    done["tailBefore"] = before["tail"]
    while True:
        with db.write_lock, db.cursor(write=True) as cur:
            halt = Halt()
            halt.until(math.inf, lambda: db.knocked() or stopped())
            whole = build(cur, halt)
            state, built = (sqlfiles.call(cur, name) for name in ("search.compact.state", "search.compact.progress"))
        done.update(ranges=built["ranges"] or 0, built=len(built["built"]), tailAfter=state["tail"])
        if whole or state["ready"] == state["generation"]:
            break
        if stopped():
            done["stopped"] = True
            return done
        done["handedOver"] += 1    # stopped at a knock (or the copy went with an import meanwhile: a new one)
    with db.write_turn() as cur:
        done["compacted"] = swap(cur)
        done["tailAfter"] = sqlfiles.call(cur, "search.compact.state")["tail"]
    return done


def cancel(cur):
    """A rebuild replaces the postings: a copy of the old ones must never be swapped in."""
    sqlfiles.call_each(cur, ("search.compact.next_generation", *DROP_COPY, "search.compact.swap_journal"))
