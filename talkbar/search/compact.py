"""Compaction: folding the tail into the term lists in the background, never in a search's way.

Search reads each term's list by its primary key (search_lists), plus the small unsorted tail that
every write appends to. When the tail grows past COMPACT_AT of the index (its terms, as BM25's
counts have them), the write that notices starts a daemon thread in its own process. The thread, on
its own connection to the same database and in its own transaction, writes a copy of the lists with
the tail folded in (search_next), the fronts of its long lists (search_next_fronts) and the tail
passages it took in, and commits; searches go on reading the old tables meanwhile. The next write
swaps the copy in: inside its own transaction, so writes never race the swap, it renames search_next
and its fronts into place, deletes from the tail exactly what the copy took in (a turn appended
while the copy was built stays in the tail; the copy left out the passages marked removed from the
lists, and their marks go with it: sql/schema/1000_search_marks.sql) and from the copy the tail's
passages removed meanwhile (search_dead, by term; those lists lose their fronts). A passage of the
lists removed meanwhile is still in the copy, and its marks stay in the tail for the next one. The
swap is a few catalog changes and small updates. A rebuild (import) moves the generation on, so a
copy of the old postings is dropped.

A short-lived CLI process gives its compaction up to EXIT_WAIT_S at exit (a workspace of a few
hundred sessions compacts in well under that), then interrupts it: nothing is committed, and the
next process tries again; the MCP server and the recording stand-in live long enough for any size.
"""

import atexit
import threading

from talkbar import events, progress, sqlfiles
from talkbar.db import duckdb_engine, transaction
from talkbar.search import postings
from talkbar.search.keys import key_ranges

COMPACT_AT = 0.05        # the tail's postings (and removals journaled), as a share of the index's terms
MIN_ROWS = 20_000        # never compact for less
CHECK_EVERY = 16         # writes between two looks at the tail (the first write of a process looks)
EXIT_WAIT_S = 3.0        # how long a process about to exit lets a compaction finish
RANGE_POSTINGS = 2_000_000   # postings (as BM25's counts have the index's terms) per range of keys built at once

_lock = threading.Lock()
_running = {}            # database path -> (thread, connection)
_unseen = False          # this process started a compaction since finish() last ran
_writes = 0
_due = False             # the next write looks (a copy was built, or a front went)


