"""The tasks extension of the 2026-07-28 revision (io.modelcontextprotocol/tasks, talkbar/mcp/tasks.py):
a call still running after a bound, from a client that declared the extension on that request, is
answered with a task the client polls; `tasks/cancel` stops it before its next operation; a
`subscriptions/listen` stream hears of the tasks it names. Order of events only: a file gate
(TALKBAR_TEST_OP_GATE) holds every operation until the test opens it, and the event log (-v) says
when a call has become a task, so no test waits on a clock (the bound is 50 ms here, and the calls
are held at the gate for as long as it takes)."""

import json
import re
import time

import duckdb
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcp_raw import RawServer
from talkbar.mcp import tasks
from test_mcp_wire import _json_values
from test_mcp_modern import ASK, INFO, NOTE, SUB, call, mcp_demo, modern, server, tool_body  # noqa: F401 (fixtures)

pytestmark = pytest.mark.commands_in_process

EXTENSION = "io.modelcontextprotocol/tasks"
TASKS = {"extensions": {EXTENSION: {}}}
ISO = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$")
RENAME = {"tool": "workspace.rename", "args": {"name": "Renamed in a task"}}


def _gated(demo, gate, after_ms):
    """A server whose operations wait at a gate (s.gate: touch it to let them through)."""
    s = RawServer(demo, env={"TALKBAR_TEST_OP_GATE": str(gate), "TALKBAR_TEST_TASK_AFTER_MS": str(after_ms)},
                  verbose=True)
    s.gate = gate
    return s


@pytest.fixture
def gated(mcp_demo, tmp_path, request):
    """_gated's server, calls a task after 50 ms (or after the ms a test gives: indirect)."""
    s = _gated(mcp_demo, tmp_path / "gate", getattr(request, "param", 50))
    yield s
    s.gate.touch()
    s.close()


def _became_task(s, msg_id):
    """The call's answer once the server has made it a task: its CreateTaskResult."""
    s.wait_for("mcp.task", id=msg_id)
    reply = s.answer(msg_id)
    assert "result" in reply, reply
    return reply["result"]


def _get(s, task_id):
    reply = s.answer(modern(s, "tasks/get", TASKS, taskId=task_id))
    assert "result" in reply, reply
    return reply["result"]


def _until_done(s, task_id):
    """tasks/get until the task is no longer working (a bound for a hang, not a timing)."""
    deadline = time.monotonic() + 60
    while True:
        task = _get(s, task_id)
        if task["status"] != "working":
            return task
        assert time.monotonic() < deadline, task
        time.sleep(0.02)


def _workspace_name(demo):
    return next(w["name"] for w in demo.ok("workspace.list", {})["workspaces"] if w["active"])


def test_a_call_still_running_becomes_a_task_whose_result_is_polled(gated, mcp_demo):
    msg = call(gated, "talkbar_change", RENAME, TASKS)
    gated.wait_for("test.gate", op="workspace.rename")
    handle = _became_task(gated, msg)
    task_id = handle["taskId"]
    assert handle == {"resultType": "task", "taskId": task_id, "status": "working",
                      "statusMessage": "The call is still running.", "createdAt": handle["createdAt"],
                      "lastUpdatedAt": handle["lastUpdatedAt"], "ttlMs": 3_600_000, "pollIntervalMs": 1_000,
                      "_meta": INFO}
    assert ISO.match(handle["createdAt"]) and ISO.match(handle["lastUpdatedAt"]), handle
    working = _get(gated, task_id)
    assert working["resultType"] == "complete" and working["status"] == "working", working
    assert "result" not in working
    gated.gate.touch()
    done = _until_done(gated, task_id)
    assert done["status"] == "completed" and done["_meta"] == INFO, done
    body = json.loads(done["result"]["content"][0]["text"])
    assert done["result"]["isError"] is False and body["name"] == "Renamed in a task", done
    assert _workspace_name(mcp_demo) == "Renamed in a task"
    assert _get(gated, task_id) == done                         # kept, the same, once finished


