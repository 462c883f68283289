"""The 2026-07-28 revision on the wire, beside the handshake era, against the real server over stdio:
the envelope rules (basic/index, basic/versioning), server/discover, cache hints, input-required
delete confirmation (basic/patterns/mrtr), subscriptions/listen, progress and cancellation.
Order of events only: where a test needs the server at a point, it waits for the event log (-v)
to say so, and a file gate (TALKBAR_TEST_OP_GATE) holds operations until the test opens it."""

import json
import time

import pytest

from mcp_raw import RawServer


# These tests are about what the operations do, not the process around them: tb and demo run
# their tools/app commands in this process (conftest.InProcessCLI).
pytestmark = pytest.mark.commands_in_process


V = "io.modelcontextprotocol/protocolVersion"
CAPS = "io.modelcontextprotocol/clientCapabilities"
SUB = "io.modelcontextprotocol/subscriptionId"
INFO = {"io.modelcontextprotocol/serverInfo": {"name": "talkbar", "title": "TalkBar", "version": "0.1.0"}}
SUPPORTED = ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]
ASK = {"elicitation": {}}
NOTE = "note-5naz4vbkcw6zp1rzrtiy7xnk"   # "Acme pricing review — my notes"


def envelope(caps=None, **meta):
    return {"_meta": {V: "2026-07-28", CAPS: caps if caps is not None else {}, **meta}}


def modern(server, method, caps=None, msg_id=None, meta=None, **params):
    return server.request(method, {**envelope(caps, **(meta or {})), **params}, msg_id)


def call(server, tool, arguments, caps=None, **params):
    return modern(server, "tools/call", caps, name=tool, arguments=arguments, **params)


def tool_body(reply):
    result = reply["result"]
    assert result["resultType"] == "complete" and result["_meta"] == INFO, result
    return json.loads(result["content"][0]["text"]), result["isError"]


def until(server, msg_id):
    """Every line up to and including the answer to msg_id, in the order the server wrote them."""
    lines = []
    while True:
        msg = server.read(30)
        lines.append(msg)
        if msg.get("id") == msg_id and ("result" in msg or "error" in msg):
            return lines


def wait_line(server, text):
    """Block until a stderr line holds `text` (a guard against a hang, not a timing test)."""
    deadline = time.monotonic() + 60
    while not any(text in line for line in list(server.stderr)):
        assert time.monotonic() < deadline, f"the server never wrote {text!r} on stderr"
        time.sleep(0.01)


@pytest.fixture
def mcp_demo(demo):
    for argv in (("mcp", "on"), ("set", "notes.trash", "workspace.rename", "profile.update", "on")):
        assert demo.run("app", "access", *argv).code == 0
    return demo


@pytest.fixture
def server(mcp_demo):
    s = RawServer(mcp_demo)
    yield s
    s.close()


def _trashed(demo, note_id):
    return note_id in {n["noteId"] for n in demo.ok("notes.trash.list", {"limit": 200})["notes"]}


# ---------------------------------------------------------------------- the envelope and discovery
def test_discover_names_versions_capabilities_and_identity_with_cache_hints(server):
    reply = server.answer(modern(server, "server/discover"))
    result = reply["result"]
    assert result["instructions"].startswith("TalkBar holds the user's meetings:")
    del result["instructions"]
    assert result == {"resultType": "complete", "supportedVersions": SUPPORTED,
                      "capabilities": {"tools": {"listChanged": True}, "resources": {}, "prompts": {},
                                       "extensions": {"io.modelcontextprotocol/tasks": {}}},
                      "ttlMs": 3_600_000, "cacheScope": "public", "_meta": INFO}


