"""DuckDB's optimiser (talkbar/dbplans.py): a lease plans with every pass, and work that holds
Planning.lean() (an op marked `lean_plans` in ops.toml; a recording, start to completion) plans
without the passes named in db.optimizers.lean for exactly as long as it runs, with the same
answers. The setting is read inside the work and the order of the `db.optimizers` events is
checked; no timing is involved."""

import json
import re
from contextlib import nullcontext


from talkbar import sqlfiles
from talkbar.dbplans import Planning
from talkbar.manifest import manifest
from talkbar.recorder import Recorder, Turn
from talkbar.search import index


def _disabled(cur):
    return cur.execute("SELECT current_setting('disabled_optimizers')").fetchone()[0]


LIVE = "33cf0ddb-f3c4-4447-8436-28063ff41be2"     # the demo's session marked recording
LEAN = set(re.search(r"disabled_optimizers = '([a-z_,]+)'", sqlfiles.get("db.optimizers.lean").text)[1].split(","))


def _within(log, op):
    """The `db.optimizers` settings and the statements run while `op` ran, in order."""
    out, inside = [], False
    for e in log:
        if e["event"] == "op.start":
            inside = e["op"] == op
        elif e["event"] == "op.end":
            inside = False
        elif inside and e["event"] == "db.optimizers":
            out.append(("lean", e["lean"]))
        elif inside and e["event"] == "sql":
            out.append(("sql", e["name"]))
    return out


def _first_statement(steps):
    """Where the op's own statements start (the lease's own, db.*, may come first)."""
    return min(i for i, s in enumerate(steps) if s[0] == "sql" and not s[1].startswith("db."))


def test_a_lease_plans_with_every_pass(fresh_engine):
    fresh_engine.call("workspace.list", {})
    with fresh_engine.db.cursor() as cur:
        assert _disabled(cur) == ""


def test_lean_holds_while_any_holder_runs(fresh_engine, heard):
    db = fresh_engine.db
    with db.holding(), db.cursor() as cur:
        with db.planning.lean():
            assert set(_disabled(cur).split(",")) == LEAN
            with db.planning.lean():      # nested (or side by side): one count
                assert set(_disabled(cur).split(",")) == LEAN
            assert set(_disabled(cur).split(",")) == LEAN   # the outer holder still runs
        assert _disabled(cur) == ""
    assert [e["lean"] for e in heard() if e["event"] == "db.optimizers"] == [True, False]


def test_lean_asked_before_the_lease_applies_when_it_opens(fresh_engine):
    db = fresh_engine.db
    db.release_now()
    with db.planning.lean(), db.cursor() as cur:
        assert set(_disabled(cur).split(",")) == LEAN
    with db.cursor() as cur:
        assert _disabled(cur) == ""


def test_an_unattached_planning_sets_nothing(heard):
    with Planning().lean():
        pass
    assert [e for e in heard() if e["event"] == "db.optimizers"] == []


