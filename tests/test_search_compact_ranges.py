"""A compaction is built a range of keys at a time, and commits the ranges built when it stops at a
range's end: its process let the file go (at once on a knock, within a few seconds' grace
otherwise; talkbar/search/compact.py, migration 1280). A later build, of this process or another,
goes on where it stopped, and what was written between its ranges (new passages, passages gone from
the tail, passages marked out of the lists) comes out as an index built afresh has it. Built whole
in one transaction, a compaction at 6 M turns was thrown away by every one-shot CLI write (3.3 s
each, for ever) and kept the file from other processes while an MCP server built it."""

import itertools
import os
import shutil
import subprocess
import sys
import threading
from types import SimpleNamespace

from search_afresh import answers, in_transaction, rebuilt_copy
from search_ranking_calls import fronts_afresh, lengths_wrong
from test_search_fronts import FRONT_AT, _true_to_the_lists
from conftest import DB_FILE
from talkbar import sqlfiles
from talkbar.db import Database
from talkbar.engine import CLI, Engine
from talkbar.search import compact, postings

QUERIES = ("budget", "okapi savanna", "pangolin", "vendor pricing", "quarterly budget review", "launch date",
           "meeting notes", "discount")

# every posting a search reads, named by passage (item, field, part) rather than by number (a passage
# gone, still in a list, has none): the lists' and the tail's, less the passages marked out of the lists
EFFECTIVE = """
WITH p AS (SELECT key, unnest(docs) AS doc, unnest(tfs) AS tf, unnest(dls) AS dl FROM search_lists
           UNION ALL SELECT key, doc_no, tf, dl FROM search_tail WHERE tf > 0)
SELECT p.key, i.item_id, d.field, d.part, p.tf, p.dl
FROM p LEFT JOIN search_docs d ON d.doc_no = p.doc LEFT JOIN search_items i ON i.item_no = d.item_no
WHERE (p.key, p.doc) NOT IN (SELECT key, doc_no FROM search_tail WHERE tf < 0)
ORDER BY ALL"""


def _through(call):
    """compact's sqlfiles with every named query run through `call` (a test's stand-in that acts at
    one of them)."""
    return SimpleNamespace(call=call, call_each=lambda cur, names, **params: [call(cur, n, **params) for n in names])


def _progress(cur):
    return sqlfiles.call(cur, "search.compact.progress")


def _fronted(engine):
    """Long lists here are FRONT_AT postings (the product's bound is 100,000): fronts to keep true."""
    def setup(cur):
        cur.execute(f"CREATE OR REPLACE MACRO tb_front_at() AS {FRONT_AT}")
        fronts_afresh(cur)
        return sqlfiles.call(cur, "search.compact.state")["indexed"]
    return in_transaction(engine, setup)


def _writes_between(engine, n, made):
    """Writes of every kind a compaction must carry across: a note made (its passages in the tail),
    the note made one step before edited (its tail passages gone: the journal), a demo note edited
    (its passages marked out of the lists)."""
    made.append(engine.call("notes.create", {"title": f"Okapi savanna {n}",
                                             "markdown": f"Pangolin budget review, round {n}."})["noteId"])
    if n:
        engine.call("notes.update", {"noteId": made[n - 1], "markdown": "Vendor pricing after the discount."})
    demo_notes = [i["noteId"] for i in engine.call("notes.list", {"limit": 50})["items"] if i["noteId"] not in made]
    engine.call("notes.update", {"noteId": demo_notes[n], "markdown": f"Quarterly budget review, take {n}."})


def _only_this_test_compacts(monkeypatch):
    """No write looks for a compaction; the fronts its writes take leave no flag behind for the next
    test's first write (which would start none)."""
    monkeypatch.setattr(compact, "after_write", lambda cur: None)
    monkeypatch.setattr(postings, "_fronts_dropped", False)