def test_the_envelope_decides_the_era_and_its_errors(server):
    server.request("server/discover", {"_meta": {V: "1900-01-01", CAPS: {}}}, msg_id="old")
    assert server.read() == {"jsonrpc": "2.0", "id": "old", "error": {
        "code": -32022, "message": "Unsupported protocol version",
        "data": {"supported": SUPPORTED, "requested": "1900-01-01"}}}
    for meta, message in (({V: "2026-07-28"}, "Invalid params: _meta is missing " + CAPS),
                          ({CAPS: {}, V: 20260728}, f"Invalid params: {V} must be a string"),
                          ({V: "2026-07-28", CAPS: []}, f"Invalid params: {CAPS} must be an object"),
                          ({V: "2026-07-28", CAPS: {}, "progressToken": True},
                           "Invalid params: progressToken must be a string or an integer")):
        server.request("tools/list", {"_meta": meta}, msg_id="bad")
        assert server.read() == {"jsonrpc": "2.0", "id": "bad", "error": {"code": -32602, "message": message}}
    for method in ("ping", "logging/setLevel", "resources/subscribe", "completion/complete"):
        assert server.answer(modern(server, method))["error"] == {"code": -32601, "message": f"Method not found: {method}"}
    # neither modern nor initialize: the handshake era's answer, whatever _meta holds
    for params in (None, {"_meta": {"progressToken": 1}}, {"_meta": {V: "2025-11-25", CAPS: {}}}):
        server.request("tools/list", params, msg_id="neither")
        assert server.read()["error"] == {"code": -32601, "message": "Send initialize first"}
    # initialize opens the handshake era even with an envelope; modern requests go on beside it
    msg_id = server.request("initialize", {**envelope(), "protocolVersion": "2025-06-18", "capabilities": {}})
    assert server.answer(msg_id)["result"]["protocolVersion"] == "2025-06-18"
    assert server.answer(server.request("ping"))["result"] == {}
    assert server.answer(modern(server, "ping"))["error"]["code"] == -32601


def test_lists_carry_cache_hints_and_one_page(server):
    tools = server.answer(modern(server, "tools/list"))["result"]
    assert tools["ttlMs"] == 5000 and tools["cacheScope"] == "private" and tools["resultType"] == "complete"
    assert [t["name"] for t in tools["tools"]] == ["talkbar_find", "talkbar_read", "talkbar_change", "talkbar_delete",
                                                   "talkbar_tools"]
    for method, key in (("resources/list", "resources"), ("resources/templates/list", "resourceTemplates"),
                        ("prompts/list", "prompts")):
        assert server.answer(modern(server, method))["result"] == {
            "resultType": "complete", key: [], "ttlMs": 3_600_000, "cacheScope": "public", "_meta": INFO}
    assert server.answer(modern(server, "tools/list", cursor="x"))["error"]["code"] == -32602
    assert server.answer(modern(server, "resources/read", uri="file:///x"))["error"] == {
        "code": -32602, "message": "Resource not found: file:///x"}
    server.initialize("2025-11-25")
    legacy = server.answer(server.request("tools/list"))["result"]
    assert legacy == {"tools": tools["tools"]}, "the same five definitions; no cache hints in the handshake era"


def test_both_eras_on_one_process_answer_the_same_call_each_in_its_shape(server):
    server.initialize()
    handshake = server.answer(server.call("talkbar_read", {"tool": "workspace.list"}))["result"]
    modern_reply = server.answer(call(server, "talkbar_read", {"tool": "workspace.list"}))
    body, is_error = tool_body(modern_reply)
    assert set(handshake) == {"content", "isError"}
    assert not is_error and json.loads(handshake["content"][0]["text"]) == body
    for params in ({}, {"name": 5}, {"name": "talkbar_read", "arguments": [1]}, {"name": "talkbar_nope"}):
        reply = server.answer(modern(server, "tools/call", **params))
        assert reply["error"]["code"] == -32602, params
        assert server.answer(server.request("tools/call", params))["error"] == reply["error"]


# ---------------------------------------------------------------------- delete confirmation: input required
def _ask_first(server, arguments, caps=ASK):
    result = server.answer(call(server, "talkbar_delete", arguments, caps))["result"]
    assert result["resultType"] == "input_required", result
    return result


def test_a_delete_asks_through_input_required_and_runs_once_accepted(server, mcp_demo):
    args = {"tool": "notes.trash", "args": {"noteId": NOTE}}
    first = _ask_first(server, args)
    state = first.pop("requestState")
    assert first == {"resultType": "input_required", "_meta": INFO, "inputRequests": {"confirm": {
        "method": "elicitation/create", "params": {
            "mode": "form", "requestedSchema": {"type": "object", "properties": {}},
            "message": f'An assistant wants TalkBar to run:\n- notes.trash {{"noteId":"{NOTE}"}}\n'
                       "Confirm to run it, or decline to run nothing."}}}}
    assert not _trashed(mcp_demo, NOTE), "asking changes nothing"
    accept = {"confirm": {"action": "accept"}}
    body, is_error = tool_body(server.answer(call(server, "talkbar_delete", args, ASK, inputResponses=accept,
                                                  requestState=state)))
    assert not is_error and body == {"noteId": NOTE, "trashed": True}
    again = server.answer(call(server, "talkbar_delete", args, ASK, inputResponses=accept, requestState=state))
    assert again["error"]["code"] == -32602 and "already answered" in again["error"]["message"]


