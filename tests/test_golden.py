"""Golden cases: tests/golden/<operation>/<case>.json, each run through the engine.

A case is {"args": …, "expect": … | "error": {"code", "message"}}, optionally with
"fixture": "demo" (default) or "empty", "app": [["license", "activate", "free"], …] (the app's
own actions, `talkbar-cli app …`, run first), "setup": [calls run next, each must succeed],
"env": {…} and "match": "subset". In setup and args, {"$ref": "N.key.sub"} is replaced by that
field of setup call N's result. See golden_match.py for the placeholders an expectation may use.

Every case runs in this process through the engine, as `talkbar-cli tools batch` runs it (the CLI
face, each call at the clock a process of its own would see: conftest's TICK_MS); a process per
case would only cost time. A case that writes gets its own copy of the demo database, and after it
the search index must be what a check against the items finds it should be; the cases
that must change nothing (reads and refusals, with no setup) share one copy held open, and each
of them fails if it committed anything. A handful run through each face's
real process too (THROUGH_CLI, THROUGH_MCP), so that what lies between the face and the engine
is in the loop.
"""

import json
import shutil
from pathlib import Path

import pytest

from conftest import DB_FILE, PINNED_NOW_MS, HeldInProcess, InProcess
from golden_match import mismatch

GOLDEN = Path(__file__).parent / "golden"
CASES = sorted(GOLDEN.glob("*/*.json"))
# run through the real talkbar-cli process as well: reads, writes with setup steps, refusals
THROUGH_CLI = ("notes.create/spec-example", "notes.get/trashed", "sessions.list/second_page_from_cursor",
               "projects.restore/plan-limit-free", "calendar.schedule/one_off",
               "knowledge.suggestions.approve/memory_card", "exports.preview/success", "workspace.search/title_match")
# and through the real MCP server (talkbar_read / talkbar_change / talkbar_delete)
THROUGH_MCP = ("notes.trash/trash", "projects.list/page", "knowledge.get/unknown", "topics.create/with_a_named_color")


def _resolve(value, results):
    if isinstance(value, dict):
        if set(value) == {"$ref"}:
            index, *keys = value["$ref"].split(".")
            out = results[int(index)]
            for k in keys:
                out = out[int(k)] if isinstance(out, list) else out[k]
            return out
        return {k: _resolve(v, results) for k, v in value.items()}
    if isinstance(value, list):
        return [_resolve(v, results) for v in value]
    return value


def run_case(t, spec, op):
    """Run a case's app steps, setup calls and call on `t` (a conftest.TB or an InProcess); the
    call's batch entry."""
    env = spec.get("env")
    for argv in spec.get("app", []):
        r = t.run("app", *argv, env=env)
        assert r.code == 0, f"app step {argv} failed: {r}"
    results = []
    for step in spec.get("setup", []):
        call = _resolve(step, results)
        out = t.batch_env([call], env)
        assert out and out[0]["ok"], f"setup step {call} failed: {out}"
        results.append(out[0]["result"])
    call = {"tool": op}
    if "args" in spec:
        call["args"] = _resolve(spec["args"], results)
    out = t.batch_env([call], env)
    assert out and len(out) == 1, out
    return out[0]


def _in_process(spec, tmp_path, demo_template):
    root = tmp_path / "root"
    root.mkdir()
    if spec.get("fixture") != "empty":
        shutil.copyfile(demo_template / DB_FILE, root / DB_FILE)
    return InProcess(root)


def _check(spec, entry):
    if "error" in spec:
        assert entry["ok"] is False, f"expected an error, got {entry}"
        problem = mismatch(spec["error"], entry["error"])
    else:
        assert entry["ok"] is True, f"expected success, got {entry}"
        expect = spec["expect"]
        problem = mismatch({"$subset": expect} if spec.get("match") == "subset" else expect, entry["result"])
    assert problem is None, problem


def _spec(name):
    return json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))


def _changes_nothing(spec, op_id):
    """A read, or a call refused, on the demo with no steps before it: it must leave the database
    as it found it, so it can share one copy with the others."""
    from talkbar.manifest import manifest
    plain = not spec.get("setup") and not spec.get("app") and spec.get("fixture", "demo") == "demo"
    return plain and (manifest().get(op_id).is_read or "error" in spec)


