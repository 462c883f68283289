"""The wire exactly as the spec's "Wire format", against the real server over stdio."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcp_raw import RawServer


# These tests are about what the operations do, not the process around them: tb and demo run
# their tools/app commands in this process (conftest.InProcessCLI).
pytestmark = pytest.mark.commands_in_process


@pytest.fixture
def server(tb):
    tb.run("app", "access", "mcp", "on")
    s = RawServer(tb)
    yield s
    s.close()


def test_requests_before_initialize_get_send_initialize_first(server):
    server.notify("notifications/initialized")
    server.request("ping", msg_id=0)
    assert server.read() == {"jsonrpc": "2.0", "id": 0, "error": {"code": -32601, "message": "Send initialize first"}}
    server.request("server/discover", msg_id="probe")
    assert server.read()["error"]["code"] == -32601
    server.request("tools/list", msg_id=2)
    assert server.read() == {"jsonrpc": "2.0", "id": 2, "error": {"code": -32601, "message": "Send initialize first"}}


def test_initialize_answers_name_title_instructions_and_capabilities(server):
    reply = server.initialize("2025-06-18")
    res = reply["result"]
    assert res["protocolVersion"] == "2025-06-18"
    assert res["serverInfo"]["name"] == "talkbar" and res["serverInfo"]["title"] == "TalkBar"
    assert res["capabilities"]["tools"] == {"listChanged": True}
    assert res["instructions"].startswith("TalkBar holds the user's meetings:")
    assert res["instructions"].endswith("item changes start off.")


@pytest.mark.parametrize("asked,agreed", [("2024-11-05", "2024-11-05"), ("2025-03-26", "2025-03-26"),
                                          ("2025-06-18", "2025-06-18"), ("2025-11-25", "2025-11-25"),
                                          ("2099-01-01", "2025-11-25"), ("1999-01-01", "2025-11-25")])
def test_protocol_version_negotiation(tb, asked, agreed):
    s = RawServer(tb)
    try:
        assert s.initialize(asked)["result"]["protocolVersion"] == agreed
    finally:
        s.close()


def test_second_initialize_is_refused(server):
    server.initialize()
    msg_id = server.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {}})
    assert server.answer(msg_id)["error"]["code"] == -32600


def test_malformed_input(server):
    server.initialize()
    server.send_line("this is not json")
    reply = server.read()
    assert reply["id"] is None and reply["error"]["code"] == -32700
    server.send_line("[]")
    reply = server.read()
    assert reply["id"] is None and reply["error"]["code"] == -32600
    server.send_line('[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"}]')
    reply = server.read()
    assert reply["id"] is None and reply["error"]["code"] == -32600
    assert server.silent(), "a JSON array gets exactly one reply"
    for line, expect_id in (('"a string"', None), ("42", None), ('{"id": 5, "method": "ping"}', 5),
                            ('{"jsonrpc": "1.0", "id": 6, "method": "ping"}', 6),
                            ('{"jsonrpc": "2.0", "id": 1.5, "method": "ping"}', None),
                            ('{"jsonrpc": "2.0", "id": [1], "method": "ping"}', None),
                            ('{"jsonrpc": "2.0", "id": true, "method": "ping"}', None)):
        server.send_line(line)
        reply = server.read()
        assert reply["error"]["code"] == -32600, line
        assert reply["id"] == expect_id, line


def test_parse_error_has_null_id(server):
    server.send_line("{broken")
    reply = server.read()
    assert reply["id"] is None and reply["error"]["code"] == -32700


def test_tools_call_param_errors(server):
    server.initialize()
    for params in ({}, {"name": 5}, {"name": "talkbar_read", "arguments": [1]}, {"name": "talkbar_read", "arguments": "x"},
                   {"name": "talkbar_nope", "arguments": {}}, {"name": "notes.get"}):
        msg_id = server.request("tools/call", params)
        reply = server.answer(msg_id)
        assert reply["error"]["code"] == -32602, params
    msg_id = server.request("tools/call", {"name": "talkbar_read", "arguments": {"tool": "workspace.list"}})
    assert "result" in server.answer(msg_id)


def test_ping_resources_prompts_and_unknown_methods(server):
    server.initialize()
    assert server.answer(server.request("ping"))["result"] == {}
    assert server.answer(server.request("resources/list"))["result"] == {"resources": []}
    assert server.answer(server.request("resources/templates/list"))["result"] == {"resourceTemplates": []}
    assert server.answer(server.request("prompts/list"))["result"] == {"prompts": []}
    assert server.answer(server.request("sampling/whatever"))["error"]["code"] == -32601


def test_id_zero_and_string_ids_are_answered(server):
    server.initialize()
    server.request("ping", msg_id=0)
    assert server.read() == {"jsonrpc": "2.0", "id": 0, "result": {}}
    server.request("ping", msg_id="abc")
    assert server.read() == {"jsonrpc": "2.0", "id": "abc", "result": {}}


def test_a_line_over_8_mb_is_refused_and_the_server_lives(server):
    server.initialize()
    big = json.dumps({"jsonrpc": "2.0", "id": 9, "method": "ping", "params": {"pad": "x" * (8 * 1024 * 1024 + 10)}})
    server.send_line(big)
    reply = server.read(timeout=30)
    assert reply["id"] is None and reply["error"]["code"] == -32600 and "8 MB" in reply["error"]["message"]
    assert server.answer(server.request("ping"))["result"] == {}


def test_a_line_just_under_8_mb_is_read(server):
    server.initialize()
    pad = "y" * (8 * 1024 * 1024 - 200)
    msg_id = server.call("talkbar_read", {"tool": "workspace.list", "args": {"pad": pad}})
    payload, is_error = server.tool_result(msg_id, timeout=30)
    assert is_error and payload["error"]["code"] == "invalid_arguments"


def test_eof_ends_the_server_cleanly(tb):
    s = RawServer(tb)
    s.initialize()
    assert s.close() == 0


def test_successful_call_is_one_text_item_with_compact_json(server):
    server.initialize()
    reply = server.answer(server.call("talkbar_read", {"tool": "workspace.list"}))
    content = reply["result"]["content"]
    assert len(content) == 1 and content[0]["type"] == "text"
    assert reply["result"]["isError"] is False
    assert ": " not in content[0]["text"] and ", " not in content[0]["text"]


def test_args_is_declared_an_object_yet_null_or_missing_args_are_taken(server):
    """The Inspector CLI JSON-parses `--tool-arg args={…}` only for a property of type "object"; the
    spec still lets a client leave args out or send null, alone or in a batch."""
    server.initialize()
    tools = server.answer(server.request("tools/list"))["result"]["tools"]
    runners = [t["inputSchema"] for t in tools if t["name"] in ("talkbar_read", "talkbar_change", "talkbar_delete")]
    assert runners and all(s["properties"]["args"]["type"] == "object" for s in runners)
    assert all(s["properties"]["calls"]["items"]["properties"]["args"]["type"] == "object" for s in runners)
    answers = [server.tool_result(server.call("talkbar_read", arguments)) for arguments in (
        {"tool": "workspace.list", "args": None}, {"tool": "workspace.list"}, {"tool": "workspace.list", "args": {}},
        {"calls": [{"tool": "workspace.list", "args": None}, {"tool": "workspace.list"}]})]
    (null, e1), (missing, e2), (empty, e3), (batch, e4) = answers
    assert not (e1 or e2 or e3 or e4)
    assert null == missing == empty and null["workspaces"]
    assert batch == {"results": [{"tool": "workspace.list", "ok": True, "result": null}] * 2}
    body, is_error = server.tool_result(server.call("talkbar_read", {"tool": "workspace.list", "args": [1]}))
    assert is_error and body["error"]["code"] == "invalid_arguments"


# ---------------------------------------------------------------------- fuzz: any line, the server lives
def _json_values():
    scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=20))
    return st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                         st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                        max_leaves=12)


def _messages():
    methods = st.sampled_from(["ping", "tools/list", "tools/call", "initialize", "resources/list", "nope",
                               "notifications/cancelled", "notifications/initialized"])
    tools = st.sampled_from(["talkbar_read", "talkbar_change", "talkbar_delete", "talkbar_tools", "talkbar_find", "x"])
    call_args = st.fixed_dictionaries({"name": tools}, optional={"arguments": _json_values()})
    msg = st.fixed_dictionaries({"jsonrpc": st.sampled_from(["2.0", "2.0", "1.0"]), "method": methods},
                                optional={"id": st.one_of(st.integers(-5, 10**6), st.text(max_size=6), st.none()),
                                          "params": st.one_of(call_args, _json_values())})
    return st.one_of(msg.map(json.dumps), _json_values().map(json.dumps), st.text(max_size=40))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(_messages(), min_size=1, max_size=8))
def test_random_lines_never_kill_the_server(fuzz_server, lines):
    for line in lines:
        if "\n" in line:
            line = line.replace("\n", " ")
        fuzz_server.send_line(line)
    # the server is still alive and answers in order after whatever came before
    marker = fuzz_server.request("ping", msg_id="alive-after-fuzz")
    reply = fuzz_server.answer(marker, timeout=20)
    assert reply == {"jsonrpc": "2.0", "id": "alive-after-fuzz", "result": {}}
    assert fuzz_server.proc.poll() is None


@pytest.fixture(scope="module")
def fuzz_server(tmp_path_factory):
    from conftest import TB
    t = TB(tmp_path_factory.mktemp("fuzz"))
    t.run("app", "access", "mcp", "on")
    s = RawServer(t)
    s.initialize()
    yield s
    assert s.close() == 0


def test_a_damaged_database_is_said_in_our_words_and_the_server_lives(tb):
    """tools/list needs MCP Access from the file: with the file cut short, the answer is a JSON-RPC
    error saying so (not "Internal error", nor DuckDB's own words), tool calls say the same as a
    failed result, and the server goes on answering."""
    tb.run("app", "access", "mcp", "on")
    data = tb.db.read_bytes()
    tb.db.write_bytes(data[:len(data) // 3])
    before = tb.db.read_bytes()
    said = (f"{tb.db} could not be read: the database file is damaged or incomplete. "
            "Restore it from a backup; TalkBar has not changed it.")
    s = RawServer(tb)
    try:
        s.initialize()
        msg_id = s.request("tools/list")
        assert s.answer(msg_id)["error"] == {"code": -32603, "message": said}
        msg_id = s.request("tools/call", {"name": "talkbar_read", "arguments": {"tool": "workspace.list"}})
        result = s.answer(msg_id)["result"]
        assert result["isError"] is True
        assert json.loads(result["content"][0]["text"]) == {"error": {"code": "failed", "message": said}}
        s.request("ping", msg_id=7)
        assert s.answer(7) == {"jsonrpc": "2.0", "id": 7, "result": {}}
    finally:
        s.close()
    assert tb.db.read_bytes() == before