def test_a_state_for_another_call_or_tampered_is_refused_and_runs_nothing(server, mcp_demo):
    args = {"tool": "notes.trash", "args": {"noteId": NOTE}}
    state = _ask_first(server, {"tool": "notes.trash", "args": {"noteId": "note-other"}})["requestState"]
    head, _, sig = state.partition(".")
    accept = {"confirm": {"action": "accept"}}
    for forged in (state, head + "." + sig[::-1], "garbage", ""):
        reply = server.answer(call(server, "talkbar_delete", args, ASK, inputResponses=accept, requestState=forged))
        assert reply["error"]["code"] == -32602 and "not one this server issued" in reply["error"]["message"], forged
    assert not _trashed(mcp_demo, NOTE)


def test_missing_answers_are_asked_again_and_bad_ones_refused(server, mcp_demo):
    args = {"tool": "notes.trash", "args": {"noteId": NOTE}}
    state = _ask_first(server, args)["requestState"]
    for extra in ({"inputResponses": {"confirm": {"action": "accept"}}},          # an answer without our state
                  {"requestState": state}, {"requestState": state, "inputResponses": {"other": {}}}):
        result = server.answer(call(server, "talkbar_delete", args, ASK, **extra))["result"]
        assert result["resultType"] == "input_required", extra
    for bad in ({"confirm": {"action": "yes"}}, {"confirm": "accept"}):
        reply = server.answer(call(server, "talkbar_delete", args, ASK, inputResponses=bad, requestState=state))
        assert reply["error"]["code"] == -32602, bad
    reply = server.answer(call(server, "talkbar_delete", args, ASK, inputResponses=[1]))
    assert reply["error"] == {"code": -32602, "message": "Invalid params: inputResponses must be an object"}
    assert not _trashed(mcp_demo, NOTE)


def test_the_audit_log_says_when_the_user_was_asked(mcp_demo):
    assert mcp_demo.run("app", "access", "audit", "on").code == 0
    s = RawServer(mcp_demo)
    try:
        args = {"tool": "notes.trash", "args": {"noteId": NOTE}}
        state = _ask_first(s, args)["requestState"]
        s.answer(call(s, "talkbar_delete", args, ASK, requestState=state, inputResponses={"confirm": {"action": "accept"}}))
        wait_line(s, '"audit":"done"')
    finally:
        s.close()
    audit = [json.loads(line.split("talkbar audit ", 1)[1]) for line in s.stderr if "talkbar audit " in line]
    assert [(a["audit"], a["tool"]) for a in audit] == [("call", "talkbar_delete"), ("asked", "talkbar_delete"),
                                                        ("call", "talkbar_delete"), ("done", "talkbar_delete")]


@pytest.mark.parametrize("action", ["decline", "cancel"])
def test_decline_or_cancel_answers_declined_and_runs_nothing(server, mcp_demo, action):
    args = {"tool": "notes.trash", "args": {"noteId": NOTE}}
    state = _ask_first(server, args)["requestState"]
    body, is_error = tool_body(server.answer(call(server, "talkbar_delete", args, ASK, requestState=state,
                                                  inputResponses={"confirm": {"action": action}})))
    assert is_error and body == {"error": {"code": "declined", "message": "The user did not confirm, so nothing ran"}}
    assert not _trashed(mcp_demo, NOTE)


def test_an_answer_after_the_deadline_is_declined(mcp_demo):
    s = RawServer(mcp_demo, env={"TALKBAR_CONFIRM_TIMEOUT_S": "0"})   # every state is past its deadline at once
    try:
        args = {"tool": "notes.trash", "args": {"noteId": NOTE}}
        state = _ask_first(s, args)["requestState"]
        body, _ = tool_body(s.answer(call(s, "talkbar_delete", args, ASK, requestState=state,
                                          inputResponses={"confirm": {"action": "accept"}})))
        assert body["error"]["code"] == "declined"
    finally:
        s.close()
    assert not _trashed(mcp_demo, NOTE)