def _afresh(engine, path):
    """The effective postings and the answers of a copy whose index is built again from its tables."""
    db = rebuilt_copy(engine, path)
    try:
        with db.cursor() as cur:
            effective = cur.execute(EFFECTIVE).fetchall()
        return effective, answers(Engine(db, CLI), QUERIES)
    finally:
        db.release_now()


def test_a_compaction_stopped_between_its_ranges_goes_on_where_it_stopped(fresh_engine, monkeypatch, tmp_path):
    engine = fresh_engine
    indexed = _fronted(engine)
    monkeypatch.setattr(compact, "RANGE_POSTINGS", indexed // 8)
    _only_this_test_compacts(monkeypatch)
    halt = compact.Halt()
    halt.set()                                    # as if the process let go while its first range was built
    made = []
    _writes_between(engine, 0, made)
    for n in (1, 2):
        with engine.db.cursor() as cur:
            assert compact.build(cur, halt) is False
            progress = _progress(cur)
            assert progress["ranges"] >= 8 and progress["built"] == list(range(1, n + 1)), progress
        _writes_between(engine, n, made)
    with engine.db.cursor() as cur:
        assert compact.build(cur) is True             # goes on from range 3 to the last
        assert _progress(cur)["built"] == list(range(1, _progress(cur)["ranges"] + 1))
        assert compact.build(cur) is False            # whole: nothing more to build
        _writes_between(engine, 3, made)
        assert in_transaction(engine, compact.swap) is True
        assert _progress(cur) == {"ranges": None, "built": []}
        assert cur.execute("SELECT count(*) FROM search_next_info").fetchone()[0] == 0
        assert cur.execute("SELECT count(*) FROM search_tail WHERE tf > 0").fetchone()[0] > 0    # written since
        assert lengths_wrong(cur) == 0
        _true_to_the_lists(cur)
        effective = cur.execute(EFFECTIVE).fetchall()
    ours = answers(engine, QUERIES)
    assert sum(len(v) for v in ours.values()) >= 40, ours
    assert (effective, ours) == _afresh(engine, tmp_path / "afresh.duckdb")


def _due_at_once(monkeypatch, engine, ranges):
    """The next write starts a compaction of `ranges` ranges of keys or more."""
    monkeypatch.setattr(compact, "RANGE_POSTINGS", _fronted(engine) // ranges)
    monkeypatch.setattr(compact, "MIN_ROWS", 1)
    monkeypatch.setattr(compact, "COMPACT_AT", 0)
    monkeypatch.setattr(compact, "_writes", 0)       # the next write is a process's first: it looks
    monkeypatch.setattr(compact, "_due", False)
    monkeypatch.setattr(postings, "_fronts_dropped", False)   # a write that took a front starts none


def test_a_compaction_stops_at_its_ranges_end_when_another_process_knocks(fresh_engine, monkeypatch, heard):
    """A knock takes the file at once: the release waits for the range under way and no longer (not
    the grace it gives a compaction otherwise), the compaction's connection is closed with the
    lease, so another process can open the file; the next write goes on with the copy, and the one
    after swaps it in."""
    engine = fresh_engine
    _due_at_once(monkeypatch, engine, 6)
    monkeypatch.setattr(compact, "GRACE_S", 10 ** 6)
    order = []

    def call(cur, name, **params):     # the first range is committed only once the process lets go
        if name == "search.compact.range_built" and not order:
            (_thread, _con, halt), = compact._running.values()
            assert halt._now.wait(60)
            order.append("range ended")
        return sqlfiles.call(cur, name, **params)

    monkeypatch.setattr(compact, "sqlfiles", _through(call))
    engine.call("notes.create", {"title": "Okapi savanna", "markdown": "A pangolin in the garden."})
    assert compact._running                                # building in the background
    engine.db._knock()                                     # as another process finding the file held
    engine.db.release_now()
    order.append("let go")
    assert order == ["range ended", "let go"] and not compact._running
    stopped = [e for e in heard() if e.get("event") == "search.compact"]
    assert [e["step"] for e in stopped] == ["stopped"] and stopped[0]["built"] == 1 and stopped[0]["ranges"] >= 6
    opened = subprocess.run([sys.executable, "-c", "import duckdb, sys; duckdb.connect(sys.argv[1]).close()",
                             str(engine.db.path)], capture_output=True, text=True, env=dict(os.environ))
    assert opened.returncode == 0, opened.stderr         # nothing of this process holds the file
    monkeypatch.setattr(compact, "MIN_ROWS", 10 ** 9)      # the tail alone asks for none now
    engine.call("notes.create", {"title": "Pangolin sighting", "markdown": "Another one."})    # goes on
    compact.wait(60)
    with engine.db.cursor() as cur:
        progress = _progress(cur)
        assert progress["built"] == list(range(1, progress["ranges"] + 1))
    engine.call("notes.create", {"title": "Aardvark sighting", "markdown": "And one more."})   # swaps it in
    compact.wait(60)
    with engine.db.cursor() as cur:
        assert _progress(cur) == {"ranges": None, "built": []}
        assert cur.execute("SELECT count(*) FROM search_next_info").fetchone()[0] == 0
        assert lengths_wrong(cur) == 0
        _true_to_the_lists(cur)
    steps = [e["step"] for e in heard() if e.get("event") == "search.compact"]
    assert steps[:3] == ["stopped", "built", "swapped"], steps
    found = engine.call("workspace.search", {"query": "sighting", "kinds": ["note"]})["matches"]
    assert len(found) == 2, found


def test_a_passage_gone_before_its_range_was_built_costs_its_lists_no_front(fresh_engine, monkeypatch):
    """The journal of passages gone from the tail is for a copy that may hold them; a range read after
    they went holds none, and the lists keep the fronts its copy built (the swap drops the fronts of
    the lists it takes passages out of: all of them, while the journal kept every removal since the
    last compaction)."""
    engine = fresh_engine
    _fronted(engine)
    _only_this_test_compacts(monkeypatch)
    note = engine.call("notes.create", {"title": "Budget review", "markdown": "The quarterly budget review meeting."})
    engine.call("notes.update", {"noteId": note["noteId"], "markdown": "Moved to Friday."})
    with engine.db.cursor() as cur:
        journal = {k for (k,) in cur.execute("SELECT DISTINCT key FROM search_dead").fetchall()}
        assert journal & {k for (k,) in cur.execute("SELECT key FROM search_fronts").fetchall()}
        assert compact.build(cur) is True
        assert in_transaction(engine, compact.swap) is True
        assert _true_to_the_lists(cur) == set()           # no long list without its front
        assert cur.execute("SELECT count(*) FROM search_dead").fetchone()[0] == 0


def test_a_compaction_gets_a_few_seconds_when_its_process_lets_the_file_go_unasked(fresh_engine, monkeypatch,
                                                                                    heard):
    """Let go with nobody knocking (the idle bound, a one-shot call's end), the compaction goes on a
    little longer (compact.GRACE_S), and one that fits in it finishes: the demo's, in many ranges."""
    engine = fresh_engine
    _due_at_once(monkeypatch, engine, 6)
    monkeypatch.setattr(compact, "GRACE_S", 600)
    engine.call("notes.create", {"title": "Okapi savanna", "markdown": "A pangolin in the garden."})
    engine.db.release_now()                 # returns at once: the compaction goes on in the background
    compact.wait(60)
    assert [e["step"] for e in heard() if e.get("event") == "search.compact"] == ["built"]
    with engine.db.cursor() as cur:
        progress = _progress(cur)
        assert progress["ranges"] >= 6 and progress["built"] == list(range(1, progress["ranges"] + 1))
        assert cur.execute("SELECT count(*) FROM search_next_info").fetchone()[0] == 1


def test_a_compaction_given_a_deadline_stops_where_the_ranges_left_would_not_be_built_by_it(fresh_engine,
                                                                                          monkeypatch):
    """The grace a process gives its compaction is a deadline: it stops at the first range's end from
    which the ranges left, at the pace so far, would not be built by then (a one-shot write at 6 M
    turns builds a range and goes, not 3 s of them and a checkpoint of all they wrote), and goes on
    to the end where they would."""
    engine = fresh_engine
    monkeypatch.setattr(compact, "RANGE_POSTINGS", _fronted(engine) // 6)
    _only_this_test_compacts(monkeypatch)
    engine.call("notes.create", {"title": "Okapi savanna", "markdown": "A pangolin in the garden."})
    ticks = itertools.count(step=1000)       # a clock that moves 1,000 s at each look: a range takes ~2,000
    monkeypatch.setattr(compact, "time", SimpleNamespace(monotonic=lambda: next(ticks)))
    with engine.db.cursor() as cur:
        near, far = compact.Halt(), compact.Halt()
        near.until(3000, lambda: False)   # not passed at the first range's end; five more would end past it
        assert compact.build(cur, near) is False
        assert _progress(cur)["built"] == [1]
        far.until(10 ** 12, lambda: False)
        assert compact.build(cur, far) is True
        assert _progress(cur)["built"] == list(range(1, _progress(cur)["ranges"] + 1))
        far.set()
        assert far.due(0)


def test_a_compaction_that_would_not_finish_in_its_grace_stops_at_its_first_ranges_end(fresh_engine,
                                                                                      monkeypatch, heard):
    """Let go unasked, the process gives its compaction the grace as a deadline: one whose ranges left
    would end past it stops at the end of the range under way (at 6 M turns, a one-shot write's)."""
    engine = fresh_engine
    _due_at_once(monkeypatch, engine, 6)
    monkeypatch.setattr(compact, "GRACE_S", 3000)
    ticks = itertools.count(step=1000)
    monkeypatch.setattr(compact, "time", SimpleNamespace(monotonic=lambda: next(ticks)))
    given, deadline_given = [], threading.Event()

    class Given(compact.Halt):
        def until(self, deadline, knocked):
            super().until(deadline, knocked)
            deadline_given.set()

    def call(cur, name, **params):     # the first range ends once the release has given the deadline
        if name == "search.compact.range_built" and not given:
            given.append(deadline_given.wait(60))
        return sqlfiles.call(cur, name, **params)

    monkeypatch.setattr(compact, "Halt", Given)
    monkeypatch.setattr(compact, "sqlfiles", _through(call))
    engine.call("notes.create", {"title": "Okapi savanna", "markdown": "A pangolin in the garden."})
    engine.db.release_now()
    compact.wait(60)
    assert given == [True]
    stopped = [e for e in heard() if e.get("event") == "search.compact"]
    assert [(e["step"], e.get("built")) for e in stopped] == [("stopped", 1)], stopped


def test_a_compaction_of_a_file_reached_through_a_symbolic_link_stops_with_its_lease(demo_template, tmp_path,
                                                                                    monkeypatch, heard):
    """A data root under a linked folder (as /tmp is on macOS): the compaction, known by the file's
    real path, is the one the lease's release stops (it names the file through the link)."""
    real = tmp_path / "real"
    real.mkdir()
    shutil.copy(demo_template / DB_FILE, real / DB_FILE)
    (tmp_path / "linked").symlink_to(real, target_is_directory=True)
    db = Database(tmp_path / "linked" / DB_FILE, create=False, idle_s=30)
    engine = Engine(db, CLI)
    try:
        _due_at_once(monkeypatch, engine, 6)

        def call(cur, name, **params):     # the first range ends once the release has stopped it
            if name == "search.compact.range_built":
                (_thread, _con, halt), = compact._running.values()
                assert halt._now.wait(60)
            return sqlfiles.call(cur, name, **params)

        monkeypatch.setattr(compact, "sqlfiles", _through(call))
        engine.call("notes.create", {"title": "Okapi savanna", "markdown": "A pangolin in the garden."})
        db._knock()
        db.release_now()
        assert not compact._running
        steps = [(e["step"], e.get("built")) for e in heard() if e.get("event") == "search.compact"]
        assert steps == [("stopped", 1)], steps
    finally:
        db.release_now()


def test_a_compaction_going_on_after_its_process_let_go_stops_at_a_knock(fresh_engine, monkeypatch, heard):
    """Within its grace, a knock from another process stops the compaction at the end of the range
    under way (the file is not this process's any more: the other waits for DuckDB's lock)."""
    engine = fresh_engine
    _due_at_once(monkeypatch, engine, 6)
    monkeypatch.setattr(compact, "GRACE_S", 10 ** 6)
    released, first = threading.Event(), []

    def call(cur, name, **params):     # the first range ends once the lease has gone, and a knock came
        if name == "search.compact.range_built" and not first:
            first.append(released.wait(60))
            engine.db._knock()
        return sqlfiles.call(cur, name, **params)

    monkeypatch.setattr(compact, "sqlfiles", _through(call))
    engine.call("notes.create", {"title": "Okapi savanna", "markdown": "A pangolin in the garden."})
    engine.db.release_now()
    released.set()
    compact.wait(60)
    assert first == [True]
    steps = [(e["step"], e.get("built")) for e in heard() if e.get("event") == "search.compact"]
    assert steps == [("stopped", 1)], steps


def test_a_compaction_whose_process_holds_the_file_again_within_its_grace_goes_on_to_its_end(fresh_engine,
                                                                                              monkeypatch, heard):
    """A server's next call within the grace its compaction was given (let go unasked, at its idle
    bound): the file is its own again, and the compaction builds to its end, as before the release,
    not stopping at the deadline, long past when its first range ends."""
    engine = fresh_engine
    _due_at_once(monkeypatch, engine, 6)
    monkeypatch.setattr(compact, "GRACE_S", 0)        # the deadline passes at once
    back = threading.Event()

    def call(cur, name, **params):     # the first range ends once the process holds the file again
        if name == "search.compact.range_built" and not back.is_set():
            assert back.wait(60)
        return sqlfiles.call(cur, name, **params)

    monkeypatch.setattr(compact, "sqlfiles", _through(call))
    engine.call("notes.create", {"title": "Okapi savanna", "markdown": "A pangolin in the garden."})
    engine.db.release_now()                           # unasked: the grace, already over
    assert compact._running
    engine.call("notes.list", {"limit": 1})           # the next call: the lease again
    back.set()
    compact.wait(60)
    assert [e["step"] for e in heard() if e.get("event") == "search.compact"] == ["built"]
    with engine.db.cursor() as cur:
        progress = _progress(cur)
        assert progress["ranges"] >= 6 and progress["built"] == list(range(1, progress["ranges"] + 1))


def test_a_compaction_run_to_its_end_hands_the_file_over_at_a_knock_and_goes_on(fresh_engine, monkeypatch, heard,
                                                                                 tmp_path):
    """`app search-index compact` (compact.to_the_end) builds on the lease's own cursor; another
    process that knocks gets the file at the end of the range under way (the ranges built are
    committed), and the compaction goes on from the next range once the file is its again, to the
    swap: the index then is what one built afresh gives."""
    engine = fresh_engine
    monkeypatch.setattr(compact, "RANGE_POSTINGS", _fronted(engine) // 6)
    _only_this_test_compacts(monkeypatch)
    made = []
    for n in range(3):
        _writes_between(engine, n, made)
    knocked = []

    def call(cur, name, **params):     # another process asks for the file as the first range ends
        if name == "search.compact.range_built" and not knocked:
            engine.db._knock()
            knocked.append(params["range_no"])
        return sqlfiles.call(cur, name, **params)

    monkeypatch.setattr(compact, "sqlfiles", _through(call))
    done = compact.to_the_end(engine.db)
    assert knocked == [1]
    assert done["compacted"] is True and done["handedOver"] == 1 and done["ranges"] == done["built"] >= 6, done
    assert done["tailBefore"] > 0 and done["tailAfter"] == 0, done
    steps = [(e["event"], e.get("step"), e.get("built")) for e in heard()
             if e.get("event") in ("search.compact", "db.release")]
    assert steps == [("search.compact", "stopped", 1), ("db.release", None, None),     # let go after range 1
                     ("search.compact", "swapped", None)], steps
    monkeypatch.setattr(compact, "sqlfiles", sqlfiles)
    assert compact.to_the_end(engine.db)["compacted"] is False      # nothing left
    with engine.db.cursor() as cur:
        assert _progress(cur) == {"ranges": None, "built": []}
        assert lengths_wrong(cur) == 0
        _true_to_the_lists(cur)
        effective = cur.execute(EFFECTIVE).fetchall()
    assert (effective, answers(engine, QUERIES)) == _afresh(engine, tmp_path / "afresh.duckdb")


def test_a_compaction_run_to_its_end_that_is_stopped_ends_at_its_ranges_end_and_the_next_goes_on(fresh_engine,
                                                                                                 monkeypatch):
    """Ctrl+C on `app search-index compact`: it ends at the end of the range under way, what it built
    committed, and says so; the next compaction goes on from there to the swap."""
    engine = fresh_engine
    monkeypatch.setattr(compact, "RANGE_POSTINGS", _fronted(engine) // 6)
    _only_this_test_compacts(monkeypatch)
    made = []
    _writes_between(engine, 0, made)
    ranges_ended = []

    def call(cur, name, **params):
        if name == "search.compact.range_built":
            ranges_ended.append(params["range_no"])
        return sqlfiles.call(cur, name, **params)

    monkeypatch.setattr(compact, "sqlfiles", _through(call))
    done = compact.to_the_end(engine.db, stopped=lambda: len(ranges_ended) >= 2)
    assert done["stopped"] is True and done["compacted"] is False and done["built"] == 2 and done["ranges"] >= 6, done
    assert done["tailAfter"] == done["tailBefore"] > 0, done
    with engine.db.cursor() as cur:
        assert _progress(cur)["built"] == [1, 2]
    done = compact.to_the_end(engine.db)
    assert done["compacted"] is True and done["stopped"] is False and done["tailAfter"] == 0, done
    assert ranges_ended == list(range(1, done["ranges"] + 1))      # each range built once


def _row_groups(engine, table):
    with engine.db.cursor() as cur:
        return cur.execute(f"SELECT count(DISTINCT row_group_id) FROM pragma_storage_info('{table}')").fetchone()[0]


def test_the_ranges_a_compaction_committed_as_it_stopped_are_not_merged_until_its_copy_is_swapped_in(
        fresh_engine, monkeypatch, tmp_path):
    """Each range committed as its process let go is a row group of its own; the checkpoint as the
    file is let go merges none (DuckDB's vacuum had merged them with the ranges before, the whole
    copy written again and again: up to 10.6 s for a one-shot write at 6 M turns), and the next
    process's checkpoints merge again: the copy swapped in is one row group once its write is done."""
    engine = fresh_engine
    monkeypatch.setattr(compact, "RANGE_POSTINGS", _fronted(engine) // 8)
    _only_this_test_compacts(monkeypatch)
    halt = compact.Halt()
    halt.set()
    for n in (1, 2, 3, 4):
        with engine.db.cursor() as cur:
            assert compact.build(cur, halt) is False
            assert _progress(cur)["built"] == list(range(1, n + 1))
        engine.db.release_now()                  # the close checkpoints what the range wrote
        assert _row_groups(engine, "search_next") == n
    with engine.db.cursor() as cur:
        assert compact.build(cur) is True
    assert in_transaction(engine, compact.swap) is True
    engine.db.release_now()
    assert _row_groups(engine, "search_lists") == 1
    assert answers(engine, QUERIES) == _afresh(engine, tmp_path / "afresh.duckdb")[1]
