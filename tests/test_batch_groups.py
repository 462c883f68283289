"""A `tools batch` runs consecutive writes in one transaction (talkbar/write_group.py), and every
call still answers and changes what it would have alone: the spec's batch semantics (in order,
each on its own, past errors unless stopOnError) hold, a refused call changes nothing, the search
index follows every write, and a call is reported done only once committed."""

import json

import pytest

from talkbar import events
from talkbar.db import Database
from talkbar.engine import CLI, Engine
from talkbar.errors import failed
import talkbar.ops.notes as notes_ops


def note(title):
    return {"tool": "notes.create", "args": {"title": title, "markdown": f"about {title}"}}


def titles(tb):
    return sorted(n["title"] for n in tb.ok("notes.list", {"limit": 100, "search": "grouptest"})["items"])


def test_a_refused_write_mid_batch_changes_nothing_and_the_others_run(demo):
    calls = [note("grouptest one"), note("grouptest two"),
             {"tool": "notes.update", "args": {"noteId": "note-missing", "title": "x"}},
             note("grouptest three"),
             {"tool": "notes.create", "args": {"title": "grouptest four", "projectId": "project-missing"}},
             note("grouptest five")]
    code, out = demo.batch(calls)
    assert code == 1
    assert [r["ok"] for r in out] == [True, True, False, True, False, True]
    assert out[2]["error"]["code"] == "not_found" and out[4]["error"]["code"] == "not_found"
    assert [r["tool"] for r in out] == [c["tool"] for c in calls]
    assert titles(demo) == ["grouptest five", "grouptest one", "grouptest three", "grouptest two"]
    ids = {r["result"]["noteId"] for r in out if r["ok"]}
    assert len(ids) == 4
    for r in out:
        if r["ok"]:  # each answer is the note as committed
            got = demo.ok("notes.get", {"noteId": r["result"]["noteId"]})
            assert got["title"] == r["result"]["title"] and got["updatedAt"] == r["result"]["updatedAt"]


def test_stop_on_error_stops_at_the_refusal_and_keeps_what_ran_before(demo):
    calls = [note("grouptest one"), {"tool": "notes.update", "args": {"noteId": "note-missing", "title": "x"}},
             note("grouptest two")]
    code, out = demo.batch({"calls": calls, "stopOnError": True})
    assert code == 1
    assert [r["ok"] for r in out] == [True, False]
    assert titles(demo) == ["grouptest one"]


def test_a_read_in_a_batch_sees_the_writes_before_it_and_search_finds_them(demo):
    calls = [note("grouptest zanzibar one"), note("grouptest zanzibar two"),
             {"tool": "notes.list", "args": {"search": "zanzibar"}},
             {"tool": "notes.update", "args": {"noteId": "note-missing", "title": "x"}},
             {"tool": "workspace.search", "args": {"query": "zanzibar", "kinds": ["note"]}}]
    code, out = demo.batch(calls)
    assert [r["ok"] for r in out] == [True, True, True, False, True]
    assert out[2]["result"]["totalCount"] == 2
    found = {m["id"] for m in out[4]["result"]["matches"]}
    assert found == {out[0]["result"]["noteId"], out[1]["result"]["noteId"]}


def test_a_write_reads_what_the_writes_before_it_in_the_group_wrote(demo):
    code, out = demo.batch([note("grouptest base")])
    note_id = out[0]["result"]["noteId"]
    calls = [{"tool": "notes.append", "args": {"noteId": note_id, "markdown": "first"}},
             {"tool": "notes.append", "args": {"noteId": note_id, "markdown": "second"}},
             {"tool": "notes.update", "args": {"noteId": note_id, "title": "grouptest renamed",
                                               "expectedUpdatedAt": 0}}]
    code, out = demo.batch(calls)
    assert [r["ok"] for r in out] == [True, True, False]
    assert out[1]["result"]["updatedAt"] > out[0]["result"]["updatedAt"]
    assert out[2]["error"]["code"] == "conflict" and out[2]["error"]["updatedAt"] == out[1]["result"]["updatedAt"]
    got = demo.ok("notes.get", {"noteId": note_id})
    assert got["markdown"] == "about grouptest base\nfirst\nsecond"
    assert got["title"] == "grouptest base"


def test_each_write_is_reported_done_only_after_its_commit(demo):
    r = demo.run("-v", "tools", "batch", input=json.dumps([note(f"grouptest {i}") for i in range(5)]))
    assert r.code == 0
    names = [json.loads(line)["event"] for line in r.stderr.splitlines() if line.startswith("{")]
    ends = [i for i, n in enumerate(names) if n == "op.end"]
    runs = [i for i, n in enumerate(names) if n == "op.run"]
    assert len(ends) == len(runs) == 5
    assert min(ends) > max(runs), "a call of the group was reported before the group committed"


@pytest.fixture
def engine(demo):
    db = Database(demo.db, create=False, idle_s=0)
    yield Engine(db, CLI)
    db.release_now()


def test_a_call_that_wrote_before_it_failed_leaves_nothing_and_the_calls_before_it_are_kept(engine, monkeypatch):
    real = notes_ops.create

    def writes_then_fails(ctx, args):
        out = real(ctx, args)  # the note row is written ...
        if args.get("title") == "grouptest boom":
            raise failed("refused after writing")  # ... and then the call is refused
        return out
    monkeypatch.setattr(notes_ops, "create", writes_then_fails)
    seen = []
    monkeypatch.setattr(events, "emit", lambda event, **fields: seen.append((event, fields)))
    calls = [note("grouptest one"), note("grouptest two"), note("grouptest boom"), note("grouptest three")]
    out = engine.batch(calls, together=True)
    assert [r["ok"] for r in out] == [True, True, False, True]
    assert out[2]["error"]["message"] == "refused after writing"
    listed = engine.call("notes.list", {"limit": 100, "search": "grouptest"})["items"]
    assert sorted(n["title"] for n in listed) == ["grouptest one", "grouptest three", "grouptest two"]
    assert {n["noteId"] for n in listed} == {r["result"]["noteId"] for r in out if r["ok"]}
    assert ("batch.group", {"step": "again", "calls": 3, "error": "failed"}) in seen
    hits = engine.call("workspace.search", {"query": "grouptest", "kinds": ["note"], "limit": 50})["matches"]
    assert {m["id"] for m in hits} == {n["noteId"] for n in listed}


def test_the_same_batch_alone_and_together_ends_in_the_same_state(demo, engine):
    calls = [note("grouptest one"), {"tool": "notes.update", "args": {"noteId": "note-missing", "title": "x"}},
             note("grouptest two"), {"tool": "notes.list", "args": {"search": "grouptest"}}, note("grouptest three")]
    together = engine.batch(calls, together=True)
    alone = engine.batch(calls, together=False)
    shape = lambda out: [(r["tool"], r["ok"], r.get("error", {}).get("code")) for r in out]  # noqa: E731
    assert shape(together) == shape(alone)
    assert together[3]["result"]["totalCount"] == 2 and alone[3]["result"]["totalCount"] == 5