def test_a_client_without_form_elicitation_is_refused_unless_allowed(server, mcp_demo):
    args = {"tool": "notes.trash", "args": {"noteId": NOTE}}
    for caps in ({}, {"elicitation": {"url": {}}}):
        body, is_error = tool_body(server.answer(call(server, "talkbar_delete", args, caps)))
        assert is_error and body["error"]["code"] == "confirmation_unavailable", caps
    # nothing to confirm when every call would be refused anyway
    body, is_error = tool_body(server.answer(call(server, "talkbar_delete", {"tool": "notes.trash", "args": {}}, ASK)))
    assert is_error and body["error"]["code"] == "invalid_arguments"
    assert mcp_demo.run("app", "access", "deletes-without-confirmation", "on").code == 0
    body, is_error = tool_body(server.answer(call(server, "talkbar_delete", args, {})))
    assert not is_error and body["trashed"] is True


# ---------------------------------------------------------------------- subscriptions/listen
def test_listen_acknowledges_then_delivers_list_changes_until_cancelled(server, mcp_demo):
    server.initialize()
    modern(server, "subscriptions/listen", msg_id="tools",
           notifications={"toolsListChanged": True, "promptsListChanged": True, "resourceSubscriptions": ["x:/y"]})
    assert server.read() == {"jsonrpc": "2.0", "method": "notifications/subscriptions/acknowledged",
                             "params": {"_meta": {SUB: "tools"}, "notifications": {"toolsListChanged": True}}}
    modern(server, "subscriptions/listen", msg_id="deaf", notifications={})
    assert server.read()["params"] == {"_meta": {SUB: "deaf"}, "notifications": {}}
    assert server.answer(modern(server, "subscriptions/listen"))["error"]["code"] == -32602

    quiet = call(server, "talkbar_read", {"tool": "workspace.list"})
    assert [m.get("id") for m in until(server, quiet)] == [quiet], "nothing changed, nothing told"
    assert mcp_demo.run("app", "access", "set", "workspace.stats", "off").code == 0
    told = call(server, "talkbar_read", {"tool": "workspace.list"})
    lines = until(server, told)
    assert lines[:-1] == [{"jsonrpc": "2.0", "method": "notifications/tools/list_changed"},
                          {"jsonrpc": "2.0", "method": "notifications/tools/list_changed",
                           "params": {"_meta": {SUB: "tools"}}}], "the session and the stream that asked, first"
    again = call(server, "talkbar_read", {"tool": "workspace.list"})
    assert [m.get("id") for m in until(server, again)] == [again], "told once per change"

    server.notify("notifications/cancelled", {"requestId": "tools"})   # read before the next request
    assert mcp_demo.run("app", "access", "set", "workspace.stats", "on").code == 0
    after = call(server, "talkbar_read", {"tool": "workspace.list"})
    assert until(server, after)[:-1] == [{"jsonrpc": "2.0", "method": "notifications/tools/list_changed"}], \
        "only the session hears it now"
    server.proc.stdin.close()
    rest = []
    while (msg := server.lines.get(timeout=30)) is not None:
        rest.append(msg)
    assert rest == [{"jsonrpc": "2.0", "id": "deaf", "result": {"resultType": "complete", "_meta": {SUB: "deaf"}}}], \
        "at the end, a graceful close for the stream still open, none for the cancelled one"


# ---------------------------------------------------------------------- progress and cancellation
def test_progress_follows_a_batch_and_stops_with_its_answer(server):
    calls = {"calls": [{"tool": "workspace.list"}, {"tool": "nope"}, {"tool": "plan.get"}]}
    msg_id = call(server, "talkbar_read", calls, meta={"progressToken": "p-1"})
    lines = until(server, msg_id)
    assert [m["params"] for m in lines[:-1]] == [
        {"progressToken": "p-1", "progress": 1, "total": 3, "message": "1 of 3: workspace.list done"},
        {"progressToken": "p-1", "progress": 2, "total": 3, "message": "2 of 3: nope failed"},
        {"progressToken": "p-1", "progress": 3, "total": 3, "message": "3 of 3: plan.get done"}]
    plain = call(server, "talkbar_read", calls)
    assert all("method" not in m for m in until(server, plain)), "no progress without a progressToken"
    server.initialize()
    legacy = server.request("tools/call", {"name": "talkbar_read", "arguments": calls, "_meta": {"progressToken": 7}})
    assert [m["params"]["progress"] for m in until(server, legacy)[:-1]] == [1, 2, 3]


