"""`app import` / `app export`: the fixture contract (../shared/fixture-format.md)."""

import copy
import json

import pytest

from conftest import DEMO, TB


# These tests are about what the operations do, not the process around them: tb and demo run
# their tools/app commands in this process (conftest.InProcessCLI).
pytestmark = pytest.mark.commands_in_process


def _expected_stats(ws):
    live = [s for s in ws.get("sessions", []) if not s.get("trashedAt")]
    statuses = ["recording", "open", "interrupted", "complete"]
    by = {st: sum(1 for s in live if s.get("status", "complete") == st) for st in statuses}
    starts = [s["startedAtMs"] for s in live]
    return {
        "sessions": {"total": len(live), "byStatus": by,
                     "firstStartedAtMs": min(starts) if starts else None,
                     "lastStartedAtMs": max(starts) if starts else None},
        "notes": {"total": sum(1 for n in ws.get("notes", []) if not n.get("trashedAt"))},
        "documents": {"total": len(ws.get("documents", []))},
        "projects": {"total": sum(1 for p in ws.get("projects", []) if not p.get("trashedAt"))},
        "knowledge": {"approvedTotal": sum(1 for k in ws.get("knowledge", []) if k.get("status", "approved") == "approved")},
    }


def test_stats_equal_what_the_fixture_holds(demo, demo_doc):
    calls = [{"tool": "workspace.stats", "args": {"workspaceId": ws["workspaceId"]}} for ws in demo_doc["workspaces"]]
    code, out = demo.batch(calls)
    assert code == 0
    for ws, entry in zip(demo_doc["workspaces"], out):
        assert entry["result"] == _expected_stats(ws), ws["workspaceId"]


def test_import_replaces_the_untouched_first_use_workspace(demo, demo_doc):
    listed = demo.ok("workspace.list")["workspaces"]
    assert [w["workspaceId"] for w in listed] == [w["workspaceId"] for w in demo_doc["workspaces"]]
    assert [w["active"] for w in listed] == [bool(w.get("active")) for w in demo_doc["workspaces"]]


def _answers(t):
    calls = [{"tool": op} for op in ("workspace.list", "workspace.stats", "profile.get", "plan.get")]
    code, out = t.batch(calls)
    assert code == 0, out
    return out


def test_export_of_an_import_imports_to_the_same_answers(demo, tmp_path):
    r = demo.run("app", "export")
    assert r.code == 0
    doc = json.loads(r.stdout)
    assert doc["format"] == "talkbar-fixture/1"
    again = TB(tmp_path / "again")
    assert again.import_fixture(doc).code == 0
    assert _answers(again) == _answers(demo)
    second = json.loads(again.run("app", "export").stdout)
    assert second == doc, "export is stable across a round trip"


def test_one_workspace_export(demo, demo_doc):
    w = demo_doc["workspaces"][1]["workspaceId"]
    doc = json.loads(demo.run("app", "export", "--workspace", w).stdout)
    assert [x["workspaceId"] for x in doc["workspaces"]] == [w]
    r = demo.run("--output", "json", "app", "export", "--workspace", "ws-nope")
    assert r.code == 1 and json.loads(r.stdout)["error"]["code"] == "not_found"


def test_existing_workspace_needs_replace(demo, demo_doc):
    r = demo.import_fixture(DEMO)
    assert r.code == 1
    assert "already exists" in r.stderr and "--replace" in r.stderr
    demo.ok("workspace.rename", {"name": "Changed"})
    r = demo.import_fixture(DEMO, "--replace")
    assert r.code == 0, r
    assert demo.ok("workspace.list")["workspaces"][0]["name"] == demo_doc["workspaces"][0]["name"]
    assert demo.ok("workspace.stats") == _expected_stats(demo_doc["workspaces"][0])


def _mutate(doc, path, value):
    target = doc
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value


BAD = [
    ((["workspaces", 0, "sessions", 3, "turns", 7, "startMs"], "soon"),
     "workspaces[0].sessions[3].turns[7].startMs: must be an integer"),
    ((["workspaces", 0, "sessions", 0, "title"], KeyError), "workspaces[0].sessions[0].title: is required"),
    ((["workspaces", 0, "sessions", 1, "status"], "paused"),
     "workspaces[0].sessions[1].status: must be one of: recording, open, interrupted, complete"),
    ((["workspaces", 0, "notes", 2, "colour"], "red"), "workspaces[0].notes[2].colour: unknown key"),
    ((["format"], "talkbar-fixture/2"), "format: must be one of: talkbar-fixture/1"),
    ((["workspaces", 0, "sessions", 2, "turns", 0, "speakerId"], "spk-ghost"),
     "workspaces[0].sessions[2].turns[0].speakerId: no participant 'spk-ghost' in this session"),
    ((["workspaces", 0, "sessions", 2, "projectId"], "project-ghost"),
     "workspaces[0].sessions[2].projectId: no project 'project-ghost' in this workspace"),
    ((["workspaces", 1, "active"], True), "workspaces[1].active: only one workspace can be active"),
    ((["workspaces", 0, "actionItems", 0, "anchor", "turnId"], "turn-ghost"),   # its session written long before
     "workspaces[0].actionItems[0].anchor.turnId: no turn 'turn-ghost' in the item's session"),
    ((["license", "plan"], "enterprise"), "license.plan: must be one of: free, pro, business"),
    # no integer a 64-bit column cannot hold (it was an internal error from the database)
    ((["workspaces", 0, "sessions", 3, "turns", 7, "startMs"], 2**63),
     "workspaces[0].sessions[3].turns[7].startMs: must be between 0 and 9223372036854775807"),
    ((["workspaces", 0, "sessions", 0, "startedAtMs"], 10**30),
     "workspaces[0].sessions[0].startedAtMs: must be between 0 and 9223372036854775807"),
]


