"""DuckDB's threads (talkbar/dbwidth.py): a lease works on one thread, and work that asks for the
machine's (Database.wide(): an op marked `wide` in ops.toml, a search ranked on a front with other
words, an import, migrations) has them for exactly as long as it runs. The setting is read inside
the work and the order of the `db.threads` events is checked; no timing is involved."""

import io
import json
import shutil

import pytest

from conftest import DB_FILE, DEMO
from talkbar import dbwidth, events
from talkbar.db import Database
from talkbar.engine import CLI, Engine
from talkbar.fixture.importer import import_stream
from talkbar.manifest import manifest

FRONT_AT = 30   # as in test_search_fronts.py: the demo's lists are short


def _threads(cur):
    return cur.execute("SELECT current_setting('threads')").fetchone()[0]


@pytest.fixture
def engine(demo_template, tmp_path):
    shutil.copy(demo_template / DB_FILE, tmp_path / DB_FILE)
    db = Database(tmp_path / DB_FILE, create=False, idle_s=30)
    yield Engine(db, CLI)
    db.release_now()


@pytest.fixture
def heard(monkeypatch):
    """The events emitted meanwhile, in order."""
    sink = io.StringIO()
    monkeypatch.setattr(events, "_sink", sink)
    return lambda: [json.loads(line) for line in sink.getvalue().splitlines()]


@pytest.fixture
def wide_machine(engine):
    with engine.db.cursor() as cur:
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


def test_a_lease_works_on_one_thread(engine, wide_machine):
    engine.call("workspace.list", {})
    with engine.db.cursor() as cur:
        assert _threads(cur) == dbwidth.NARROW


def test_wide_holds_the_machines_threads_while_any_holder_runs(engine, wide_machine):
    db = engine.db
    with db.holding():
        with db.cursor() as cur:
            assert _threads(cur) == dbwidth.NARROW
            with db.wide():
                assert _threads(cur) == wide_machine
                with db.wide():      # nested (or side by side): one count
                    assert _threads(cur) == wide_machine
                assert _threads(cur) == wide_machine   # the outer holder still runs
            assert _threads(cur) == dbwidth.NARROW


def test_wide_asked_before_the_lease_applies_when_it_opens(engine, wide_machine):
    db = engine.db
    db.release_now()
    with db.wide(), db.cursor() as cur:
        assert _threads(cur) == wide_machine
    with db.cursor() as cur:
        assert _threads(cur) == dbwidth.NARROW


def test_only_the_ops_marked_wide_widen(engine, wide_machine, heard):
    marked = sorted(op.id for op in manifest() if op.wide)
    assert marked == ["contacts.list", "contacts.sessions"]
    person = engine.call("contacts.list", {})["contacts"][0]["contactId"]
    engine.call("contacts.sessions", {"contactId": person})
    engine.call("sessions.list", {"limit": 5})
    engine.call("notes.create", {"title": "One thread is enough", "markdown": "A small write."})
    log = heard()
    assert _changes(log, "contacts.list") == [wide_machine, dbwidth.NARROW]
    assert _changes(log, "contacts.sessions") == [wide_machine, dbwidth.NARROW]
    assert _changes(log, "sessions.list") == [] and _changes(log, "notes.create") == []


def test_a_search_widens_only_to_rank_on_a_front_with_other_words(engine, wide_machine, heard):
    from talkbar.search import query
    with engine.db.cursor() as cur:
        cur.execute(f"CREATE OR REPLACE MACRO tb_front_at() AS {FRONT_AT}")
        cur.execute("DELETE FROM search_fronts")
        cur.execute("INSERT INTO search_fronts SELECT * FROM search_front_rows('search_lists', "
                    "-9223372036854775808, 9223372036854775807)")
        fronted = {r[0] for r in cur.execute("SELECT key FROM search_fronts").fetchall()}
    seen = []
    ranked = query.term_stats

    def stats(*a, **k):
        out = ranked(*a, **k)
        seen.append(out and (len(out["keys"]) == 1) + 2 * out["fronts"])
        return out
    query.term_stats, saved = stats, query.term_stats
    try:
        forms = {}
        for words in ("budget", "budget review", "the budget review timeline", "quarterly vendor"):
            heard_before = len(heard())
            engine.call("workspace.search", {"query": words, "match": "any", "limit": 5})
            forms[words] = (seen[-1], _changes(heard()[heard_before:]))
    finally:
        query.term_stats = saved
    assert fronted
    for words, (form, changes) in forms.items():
        wide = form in query.WIDE_FORMS
        assert changes == ([wide_machine, dbwidth.NARROW] if wide else []), (words, form)
    assert any(form in query.WIDE_FORMS for form, _ in forms.values())
    assert any(form not in query.WIDE_FORMS for form, _ in forms.values())


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


def test_a_search_widens_while_the_tail_spans_row_groups(engine, wide_machine, heard, monkeypatch):
    from talkbar.search import query
    engine.call("notes.create", {"title": "Tail words", "markdown": "Quarterly vendor budget review."})
    with engine.db.cursor() as cur:
        tail = cur.execute("SELECT count(*) FROM search_tail").fetchone()[0]
    assert tail > 0
    args = {"query": "quarterly vendor budget", "match": "any", "limit": 5}
    for bound, widened in ((tail + 1, False), (tail, True)):
        monkeypatch.setattr(query, "TAIL_WIDE_ROWS", bound)
        before = len(heard())
        engine.call("workspace.search", args)
        assert _changes(heard()[before:]) == ([wide_machine, dbwidth.NARROW] if widened else []), bound
