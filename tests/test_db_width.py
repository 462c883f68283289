"""DuckDB's threads (talkbar/dbwidth.py): a lease works on one thread, and work that asks for the
machine's (Width.wide(): an op marked `wide` in ops.toml, an import, migrations) has them for
exactly as long as it runs; a search of a large index, or with a long unsorted tail, makes the
lease lean wide until a search finds it otherwise. The setting is read inside
the work and the order of the `db.threads` events is checked; no timing is involved."""

import threading

import pytest

from conftest import DB_FILE, DEMO
from talkbar import dbwidth
from talkbar.db import Database
from talkbar.fixture.importer import import_stream


def _threads(cur):
    return cur.execute("SELECT current_setting('threads')").fetchone()[0]


@pytest.fixture
def wide_machine(fresh_engine):
    with fresh_engine.db.cursor() as cur:
        width = dbwidth.machine(cur)
    if width == dbwidth.NARROW:
        pytest.skip("DuckDB sees one core here: nothing to widen")
    return width


def _changes(heard_events, op=None):
    """The threads settings made (while `op` ran, if given)."""
    out, inside = [], op is None
    for e in heard_events:
        if e["event"] == "op.run":
            inside = op is None or e["op"] == op
        elif e["event"] == "op.end":
            inside = op is None
        elif e["event"] == "db.threads" and inside:
            out.append(e["threads"])
    return out


def _searches_lean(fresh_engine, heard, monkeypatch, bound_name, args, steps):
    """A search per step with query.<bound_name> set to its bound: (the bound, the settings the
    search made, what a plain read then runs with)."""
    from talkbar.search import query
    for bound, made, after in steps:
        monkeypatch.setattr(query, bound_name, bound)
        before = len(heard())
        fresh_engine.call("workspace.search", args)
        assert _changes(heard()[before:]) == made, bound
        with fresh_engine.db.cursor() as cur:
            assert _threads(cur) == after


def test_a_lease_works_on_one_thread(fresh_engine, wide_machine):
    fresh_engine.call("workspace.list", {})
    with fresh_engine.db.cursor() as cur:
        assert _threads(cur) == dbwidth.NARROW


def test_wide_holds_the_machines_threads_while_any_holder_runs(fresh_engine, wide_machine):
    db = fresh_engine.db
    with db.holding():
        with db.cursor() as cur:
            assert _threads(cur) == dbwidth.NARROW
            with db.width.wide():
                assert _threads(cur) == wide_machine
                with db.width.wide():      # nested (or side by side): one count
                    assert _threads(cur) == wide_machine
                assert _threads(cur) == wide_machine   # the outer holder still runs
            assert _threads(cur) == dbwidth.NARROW


def test_wide_asked_before_the_lease_applies_when_it_opens(fresh_engine, wide_machine):
    db = fresh_engine.db
    db.release_now()
    with db.width.wide(), db.cursor() as cur:
        assert _threads(cur) == wide_machine
    with db.cursor() as cur:
        assert _threads(cur) == dbwidth.NARROW


def test_an_op_runs_on_the_one_thread_of_the_lease(fresh_engine, wide_machine, heard):
    """No operation widens by itself: the people's reads, which read every turn before migration
    1040, included."""
    person = fresh_engine.call("contacts.list", {})["contacts"][0]["contactId"]
    fresh_engine.call("contacts.sessions", {"contactId": person})
    fresh_engine.call("sessions.list", {"limit": 5})
    fresh_engine.call("notes.create", {"title": "One thread is enough", "markdown": "A small write."})
    log = heard()
    for op in ("contacts.list", "contacts.sessions", "sessions.list", "notes.create"):
        assert any(e.get("event") == "op.run" and e.get("op") == op for e in log), op
        assert _changes(log, op) == [], op