def _index_mends(root):
    """What a check of each indexed workspace's search index against its items would mend
    (talkbar/search/check.py), rolled back: every write keeps the index as its items say, in its own
    transaction. {workspace: what it would do} for those where it would do anything."""
    from talkbar.db import Database
    from talkbar.search import check
    db = Database(root / DB_FILE, create=False, idle_s=0)
    out = {}
    try:
        with db.cursor() as cur:
            for (workspace_id,) in cur.execute("SELECT DISTINCT workspace_id FROM search_stats").fetchall():
                cur.execute("BEGIN TRANSACTION")
                done = check.mend(cur, workspace_id)
                cur.execute("ROLLBACK")
                if any(done.values()):
                    out[workspace_id] = done
    finally:
        db.release_now()
    return out


@pytest.fixture(scope="session")
def shared_demo(demo_template, tmp_path_factory):
    root = tmp_path_factory.mktemp("golden-shared")
    shutil.copyfile(demo_template / DB_FILE, root / DB_FILE)
    held = HeldInProcess(root)
    yield held
    held.db.release_now()


@pytest.mark.parametrize("case", CASES, ids=[f"{c.parent.name}/{c.stem}" for c in CASES])
def test_golden(case, tmp_path, demo_template, request):
    spec = json.loads(case.read_text(encoding="utf-8"))
    op_id = case.parent.name
    if spec.get("app"):
        pytest.skip("app steps: run by test_golden_through_cli")
    if not _changes_nothing(spec, op_id):
        t = _in_process(spec, tmp_path, demo_template)
        _check(spec, run_case(t, spec, op_id))
        assert _index_mends(t.root) == {}, "the search index differs from what a check finds it should hold"
        return
    shared = request.getfixturevalue("shared_demo")
    shared.now_ms = PINNED_NOW_MS   # the clock a case's own process would start at
    entry = run_case(shared, spec, op_id)
    assert not shared.wrote(), f"{op_id} wrote to the database, and it must change nothing: {entry}"
    _check(spec, entry)


class _Process:
    """conftest.TB with the batch form run_case uses."""

    def __init__(self, tb):
        self.tb = tb

    def run(self, *argv, env=None):
        return self.tb.run(*argv, env=env)

    def batch_env(self, calls, env=None):
        r = self.tb.run("tools", "batch", input=json.dumps(calls), env=env)
        return r.json


GOLDEN_WITH_APP = [c for c in CASES if _spec(f"{c.parent.name}/{c.stem}").get("app")]


@pytest.mark.parametrize("name", sorted(set(THROUGH_CLI) | {f"{c.parent.name}/{c.stem}" for c in GOLDEN_WITH_APP}))
def test_golden_through_cli(name, request):
    spec = _spec(name)
    t = request.getfixturevalue("tb" if spec.get("fixture") == "empty" else "demo")
    _check(spec, run_case(_Process(t), spec, name.split("/")[0]))


@pytest.mark.parametrize("name", THROUGH_MCP)
def test_golden_through_mcp(name, demo):
    """Through `serve` with the official SDK client, every operation on and deletes allowed
    without confirmation: the tool that runs the operation answers what the engine answers."""
    from mcp_sdk import payload, run, session
    from talkbar.manifest import manifest
    spec = _spec(name)
    assert not spec.get("setup") and not spec.get("env") and "error" not in spec or \
        spec["error"]["code"] == "not_found", "MCP cases: no setup, no argument errors (their pointer is the face's)"
    for argv in (("mcp", "on"), ("all", "on"), ("deletes-without-confirmation", "on")):
        assert demo.run("app", "access", *argv).code == 0
    op_id = name.split("/")[0]
    tool = manifest().get(op_id).tool

    async def go():
        async with session(demo) as s:
            return payload(await s.call_tool(tool, {"tool": op_id, "args": spec.get("args", {})}))
    body, is_error = run(go)
    entry = {"ok": not is_error, **({"error": body["error"]} if is_error else {"result": body})}
    _check(spec, entry)


def test_the_cases_named_for_the_faces_exist():
    for name in THROUGH_CLI + THROUGH_MCP:
        assert (GOLDEN / f"{name}.json").exists(), name
