"""DuckDB's optimiser (talkbar/dbplans.py): a lease plans with every pass, and work that holds
Planning.lean() (a search, after any first indexing; a recording, start to completion) plans
without the passes named in db.optimizers.lean for exactly as long as it runs, with the same
answers. The setting is read inside the work and the order of the `db.optimizers` events is
checked; no timing is involved."""

import io
import json
import re
import shutil
from contextlib import nullcontext

import pytest

from conftest import DB_FILE
from talkbar import events, sqlfiles
from talkbar.db import Database
from talkbar.dbplans import Planning
from talkbar.engine import CLI, Engine
from talkbar.search import index, text


def _disabled(cur):
    return cur.execute("SELECT current_setting('disabled_optimizers')").fetchone()[0]


LEAN = set(re.search(r"disabled_optimizers = '([a-z_,]+)'", sqlfiles.get("db.optimizers.lean").text)[1].split(","))


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


def _within(log, op):
    """The `db.optimizers` settings and the statements run while `op` ran, in order."""
    out, inside = [], False
    for e in log:
        if e["event"] == "op.run":
            inside = e["op"] == op
        elif e["event"] == "op.end":
            inside = False
        elif inside and e["event"] == "db.optimizers":
            out.append(("lean", e["lean"]))
        elif inside and e["event"] == "sql":
            out.append(("sql", e["name"]))
    return out


def test_a_lease_plans_with_every_pass(engine):
    engine.call("workspace.list", {})
    with engine.db.cursor() as cur:
        assert _disabled(cur) == ""


def test_lean_holds_while_any_holder_runs(engine, heard):
    db = engine.db
    with db.holding(), db.cursor() as cur:
        with db.planning.lean():
            assert set(_disabled(cur).split(",")) == LEAN
            with db.planning.lean():      # nested (or side by side): one count
                assert set(_disabled(cur).split(",")) == LEAN
            assert set(_disabled(cur).split(",")) == LEAN   # the outer holder still runs
        assert _disabled(cur) == ""
    assert [e["lean"] for e in heard() if e["event"] == "db.optimizers"] == [True, False]


def test_lean_asked_before_the_lease_applies_when_it_opens(engine):
    db = engine.db
    db.release_now()
    with db.planning.lean(), db.cursor() as cur:
        assert set(_disabled(cur).split(",")) == LEAN
    with db.cursor() as cur:
        assert _disabled(cur) == ""


def test_an_unattached_planning_sets_nothing(heard):
    with Planning().lean():
        pass
    assert [e for e in heard() if e["event"] == "db.optimizers"] == []


def test_a_search_plans_lean_around_its_statements_and_not_around_others(engine, heard, monkeypatch):
    seen = {}
    run = sqlfiles.run

    def spy(cur, query, params):
        if query.name.startswith(("workspace.search", "search.show", "search.passages")):
            seen.setdefault(query.name, set()).add(_disabled(cur))
        return run(cur, query, params)

    monkeypatch.setattr(sqlfiles, "run", spy)
    found = engine.call("workspace.search", {"query": "budget review", "match": "any", "limit": 5})
    engine.call("notes.create", {"title": "Planned in full", "markdown": "A small write."})
    assert found["matches"]
    assert "workspace.search:terms" in seen and any(n.startswith("search.show") for n in seen)
    for name, settings in seen.items():
        assert [set(s.split(",")) for s in settings] == [LEAN], name
    log = heard()
    steps = _within(log, "workspace.search")
    assert [s for s in steps if s[0] == "lean"] == [("lean", True), ("lean", False)]
    assert steps[-1] == ("lean", False)
    lean_at = steps.index(("lean", True))
    searching = [i for i, s in enumerate(steps) if s[0] == "sql" and s[1].startswith(("workspace.search", "search.show"))]
    assert searching and min(searching) > lean_at
    assert not [s for s in _within(log, "notes.create") if s[0] == "lean"]
    with engine.db.cursor() as cur:
        assert _disabled(cur) == ""