def test_a_search_of_a_large_index_makes_the_lease_lean_wide(fresh_engine, wide_machine, heard, monkeypatch):
    workspace = fresh_engine.call("workspace.list", {})["workspaces"][0]["workspaceId"]
    with fresh_engine.db.cursor() as cur:
        passages = cur.execute("SELECT n_docs FROM search_stats WHERE field = 2 AND workspace_id = $ws",
                               {"ws": workspace}).fetchone()[0]
    args = {"query": "budget review", "match": "all", "limit": 5, "workspaceId": workspace}
    _searches_lean(fresh_engine, heard, monkeypatch, "WIDE_PASSAGES", args,
                   ((passages + 1, [], dbwidth.NARROW), (passages, [wide_machine], wide_machine),
                    (passages + 1, [dbwidth.NARROW], dbwidth.NARROW)))


def test_an_import_runs_wide_from_the_open(tmp_path, heard):
    db = Database(tmp_path / DB_FILE, create=True, idle_s=0)
    with open(DEMO, "rb") as f:
        import_stream(db, f)
    log = heard()
    with db.cursor() as cur:
        width = dbwidth.machine(cur)
        assert _threads(cur) == dbwidth.NARROW      # the next lease: narrow again
    first_write = next(i for i, e in enumerate(log) if e["event"] == "db.migrate")
    settings = [(i, e["threads"]) for i, e in enumerate(log) if e["event"] == "db.threads"]
    if width == dbwidth.NARROW:
        assert settings == []
    else:
        assert settings and settings[0][0] < first_write and settings[0][1] == width
        assert all(t == width for _, t in settings)


def test_a_long_tail_makes_the_lease_lean_wide_until_a_search_finds_it_short(fresh_engine, wide_machine, heard,
                                                                              monkeypatch):
    fresh_engine.call("notes.create", {"title": "Tail words", "markdown": "Quarterly vendor budget review."})
    with fresh_engine.db.cursor() as cur:
        tail = cur.execute("SELECT count(*) FROM search_tail").fetchone()[0]
    assert tail > 0
    args = {"query": "quarterly vendor budget", "match": "any", "limit": 5}
    _searches_lean(fresh_engine, heard, monkeypatch, "TAIL_WIDE_ROWS", args,
                   ((tail + 1, [], dbwidth.NARROW), (tail, [wide_machine], wide_machine),
                    (tail, [], wide_machine), (tail + 1, [dbwidth.NARROW], dbwidth.NARROW)))


def test_a_search_reads_side_by_side_while_the_lease_leans_wide_or_the_reads_are_many(fresh_engine, monkeypatch):
    """Its follow-up reads (what to show, the passages) go to sibling cursors, on other threads, in a
    lease leaning wide or from context.SIDE_BY_SIDE_READS on; fewer, in a smaller workspace, one after
    another on the operation's own. The same answers either way."""
    from talkbar import context
    from talkbar.search import query
    reads, each, run = [], context.Ctx.sql_each, context.Ctx._run_sql

    def spy_each(self, calls, *, alone=False, heavy=False):
        reads.append([len(calls), False, threading.current_thread()])   # how many, on other threads, whose
        return each(self, calls, alone=alone, heavy=heavy)

    def spy_run(self, cur, name, params):
        if reads and threading.current_thread() is not reads[-1][2]:
            reads[-1][1] = True
        return run(self, cur, name, params)
    monkeypatch.setattr(context.Ctx, "sql_each", spy_each)
    monkeypatch.setattr(context.Ctx, "_run_sql", spy_run)
    searches = [{"query": q, "match": m, "limit": 10} for q in ("budget review vendor", "budget", "roadmap")
                for m in ("any", "all")]
    for args in searches:                                    # an index to write, if any, is written here
        fresh_engine.call("workspace.search", args)
    answers = {}
    for bound, wide in ((query.WIDE_PASSAGES, False), (0, True)):   # the demo is small; then any index is large
        monkeypatch.setattr(query, "WIDE_PASSAGES", bound)
        reads.clear()
        answers[wide] = [fresh_engine.call("workspace.search", args) for args in searches]
        assert all(threaded is (n > 1 and (wide or n >= context.SIDE_BY_SIDE_READS)) for n, threaded, _ in reads), \
            (wide, reads)
        counts = {n for n, _threaded, _ in reads if n > 1}
        assert {2, context.SIDE_BY_SIDE_READS} <= counts, counts    # both ways taken in the small workspace
    assert answers[False] == answers[True] and all(a["matches"] for a in answers[False])