@pytest.mark.parametrize("era", ["modern", "handshake"])
def test_a_cancelled_call_runs_nothing_more_and_answers_as_its_era_says(mcp_demo, tmp_path, era):
    gate = tmp_path / "gate"
    s = RawServer(mcp_demo, env={"TALKBAR_TEST_OP_GATE": str(gate)}, verbose=True)

    def send(tool, args, token=None):
        meta = {"progressToken": token} if token else None
        if era == "modern":
            return call(s, tool, args, meta=meta)
        return s.request("tools/call", {"name": tool, "arguments": args, **({"_meta": meta} if meta else {})})
    try:
        if era == "handshake":
            s.initialize()
        running = send("talkbar_change", {"tool": "workspace.rename", "args": {"name": "first"}})
        s.wait_for("test.gate", op="workspace.rename")          # inside its write turn, held at the gate
        queued = send("talkbar_change", {"calls": [{"tool": "profile.update", "args": {"jobTitle": "Never"}},
                                                   {"tool": "workspace.rename", "args": {"name": "never"}}]}, "q")
        s.wait_for("op.start", op="profile.update")             # waiting for the write turn
        s.notify("notifications/cancelled", {"requestId": queued, "reason": "changed my mind"})
        if era == "handshake":
            assert s.answer(queued) == {"jsonrpc": "2.0", "id": queued, "error": {
                "code": -32603, "message": "Request cancelled by the client"}}
            gate.touch()
            assert s.tool_result(running)[1] is False
        else:
            s.wait_for("mcp.cancelled", id=queued)              # dropped: no message will follow for it
            gate.touch()
            lines = until(s, running) + until(s, modern(s, "server/discover"))
            assert all(m.get("id") != queued and m.get("params", {}).get("progressToken") != "q" for m in lines), lines
            assert tool_body(next(m for m in lines if m.get("id") == running))[1] is False
    finally:
        s.close()
    assert mcp_demo.ok("profile.get")["jobTitle"] != "Never"
    assert mcp_demo.ok("workspace.list")["workspaces"][0]["name"] == "first"


# ---------------------------------------------------------------------- to the letter of the schema
def test_every_modern_message_fits_the_revisions_schema(server, mcp_demo):
    """Each result, notification and error of a modern exchange, checked against the 2026-07-28 wire
    models of the official SDK (generated from the spec's schema.json)."""
    from mcp_types import _v2026_07_28 as v2026
    from mcp_types import methods as surface
    sent = {}

    def request(method, caps=None, **params):
        msg_id = modern(server, method, caps, **params)
        sent[msg_id] = method
        return msg_id
    request("subscriptions/listen", notifications={"toolsListChanged": True})
    for method in ("server/discover", "tools/list", "resources/list", "resources/templates/list"):
        request(method)
    seen = until(server, request("prompts/list"))          # all of them answered before the switch below
    assert mcp_demo.run("app", "access", "set", "workspace.stats", "off").code == 0
    request("tools/call", name="talkbar_read", meta={"progressToken": "t"},
            arguments={"calls": [{"tool": "workspace.list"}, {"tool": "plan.get"}]})
    request("tools/call", ASK, name="talkbar_delete", arguments={"tool": "notes.trash", "args": {"noteId": NOTE}})
    request("tools/call", name="talkbar_delete", arguments={"tool": "notes.trash", "args": {"noteId": NOTE}})
    server.request("tools/list", {"_meta": {V: "1900-01-01", CAPS: {}}}, msg_id="old")
    seen += until(server, request("server/discover"))
    server.proc.stdin.close()
    while (msg := server.lines.get(timeout=30)) is not None:
        seen.append(msg)
    kinds = set()
    for msg in seen:
        if "method" in msg:
            surface.SERVER_NOTIFICATIONS[(msg["method"], "2026-07-28")].model_validate(msg)
            kinds.add(msg["method"])
        elif msg.get("id") == "old":
            v2026.UnsupportedProtocolVersionError.model_validate(msg)
            kinds.add("-32022")
        else:
            surface.validate_server_result(sent[msg["id"]], "2026-07-28", msg["result"])
            kinds.add(msg["result"]["resultType"])
    assert kinds == {"notifications/subscriptions/acknowledged", "notifications/tools/list_changed",
                     "notifications/progress", "complete", "input_required", "-32022"}