def test_a_first_search_indexes_before_it_plans_lean(engine, heard, monkeypatch):
    monkeypatch.setattr(index, "_indexed", set())    # this process has seen no workspace indexed
    with engine.db.holding(), engine.db.cursor() as cur:
        workspace = cur.execute("SELECT workspace_id FROM workspaces LIMIT 1").fetchone()[0]
        for table in ("search_fronts", "search_lists", "search_tail", "search_docs", "search_items", "search_stats"):
            cur.execute(f"DELETE FROM {table}")
    engine.call("workspace.search", {"query": "budget", "match": "any", "limit": 5, "workspaceId": workspace})
    steps = _within(heard(), "workspace.search")
    lean_at = steps.index(("lean", True))
    indexing = [i for i, s in enumerate(steps) if s[0] == "sql" and s[1].startswith("search.bulk.")]
    assert indexing and max(indexing) < lean_at


def _queries(engine):
    """1-3 word queries drawn in a fixed way from the demo's indexed words, and the demo's projects."""
    with engine.db.cursor() as cur:
        words = [w for (w,) in cur.execute(
            "SELECT DISTINCT lower(w) AS w FROM (SELECT unnest(string_split(text, ' ')) AS w FROM search_docs) "
            "WHERE length(w) >= 5 AND regexp_matches(w, '^[a-zа-яё]+$') ORDER BY w").fetchall()]
    projects = sorted(p["projectId"] for p in engine.call("projects.list", {})["items"])
    picked = words[::max(1, len(words) // 40)][:40]
    out = []
    for i, w in enumerate(picked):
        q = " ".join(picked[i:i + 1 + i % 3])
        out.append({"query": q, "match": "all" if i % 2 else "any", "limit": 10})
        if i % 5 == 0:
            out.append({"query": q, "match": "any", "limit": 10, "kinds": ["note", "session"]})
        if i % 7 == 0 and projects:
            out.append({"query": q, "match": "any", "limit": 10, "projectId": projects[i % len(projects)]})
    return out


def test_a_search_answers_the_same_planned_lean_or_in_full(engine, heard, monkeypatch):
    asked = _queries(engine)
    assert len(asked) >= 40
    lean = [engine.call("workspace.search", dict(a)) for a in asked]
    worded = [a for a in asked if (text.query_terms if a["match"] == "all" else text.question_terms)(a["query"])]
    assert sum(1 for e in heard() if e["event"] == "db.optimizers" and e["lean"]) == len(worded) >= 30
    monkeypatch.setattr(Planning, "lean", lambda self: nullcontext())
    before = len(heard())
    full = [engine.call("workspace.search", dict(a)) for a in asked]
    assert not [e for e in heard()[before:] if e["event"] == "db.optimizers"]
    assert sum(1 for r in full if r["matches"]) >= len(asked) // 3
    assert lean == full


LIVE = "33cf0ddb-f3c4-4447-8436-28063ff41be2"     # the demo's session marked recording


def test_a_recorder_plans_lean_from_its_start_through_its_completion(demo, tmp_path):
    turns = tmp_path / "turns.jsonl"
    turns.write_text("".join(json.dumps({"speakerId": "spk-plan", "startMs": 10**8 + i * 4000,
                                         "endMs": 10**8 + i * 4000 + 3000, "text": f"Zephyrine quokkas, turn {i}."}) + "\n"
                             for i in range(3)))
    r = demo.run("-v", "app", "record", LIVE, "--turns", str(turns), "--interval-ms", "0", "--stop-after")
    assert r.code == 0, r
    log = [json.loads(line) for line in r.stderr.splitlines() if line.startswith("{")]
    steps = [("lean", e["lean"]) if e["event"] == "db.optimizers" else ("sql", e["name"])
             for e in log if e["event"] in ("db.optimizers", "sql")]
    assert [s for s in steps if s[0] == "lean"] == [("lean", True), ("lean", False)]
    lean_at, full_at = steps.index(("lean", True)), steps.index(("lean", False))
    recording = [i for i, s in enumerate(steps) if s[0] == "sql" and s[1].startswith(("recorder.", "search."))]
    assert sum(1 for s in steps if s == ("sql", "recorder.append_turn")) == 3
    assert recording and lean_at < min(recording) and max(recording) < full_at
    found = demo.ok("workspace.search", {"query": "zephyrine quokkas", "match": "all", "limit": 5})
    assert [m["id"] for m in found["matches"]] == [LIVE]