def test_only_the_ops_marked_lean_plans_plan_lean_and_all_of_their_statements(fresh_engine, heard, monkeypatch):
    marked = sorted(op.id for op in manifest() if op.lean_plans)
    assert marked == ["action_items.get", "action_items.list", "calendar.prep", "notes.create", "workspace.search"]
    seen = {}
    run = sqlfiles.run

    def spy(cur, query, params):
        if not query.name.startswith("db."):
            seen.setdefault(query.name, set()).add(_disabled(cur))
        return run(cur, query, params)

    monkeypatch.setattr(sqlfiles, "run", spy)
    found = fresh_engine.call("workspace.search", {"query": "budget review", "match": "any", "limit": 5})
    assert found["matches"]
    searched = dict(seen)
    seen.clear()
    fresh_engine.call("notes.create", {"title": "Planned lean", "markdown": "A small write, indexed."})
    created = dict(seen)
    seen.clear()
    fresh_engine.call("sessions.list", {"limit": 5})
    fresh_engine.call("notes.update", {"noteId": fresh_engine.call("notes.list", {"limit": 1})["items"][0]["noteId"],
                                 "title": "Planned in full"})
    listed = dict(seen)
    assert "workspace.search:terms" in searched and any(n.startswith("search.show") for n in searched)
    assert "notes.create" in created and any(n.startswith("search.") for n in created)
    for name, settings in (*searched.items(), *created.items()):
        assert [set(s.split(",")) for s in settings] == [LEAN], name
    assert listed and all(settings == {""} for settings in listed.values()), listed
    log = heard()
    # set lean before the search's first statement and kept through the notes.create after it; every
    # pass back before the first statement of the sessions.list after that, and kept
    searching = _within(log, "workspace.search")
    assert [s for s in searching if s[0] == "lean"] == [("lean", True)]
    assert searching.index(("lean", True)) < _first_statement(searching)
    assert not [s for s in _within(log, "notes.create") if s[0] == "lean"]
    listing = _within(log, "sessions.list")
    assert [s for s in listing if s[0] == "lean"] == [("lean", False)]
    assert listing.index(("lean", False)) < _first_statement(listing)
    assert not [s for op in ("notes.list", "notes.update") for s in _within(log, op) if s[0] == "lean"]
    with fresh_engine.db.cursor() as cur:
        assert _disabled(cur) == ""


def test_lean_stays_after_lean_work_until_work_in_full_takes_a_cursor(fresh_engine, heard):
    db = fresh_engine.db
    ask = {"query": "budget review", "match": "any", "limit": 5}
    with db.cursor():                    # a cursor taken outside lean work: work in full is running
        fresh_engine.call("workspace.search", dict(ask))
        assert [e["lean"] for e in heard() if e["event"] == "db.optimizers"] == [True, False]
    before = len(heard())
    with db.holding():                   # the lease kept, nothing else running
        fresh_engine.call("workspace.search", dict(ask))
        fresh_engine.call("workspace.search", dict(ask))
    assert [e["lean"] for e in heard()[before:] if e["event"] == "db.optimizers"] == [True]
    with db.cursor() as cur:                                # work in full: every pass before it reads
        assert _disabled(cur) == ""
    assert [e["lean"] for e in heard()[before:] if e["event"] == "db.optimizers"] == [True, False]


def test_a_lease_ends_with_every_pass(fresh_engine):
    db = fresh_engine.db
    fresh_engine.call("workspace.search", {"query": "budget review", "match": "any", "limit": 5})
    with db.planning.lean_work(), db.cursor() as cur:       # lean work still: what the instance holds
        assert set(_disabled(cur).split(",")) == LEAN
        import duckdb
        other = duckdb.connect(str(db.path))                # the same instance, as a compaction opens it
    try:
        db.release_now()
        assert other.execute("SELECT current_setting('disabled_optimizers')").fetchone()[0] == ""
    finally:
        other.close()


def test_a_first_search_indexes_the_workspace_planned_lean_too(fresh_engine, heard, monkeypatch):
    monkeypatch.setattr(index, "_indexed", set())    # this process has seen no workspace indexed
    with fresh_engine.db.holding(), fresh_engine.db.cursor() as cur:
        workspace = cur.execute("SELECT workspace_id FROM workspaces LIMIT 1").fetchone()[0]
        for table in ("search_fronts", "search_lists", "search_tail", "search_docs", "search_items", "search_stats"):
            cur.execute(f"DELETE FROM {table}")
    found = fresh_engine.call("workspace.search", {"query": "budget", "match": "any", "limit": 5, "workspaceId": workspace})
    assert found["matches"]
    steps = _within(heard(), "workspace.search")
    assert ("lean", False) not in steps      # kept after it too, with nothing else running
    indexing = [i for i, s in enumerate(steps) if s[0] == "sql" and s[1].startswith("search.bulk.")]
    assert indexing and steps.index(("lean", True)) < min(indexing)