@pytest.mark.parametrize("change,message", BAD, ids=[m.split(":")[0] for _, m in BAD])
def test_bad_fixtures_are_refused_by_path_and_import_nothing(tb, demo_doc, change, message):
    doc = copy.deepcopy(demo_doc)
    _mutate(doc, *change)
    before = tb.run("app", "export").stdout
    r = tb.run("--output", "json", "app", "import", "-", input=json.dumps(doc))
    assert r.code == 1
    err = json.loads(r.stdout)["error"]
    assert err["code"] == "invalid_arguments"
    assert message in err["message"], err["message"]
    assert tb.run("app", "export").stdout == before


def test_duplicate_ids_are_refused(tb, demo_doc):
    doc = copy.deepcopy(demo_doc)
    ws = doc["workspaces"][0]
    ws["notes"].append(copy.deepcopy(ws["notes"][0]))
    r = tb.import_fixture(doc)
    assert r.code == 1 and "duplicate id" in r.stderr
    assert tb.ok("workspace.stats")["notes"]["total"] == 0


def test_not_json_is_refused(tb):
    r = tb.run("app", "import", "-", input="{oops")
    assert r.code == 1 and "not JSON" in r.stderr


def test_a_minimal_fixture_takes_the_defaults(tb):
    doc = {"format": "talkbar-fixture/1", "workspaces": [{
        "workspaceId": "w-min", "name": "Minimal", "active": True,
        "sessions": [{"sessionId": "s-1", "title": "Kickoff", "startedAtMs": 1790000000000,
                      "participants": [{"speakerId": "a"}],
                      "turns": [{"turnId": "t1", "speakerId": "a", "startMs": 0, "endMs": 900, "text": "Hello"}]}]}]}
    assert tb.import_fixture(doc).code == 0
    assert tb.ok("workspace.list") == {"workspaces": [{"workspaceId": "w-min", "name": "Minimal", "active": True}]}
    stats = tb.ok("workspace.stats")
    assert stats["sessions"]["byStatus"]["complete"] == 1
    assert tb.ok("plan.get")["plan"]["id"] == "free"


def test_the_fast_check_agrees_with_jsonschema(demo_doc):
    from jsonschema import Draft202012Validator
    from talkbar.fastcheck import compile_schema
    from talkbar.fixture.schema import FIXTURE
    from talkbar.validate import validator_class
    fast, full = compile_schema(FIXTURE), validator_class()(FIXTURE)
    Draft202012Validator.check_schema(FIXTURE)
    assert fast(demo_doc) and full.is_valid(demo_doc)
    for change, _ in BAD:
        doc = copy.deepcopy(demo_doc)
        _mutate(doc, *change)
        assert fast(doc) == full.is_valid(doc), change
    odd = copy.deepcopy(demo_doc)
    odd["workspaces"][0]["sessions"][0]["turns"][0]["startMs"] = True
    assert not fast(odd) and not full.is_valid(odd)


def test_chunks_written_while_the_next_are_read_make_the_same_workspace(tb, tmp_path, demo_doc, monkeypatch):
    """A chunk of sessions is inserted in a thread while the next is read: with chunks of a few
    turns (dozens of writes in flight, a workspace claimed while one runs), the data root answers
    as one imported in a single chunk."""
    from talkbar.fixture import importer
    whole = type(tb)(tmp_path / "whole")
    assert whole.import_fixture(demo_doc).code == 0
    monkeypatch.setattr(importer, "CHUNK_TURNS", 40)
    assert tb.import_fixture(demo_doc).code == 0
    for op in ("workspace.list", "workspace.stats", "sessions.list"):
        assert tb.ok(op) == whole.ok(op), op
    exported = []
    for t in (tb, whole):
        doc = json.loads(t.run("app", "export").stdout)
        for ws in doc["workspaces"]:   # a schedule the fixture does not name gets a new id
            for series in ws.get("series", []):
                if series.get("schedule"):
                    series["schedule"]["scheduleId"] = None
        exported.append(doc["workspaces"])
    assert exported[0] == exported[1] and sum(len(ws["sessions"]) for ws in exported[0]) > 20


def test_a_write_that_fails_in_its_thread_fails_the_import_and_leaves_nothing(tb, demo_doc, monkeypatch):
    from talkbar import sqlfiles
    from talkbar.fixture import importer
    monkeypatch.setattr(importer, "CHUNK_TURNS", 40)
    real, calls = sqlfiles.call, []

    def failing(cur, name, /, **params):
        if name == "import.turns":
            calls.append(name)
            if len(calls) == 3:
                raise RuntimeError("the disk is full")
        return real(cur, name, **params)
    monkeypatch.setattr(sqlfiles, "call", failing)
    r = tb.import_fixture(demo_doc)
    assert r.code == 1 and "internal error" in r.stderr and "Traceback" not in r.stderr, r
    assert len(calls) == 3   # the import stopped at the failed write
    assert not tb.db.exists()