def after_write(cur):
    """Called by the index inside every indexing write: swap a ready copy in, or start one when the
    tail has grown, or when a long list has lost its front (its searches group the whole list: at
    6 M turns, after a person renamed whom 1,095 sessions' speakers go by, 136 of 164 fronts gone and
    the search p95 3.3x, until a compaction the tail alone would not have asked for). It looks every
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
    elif not dropped and (state["tail"] >= max(MIN_ROWS, COMPACT_AT * state["indexed"])
                          or (state["unfronted"] and state["tail"] >= MIN_ROWS)):
        start(sqlfiles.call(cur, "search.compact.path"))


def swap(cur, state=None):
    """Put a finished copy in place (inside the caller's write transaction)."""
    state = state or sqlfiles.call(cur, "search.compact.state")
    if state["ready"] is None:
        return False
    if state["ready"] != state["generation"]:
        for step in ("search.compact.drop_next", "search.compact.drop_next_fronts", "search.compact.discard"):
            sqlfiles.call(cur, step)
        events.emit("search.compact", step="discarded")
        return False
    with progress.steps(1) as done:
        for step in ("search.compact.swap_drop_old", "search.compact.swap_rename", "search.compact.swap_fronts_drop",
                     "search.compact.swap_fronts_rename", "search.compact.swap_tail", "search.compact.swap_tail_drop",
                     "search.compact.swap_tail_rename", "search.compact.swap_dead", "search.compact.swap_dead_fronts"):
            sqlfiles.call(cur, step)
        # the passages that left the lists since the copy was taken (their marks are all the tail
        # holds now) are still in the copy and on its fronts: the fronts follow them as they followed
        # when they left (a copy taken before, and a front's ranking of the word had differed from its
        # whole list's until the next compaction; the write that starts a compaction is one such)
        marked = sqlfiles.call(cur, "search.fronts.marked", staged=False)
        postings.follow_fronts(cur, marked["groups"], marked["keys"])
        for step in ("search.compact.swap_empty", "search.compact.swap_journal", "search.compact.discard"):
            sqlfiles.call(cur, step)
        done("Search compaction: the new lists are in place")
    events.emit("search.compact", step="swapped")
    return True


def build(con):
    """Write the copy of the lists, the tail folded in, in one transaction of `con` (its own
    connection), a range of keys at a time (about RANGE_POSTINGS postings each: the lists'
    aggregates do not spill, and the whole index at once held 7.5 GB at 6 M turns); a progress step
    for each part, heard where the building thread runs with a reporter (a background build
    outlives the call that started it, so no call hears it). Returns False, building nothing, where
    a copy of this generation already awaits its swap."""
    with transaction(con), progress.steps(4) as done:
        state = sqlfiles.call(con, "search.compact.state")
        if state["ready"] == state["generation"]:
            # a copy built before awaits its swap: a write whose transaction began before that copy
            # was committed saw none and started this one, and replacing it raced the next write's
            # swap of it (a catalog write-write conflict on search_next: 4 failed appends in 16
            # runs of 8 processes appending, once each write after a build looked)
            return False
        sqlfiles.call(con, "search.compact.discard")   # a copy of an older generation, never to be swapped in
        sqlfiles.call(con, "search.compact.build_fronts_table")
        sqlfiles.call(con, "search.compact.build_table")
        done("Search compaction: built the lists' table")
        ranges = key_ranges(-(-state["indexed"] // RANGE_POSTINGS) or 1)
        for n, (lo, hi) in enumerate(ranges, 1):
            progress.say(f"Search compaction: the lists and their fronts, {n} of {len(ranges)}")
            for step in ("search.compact.build_postings", "search.compact.build_fronts"):
                sqlfiles.call(con, step, lo=lo, hi=hi)
        done("Search compaction: built the postings and the fronts of the long lists")
        for step, what in (("search.compact.build_docs", "the passages"), ("search.compact.build_info", "the counts")):
            sqlfiles.call(con, step)
            done(f"Search compaction: built {what}")
    return True


def _work(path):
    global _due
    con = None
    try:
        con = duckdb_engine().connect(path)     # the same database instance as the process's lease
        with _lock:
            if path in _running:
                _running[path] = (_running[path][0], con)
        if build(con):
            events.emit("search.compact", step="built")
        with _lock:
            _due = True         # the next write swaps it in (this one, or one built before)
    except Exception as exc:  # interrupted at exit, or the file went away: the next write tries again
        events.emit("search.compact", step="failed", error=f"{type(exc).__name__}: {exc}")
    finally:
        if con is not None:
            con.close()
        with _lock:
            _running.pop(path, None)


def start(path):
    global _unseen
    with _lock:
        if path in _running:
            return False
        thread = threading.Thread(target=_work, args=(path,), name="talkbar-search-compaction", daemon=True)
        _running[path] = (thread, None)
        _unseen = True
    thread.start()
    return True


def wait(timeout=None):
    """Wait for running compactions (tests and the bench)."""
    for thread, _con in list(_running.values()):
        thread.join(timeout)


def started():
    """Whether this process started a compaction since finish() last ran."""
    return _unseen


@atexit.register
def finish(wait_s=EXIT_WAIT_S):
    """At exit: let running compactions finish for up to `wait_s`, then interrupt them (the CLI calls
    it itself first, to show its progress line meanwhile)."""
    global _unseen
    for thread, con in list(_running.values()):
        thread.join(wait_s)
        if thread.is_alive() and con is not None:
            try:
                con.interrupt()
            except Exception:
                pass
            thread.join(5)
    _unseen = False


def cancel(cur):
    """A rebuild replaces the postings: a copy of the old ones must never be swapped in."""
    for step in ("search.compact.next_generation", "search.compact.drop_next", "search.compact.drop_next_fronts",
                 "search.compact.discard", "search.compact.swap_journal"):
        sqlfiles.call(cur, step)