def _queries(fresh_engine):
    """1-3 word queries drawn in a fixed way from the demo's indexed words, and the demo's projects."""
    with fresh_engine.db.cursor() as cur:
        words = [w for (w,) in cur.execute(
            "SELECT DISTINCT lower(w) AS w FROM (SELECT unnest(string_split(text, ' ')) AS w FROM search_docs) "
            "WHERE length(w) >= 5 AND regexp_matches(w, '^[a-zа-яё]+$') ORDER BY w").fetchall()]
    projects = sorted(p["projectId"] for p in fresh_engine.call("projects.list", {})["items"])
    picked = words[::max(1, len(words) // 40)][:40]
    out = []
    for i, w in enumerate(picked):
        q = " ".join(picked[i:i + 1 + i % 3])
        out.append({"query": q, "match": "all" if i % 2 else "any", "limit": 10})
        if i % 5 == 0:
            out.append({"query": q, "match": "any", "limit": 10, "kinds": ["note", "session"]})
        if i % 5 == 2:   # kinds that are few: two words or more ranked among their items only
            out.append({"query": q, "match": "any", "limit": 10, "kinds": ["company"]})
        if i % 7 == 0 and projects:
            out.append({"query": q, "match": "any", "limit": 10, "projectId": projects[i % len(projects)]})
    return out


def test_a_search_answers_the_same_planned_lean_or_in_full(fresh_engine, heard, monkeypatch):
    asked = _queries(fresh_engine)
    assert len(asked) >= 40
    lean = [fresh_engine.call("workspace.search", dict(a)) for a in asked]
    assert [e["lean"] for e in heard() if e["event"] == "db.optimizers"] == [True]   # set once, kept
    monkeypatch.setattr(Planning, "lean", lambda self: nullcontext())
    monkeypatch.setattr(Planning, "lean_work", lambda self: nullcontext())
    before = len(heard())
    full = [fresh_engine.call("workspace.search", dict(a)) for a in asked]
    assert [e["lean"] for e in heard()[before:] if e["event"] == "db.optimizers"] == [False]  # the first one's cursor
    assert sum(1 for r in full if r["matches"]) >= len(asked) // 3
    assert lean == full



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


SERIES_MEETING = "occurrence-qsgdp4uqs7q6q6nh5vv6"   # the demo's planned series meeting (calendar.prep)
LOOPS = ("Cross Product", "Nested Loop Join", "Blockwise NL Join")   # joins that grow as a product


def _loops(cur, text, params):
    plan = "".join(row[1] for row in cur.execute("EXPLAIN " + text, params).fetchall())
    return {op: plan.count(op) for op in LOOPS}


# a join planned lean may give a few rows more than with every pass (a build side swapped, a
# catalog scan not cut short), where a join order that multiplies rows gives many times as many
SLACK_ROWS = 64


def _largest_join(cur, text, params):
    """The most rows any join of a read gave (DuckDB's detailed profile), the read run in a
    transaction rolled back."""
    cur.execute("BEGIN")
    try:
        cur.execute("SET enable_profiling = 'no_output'")
        cur.execute("SET profiling_mode = 'detailed'")
        cur.execute(text, params).fetchall()
        tree = json.loads(cur.get_profiling_information("json"))["operator"]
    finally:
        cur.execute("ROLLBACK")
        cur.execute("RESET enable_profiling")
    out, todo = 0, list(tree) if isinstance(tree, list) else [tree]
    while todo:
        node = todo.pop()
        if "JOIN" in node.get("name", "") or "PRODUCT" in node.get("name", ""):
            out = max(out, node.get("intermediate_rows", 0))
        todo.extend(node.get("children", []))
    return out


def _is_read(text):
    body = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("--"))
    return re.match(r"\s*(SELECT|WITH)\b", body, re.I) and not re.search(r"\b(INSERT|UPDATE|DELETE)\b", body, re.I)


def test_no_statement_of_a_lean_op_plans_a_product_or_joins_more_rows(fresh_engine, monkeypatch):
    """The risk named in talkbar/dbplans.py, on the plans themselves: every statement the marked ops
    ran here, planned both ways, holds no join that grows as a product where every pass has none,
    and no join of a read gives more rows planned lean, give or take a few (a join order that
    multiplies rows would show at any size)."""
    ran = {}
    run = sqlfiles.run

    def spy(cur, query, params):
        if not query.name.startswith("db."):
            ran.setdefault(query.name, (query.text, {p: params.get(p) for p in query.params}))
        return run(cur, query, params)

    monkeypatch.setattr(sqlfiles, "run", spy)
    for asked in _queries(fresh_engine):
        fresh_engine.call("workspace.search", dict(asked))
    for i in range(3):
        fresh_engine.call("notes.create", {"title": f"Budget review {i}", "markdown": "Quarterly vendor budget review."})
    recorder = Recorder(fresh_engine.db, LIVE)      # what `app record` runs, in this process
    recorder.start()
    for i in range(2):
        recorder.finalize(recorder.append(Turn("spk-plan", f"Budget review, turn {i}.", 10**8 + i, 10**8 + i + 1)))
    recorder.complete()
    fresh_engine.call("calendar.prep", {"occurrenceId": SERIES_MEETING})
    fresh_engine.call("action_items.get", {"itemId": fresh_engine.call("action_items.list", {})["items"][0]["itemId"]})
    fresh_engine.call("action_items.list", {"text": "acme", "statuses": ["open"]})
    monkeypatch.setattr(sqlfiles, "run", run)
    assert {"workspace.search", "workspace.search@whole", "workspace.search@one", "workspace.search:kinds@whole",
            "workspace.search:project@one", "search.items.of_project", "search.items.of_kinds",
            "notes.create", "search.tail.add", "recorder.append_turn", "recorder.finalize_turn",
            "recorder.finalize", "calendar.prep", "calendar_prep.carried", "action_items.rows",
            "action_items.list"} <= set(ran)
    reads = 0
    with fresh_engine.db.cursor() as cur:
        for name, (text, params) in sorted(ran.items()):
            full = _loops(cur, text, params)
            with fresh_engine.db.planning.lean():
                lean = _loops(cur, text, params)
            assert all(lean[op] <= full[op] for op in LOOPS), (name, full, lean)
            if _is_read(text):
                made = _largest_join(cur, text, params)
                with fresh_engine.db.planning.lean():
                    made_lean = _largest_join(cur, text, params)
                assert made_lean <= 2 * made + SLACK_ROWS, (name, made, made_lean)
                reads += 1
    assert reads >= 10


def test_searches_through_the_server_back_to_back_set_lean_planning_once(tb):
    """The real MCP server: talkbar_find after talkbar_find plans lean without setting it again (the
    server's read of MCP Access before each call leaves it as it is); a call planned with every pass
    puts every pass back before its statements, and the next search sets lean again."""
    from mcp_raw import RawServer
    assert tb.run("app", "access", "mcp", "on").code == 0
    s = RawServer(tb, verbose=True)
    try:
        s.initialize()

        def call(tool, arguments, ends):
            assert s.tool_result(s.call(tool, arguments))[1] is False
            s.wait_for("op.end", count=ends)
        for i in range(3):
            call("talkbar_find", {"query": "budget review", "match": "any", "limit": 5}, i + 1)
        call("talkbar_read", {"tool": "sessions.list", "args": {"limit": 2}}, 4)
        call("talkbar_find", {"query": "budget review", "match": "all", "limit": 5}, 5)
        steps = [(e["event"], e.get("lean"), e.get("op")) for e in s.events()
                 if e["event"] in ("db.optimizers", "op.start")]
    finally:
        s.close()
    assert [(ev, x if ev == "db.optimizers" else op) for ev, x, op in steps] == [
        ("op.start", "workspace.search"), ("db.optimizers", True), ("op.start", "workspace.search"),
        ("op.start", "workspace.search"), ("op.start", "sessions.list"), ("db.optimizers", False),
        ("op.start", "workspace.search"), ("db.optimizers", True)]