def test_a_client_that_did_not_declare_the_extension_is_answered_as_always(gated):
    plain = call(gated, "talkbar_read", {"tool": "notes.list", "args": {"limit": 1}})
    gated.wait_for("test.gate", op="notes.list")
    tasked = call(gated, "talkbar_read", {"tool": "notes.list", "args": {"limit": 2}}, TASKS)
    gated.wait_for("test.gate", count=2, op="notes.list")
    assert _became_task(gated, tasked)["status"] == "working"   # the bound has passed for both
    gated.gate.touch()
    body, is_error = tool_body(gated.answer(plain))
    assert not is_error and len(body["items"]) == 1
    assert [e["id"] for e in gated.events("mcp.task")] == [tasked]


def test_a_quick_call_is_answered_directly_or_as_a_task_and_the_result_is_the_same(mcp_demo):
    """Without a gate the call may end before the bound or not: either way the client gets the result."""
    s = RawServer(mcp_demo, env={"TALKBAR_TEST_TASK_AFTER_MS": "0"})
    try:
        reply = s.answer(call(s, "talkbar_find", {"query": "pricing"}, TASKS))["result"]
        if reply["resultType"] == "task":
            reply = _until_done(s, reply["taskId"])["result"]
        body = json.loads(reply["content"][0]["text"])
        assert reply["isError"] is False and body["matches"], reply
    finally:
        s.close()


@pytest.mark.parametrize("gated", [0], indirect=True)     # a task as soon as it may be one
def test_a_delete_becomes_a_task_only_once_the_user_has_answered(gated, mcp_demo):
    args = {"tool": "notes.trash", "args": {"noteId": NOTE}}
    caps = {**ASK, **TASKS}
    first = gated.answer(call(gated, "talkbar_delete", args, caps))["result"]
    assert first["resultType"] == "input_required", first      # asked in the request, not in a task
    msg = call(gated, "talkbar_delete", args, caps, inputResponses={"confirm": {"action": "accept"}},
               requestState=first["requestState"])
    gated.wait_for("test.gate", op="notes.trash")
    task_id = _became_task(gated, msg)["taskId"]
    gated.gate.touch()
    done = _until_done(gated, task_id)
    assert json.loads(done["result"]["content"][0]["text"]) == {"noteId": NOTE, "trashed": True}, done
    assert len(gated.events("mcp.task")) == 1


def test_tasks_cancel_stops_a_batch_before_its_next_operation(gated, mcp_demo):
    before = mcp_demo.ok("profile.get", {})
    msg = call(gated, "talkbar_change", {"calls": [RENAME, {"tool": "profile.update",
                                                             "args": {"jobTitle": "Never set"}}]}, TASKS)
    gated.wait_for("test.gate", op="workspace.rename")
    task_id = _became_task(gated, msg)["taskId"]
    ack = gated.answer(modern(gated, "tasks/cancel", TASKS, taskId=task_id))
    assert ack["result"] == {"resultType": "complete", "_meta": INFO}, ack
    gated.gate.touch()
    assert _until_done(gated, task_id)["status"] == "cancelled"
    assert _workspace_name(mcp_demo) == "Renamed in a task"    # the operation in flight finished
    assert mcp_demo.ok("profile.get", {}) == before             # the next never ran
    assert gated.events("op.start", op="profile.update") == []


def test_a_task_cancelled_after_its_only_operation_ran_reports_the_work_done(gated, mcp_demo):
    msg = call(gated, "talkbar_change", RENAME, TASKS)
    gated.wait_for("test.gate", op="workspace.rename")
    task_id = _became_task(gated, msg)["taskId"]
    assert gated.answer(modern(gated, "tasks/cancel", TASKS, taskId=task_id))["result"]["resultType"] == "complete"
    gated.gate.touch()
    done = _until_done(gated, task_id)
    assert done["status"] == "completed" and done["result"]["isError"] is False, done
    assert _workspace_name(mcp_demo) == "Renamed in a task"


def test_notifications_cancelled_for_a_call_that_became_a_task_is_not_how_it_is_cancelled(gated, mcp_demo):
    msg = call(gated, "talkbar_change", {"calls": [RENAME, {"tool": "profile.update",
                                                             "args": {"jobTitle": "Set all the same"}}]}, TASKS)
    gated.wait_for("test.gate", op="workspace.rename")
    task_id = _became_task(gated, msg)["taskId"]
    gated.notify("notifications/cancelled", {"requestId": msg})   # the request was answered (the handle)
    assert _get(gated, task_id)["status"] == "working"            # read after the notification
    gated.gate.touch()
    assert _until_done(gated, task_id)["status"] == "completed"
    assert mcp_demo.ok("profile.get", {})["jobTitle"] == "Set all the same"


def test_a_stream_hears_of_the_tasks_it_names_until_they_end_and_progress_becomes_their_message(gated):
    msg = call(gated, "talkbar_read", {"calls": [{"tool": "notes.list", "args": {"limit": 1}},
                                                 {"tool": "notes.list", "args": {"limit": 2}}]},
               TASKS, meta={"progressToken": "p"})
    gated.wait_for("test.gate", op="notes.list")
    task_id = _became_task(gated, msg)["taskId"]
    listen = modern(gated, "subscriptions/listen", TASKS, notifications={"taskIds": [task_id, "task-unknown"]})
    ack = gated.read()
    assert ack == {"jsonrpc": "2.0", "method": "notifications/subscriptions/acknowledged",
                   "params": {"_meta": {SUB: listen}, "notifications": {"taskIds": [task_id]}}}, ack
    heard = [gated.read()]
    assert heard[0]["method"] == "notifications/tasks" and heard[0]["params"]["status"] == "working", heard
    gated.gate.touch()
    while heard[-1]["params"]["status"] == "working":
        heard.append(gated.read())
    assert {m["method"] for m in heard} == {"notifications/tasks"}, heard     # no notifications/progress
    assert all(m["params"]["_meta"] == {SUB: listen} and m["params"]["taskId"] == task_id for m in heard)
    messages = [m["params"]["statusMessage"] for m in heard]
    assert messages[0] == "The call is still running." and messages[-1] == "The call is done.", messages
    assert len(messages) > 2, messages                          # the batch's progress, as the task's message
    final = heard[-1]["params"]
    assert final["status"] == "completed" and len(json.loads(final["result"]["content"][0]["text"])["results"]) == 2
    assert gated.silent(0.3)                                    # nothing more once it ended


def test_tasks_requests_refuse_what_is_not_a_task_of_this_server(gated):
    def error(method, caps=TASKS, **params):
        reply = gated.answer(modern(gated, method, caps, **params))
        assert "error" in reply, reply
        return reply["error"]

    assert error("tasks/get", taskId="task-nope") == {"code": -32602, "message":
                                                       "Task not found: task-nope (finished tasks are kept an hour)"}
    for bad in (5, None, ["x"], {"id": 1}):
        assert error("tasks/get", taskId=bad)["code"] == -32602
    assert error("tasks/cancel", taskId="task-nope")["code"] == -32602
    assert error("tasks/update", taskId="task-nope", inputResponses={})["code"] == -32602
    assert error("tasks/update", taskId="task-nope") == {"code": -32602,
                                                         "message": "Invalid params: inputResponses must be an object"}
    assert error("subscriptions/listen", {}, notifications={"taskIds": ["task-nope"]}) == {
        "code": -32021, "message": "Missing required client capability",
        "data": {"requiredCapabilities": {"extensions": {EXTENSION: {}}}}}
    assert error("subscriptions/listen", notifications={"taskIds": "task-nope"})["code"] == -32602
    msg = call(gated, "talkbar_change", RENAME, TASKS)
    gated.wait_for("test.gate", op="workspace.rename")
    task_id = _became_task(gated, msg)["taskId"]
    ack = gated.answer(modern(gated, "tasks/update", TASKS, taskId=task_id, inputResponses={"x": {"action": "accept"}}))
    assert ack["result"] == {"resultType": "complete", "_meta": INFO}    # nothing outstanding: left, acknowledged
    gated.gate.touch()
    assert _until_done(gated, task_id)["status"] == "completed"


def test_discover_declares_the_extension_and_initialize_does_not(server):
    discovered = server.answer(modern(server, "server/discover"))["result"]
    assert discovered["capabilities"]["extensions"] == {EXTENSION: {}}
    init = server.initialize("2025-11-25")["result"]
    assert "extensions" not in init["capabilities"], init


def test_a_search_that_builds_the_index_again_tells_its_task_each_part(mcp_demo, tmp_path):
    """After an upgrade that changed the tokeniser, the first search builds the index again (about
    two minutes at 6 M turns): its task's message follows the build, the transcripts part by part
    and the term lists, as a listening stream hears it."""
    con = duckdb.connect(str(mcp_demo.db))
    con.execute("UPDATE search_tokeniser SET version = 1")
    con.close()
    s = _gated(mcp_demo, tmp_path / "gate", 0)
    try:
        msg = call(s, "talkbar_find", {"query": "pricing"}, TASKS)
        s.wait_for("test.gate", op="workspace.search")
        task_id = _became_task(s, msg)["taskId"]
        modern(s, "subscriptions/listen", TASKS, notifications={"taskIds": [task_id]})
        assert s.read()["method"] == "notifications/subscriptions/acknowledged"
        heard = [s.read()]
        s.gate.touch()
        while heard[-1]["params"]["status"] == "working":
            heard.append(s.read())
        said = [m["params"]["statusMessage"] for m in heard]
        first = said.index("Search index: memory items")          # the last kind of item, then the transcripts
        assert said[first + 1:] == ["Search index: transcripts, turns read 1 of 1",
                                    "Search index: transcripts, tokenising words",
                                    "Search index: transcripts, postings written 1 of 1",
                                    "Search index: transcripts, passages",
                                    "Search index: term lists 1 of 1", "The call is done."], said
        assert json.loads(heard[-1]["params"]["result"]["content"][0]["text"])["matches"]
    finally:
        s.gate.touch()
        s.close()


def test_a_cancel_racing_the_work_leaves_a_note_exactly_when_its_answer_says_so(mcp_demo):
    """Twenty writes at once, a task after 100 ms and cancelled as soon as its handle is in: however
    the race goes, a task reported `completed` with the note made wrote it, a `cancelled` one wrote
    nothing (a cancel stops a call before its operation, never within it), and so did a call
    answered before it could become a task, as its answer says."""
    assert mcp_demo.run("app", "access", "set", "notes.create", "on").code == 0
    s = RawServer(mcp_demo, env={"TALKBAR_TEST_TASK_AFTER_MS": "100"}, verbose=True)   # some answered, some tasks
    try:
        titles = [f"Raced {n}" for n in range(20)]
        sent = {call(s, "talkbar_change", {"tool": "notes.create", "args": {"title": t}}, TASKS): t for t in titles}
        handles = {}
        for msg_id, title in sent.items():
            result = s.answer(msg_id)["result"]
            if result["resultType"] == "task":
                s.answer(modern(s, "tasks/cancel", TASKS, taskId=result["taskId"]))
            handles[title] = result
        outcome = {}
        for title, result in handles.items():
            how = "answered"
            if result["resultType"] == "task":
                task = _until_done(s, result["taskId"])
                how, result = task["status"], task.get("result")
            outcome[title] = (how, None if result is None else result["isError"],
                              None if result is None else result["content"][0]["text"][:200])
    finally:
        s.close()
    kept = {n["title"] for n in mcp_demo.ok("notes.list", {"limit": 100, "search": "Raced"})["items"]} & set(titles)
    assert {how for how, _e, _t in outcome.values()} <= {"answered", "completed", "cancelled"}, outcome
    said = {t for t, (how, is_error, _t) in outcome.items() if how != "cancelled" and not is_error}
    ops = [{k: e[k] for k in ("event", "op", "ok", "code") if k in e} for e in s.events()
           if e["event"] in ("op.end", "op.commit") or e["event"].startswith("task")]
    assert kept == said, ({t: outcome[t] for t in sorted(kept ^ said)}, ops, s.stderr[-20:])


# ---------------------------------------------------------------------- fuzz: any tasks request, the server lives
def _modern_messages():
    nasty = st.one_of(st.text(max_size=12), st.integers(min_value=-2**70, max_value=2**70), st.just("\ud800"),
                      st.just("task-" + "x" * 5000), _json_values())
    caps = st.sampled_from([TASKS, {}, {"extensions": []}, {"extensions": {EXTENSION: 5}}])
    method = st.sampled_from(["tasks/get", "tasks/update", "tasks/cancel", "subscriptions/listen", "tools/call"])
    params = st.fixed_dictionaries({}, optional={"taskId": nasty, "inputResponses": nasty, "notifications": st.one_of(
        st.fixed_dictionaries({"taskIds": st.one_of(st.lists(nasty, max_size=3), nasty)}), nasty),
        "name": st.sampled_from(["talkbar_find", "talkbar_read"]), "arguments": st.just({"query": "pricing"})})
    return st.tuples(method, caps, params, st.one_of(st.integers(0, 10**6), st.text(max_size=6)))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(messages=st.lists(_modern_messages(), min_size=1, max_size=6))
def test_any_tasks_request_is_answered_in_words_and_the_server_lives(tasks_fuzz_server, messages):
    s = tasks_fuzz_server
    for method, caps, params, msg_id in messages:
        s.send({"jsonrpc": "2.0", "id": msg_id, "method": method,
                "params": {"_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
                                     "io.modelcontextprotocol/clientCapabilities": caps}, **params}})
    alive = modern(s, "server/discover", msg_id="alive-after-fuzz")
    assert s.answer(alive, timeout=30)["result"]["resultType"] == "complete"
    assert s.proc.poll() is None
    assert not any("internal error" in line for line in s.stderr), s.stderr[-3:]


@pytest.fixture(scope="module")
def tasks_fuzz_server(tmp_path_factory):
    from conftest import TB
    t = TB(tmp_path_factory.mktemp("tasks-fuzz"))
    t.run("app", "access", "mcp", "on")
    s = RawServer(t, env={"TALKBAR_TEST_TASK_AFTER_MS": "0"})
    yield s
    assert s.close() == 0


# ---------------------------------------------------------------------- the store, in process
def _store(monkeypatch, now):
    monkeypatch.setenv("TALKBAR_NOW_MS", str(now))
    return tasks.TaskStore()


def test_a_finished_task_is_kept_for_its_ttl_from_creation_and_a_working_one_while_it_works(monkeypatch):
    start = 1_800_000_000_000
    store = _store(monkeypatch, start)
    done, working = store.create(object()), store.create(object())
    store.finished(done, {"result": {"content": [], "isError": False, "_meta": {"x": 1}}})
    assert store.view_of(done.id)["result"] == {"content": [], "isError": False}   # the identity is the reply's
    monkeypatch.setenv("TALKBAR_NOW_MS", str(start + tasks.TTL_MS - 1))
    assert store.get(done.id) is done
    monkeypatch.setenv("TALKBAR_NOW_MS", str(start + tasks.TTL_MS))
    assert store.get(done.id) is None and store.get(working.id) is working
    store.finished(working, {"error": {"code": -32602, "message": "bad"}})
    assert store.view_of(working.id)["status"] == "failed" and store.view_of(working.id)["error"]["code"] == -32602


def test_at_most_max_kept_tasks_are_kept_the_oldest_finished_going_first(monkeypatch):
    store = _store(monkeypatch, 1_800_000_000_000)
    monkeypatch.setattr(tasks, "MAX_KEPT", 2)
    first, second = store.create(object()), store.create(object())
    store.cancelled(second)
    third = store.create(object())           # a working first task, a finished second: the second goes
    assert len(store._tasks) == 2
    assert [store.get(t.id) for t in (first, second, third)] == [first, None, third]
    store.finished(third, {"result": {"content": [], "isError": True}})
    store.cancelled(third)                   # a finished task stays as it finished
    store.working(third, "late progress")
    assert (store.view_of(third.id)["status"], store.view_of(third.id)["statusMessage"]) == (
        "completed", "The call is done.")
