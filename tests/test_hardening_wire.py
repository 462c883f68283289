"""No line kills the MCP server (issue 17, groups 1 and 6), against the real `serve` over stdio.

Every reply is read as strict UTF-8 JSON (a lone surrogate written raw would not decode), and after
each hostile line the server still answers `ping` and a real tool call. The hypothesis run is
small by default; `--hypothesis-profile nightly` makes it big (tests/conftest.py).
"""

import json
import queue
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hostile
from mcp_raw import RawServer
from talkbar.manifest import load


# These tests are about what the operations do, not the process around them: tb and demo run
# their tools/app commands in this process (conftest.InProcessCLI).
pytestmark = pytest.mark.commands_in_process


OPS = sorted(load(), key=lambda o: o.id)


class StrictServer(RawServer):
    """A raw peer that refuses any output line that is not strict UTF-8 JSON."""

    def _pump(self, stream, q):
        for line in iter(stream.readline, b""):
            try:
                q.put(json.loads(line.decode("utf-8"), parse_constant=_refuse))
            except ValueError:
                q.put({"not strict JSON": line[:300].decode("utf-8", "backslashreplace")})
        q.put(None)

    def alive(self):
        """A ping, then a real call through the workers: both answered, nothing unreadable meanwhile."""
        ping = self.request("ping", msg_id="alive-ping")
        assert self.answer(ping, timeout=60) == {"jsonrpc": "2.0", "id": "alive-ping", "result": {}}
        body, is_error = self.tool_result(self.call("talkbar_read", {"tool": "workspace.list"}, "alive-call"), 120)
        assert not is_error and body["workspaces"], body
        bad = [m for m in self.seen if "not strict JSON" in m]
        assert not bad, bad
        assert not [line for line in self.stderr if "Traceback" in line or "internal error" in line], self.stderr

    def drop_seen(self):
        self.seen.clear()
        while True:
            try:
                msg = self.lines.get_nowait()
            except queue.Empty:
                return
            assert msg is None or "not strict JSON" not in msg, msg


def _refuse(name):
    raise ValueError(name)


@pytest.fixture
def server(demo):
    demo.run("app", "access", "mcp", "on")
    s = StrictServer(demo)
    s.initialize()
    yield s
    s.close()


def test_a_nesting_bomb_is_a_parse_error_and_the_server_goes_on(server):
    server.send_line("[" * 1100 + "]" * 1100)
    reply = server.read()
    assert reply["id"] is None and reply["error"]["code"] == -32700
    assert reply["error"]["message"] == "Parse error: nesting deeper than 64 levels"
    deep_params = '{"jsonrpc":"2.0","id":7,"method":"ping","params":' + '{"a":' * 70 + "1" + "}" * 70 + "}"
    server.send_line(deep_params)   # json.loads reads it; TalkBar does not go 70 levels down
    assert server.read()["error"]["code"] == -32700
    server.alive()


def test_a_lone_surrogate_in_an_id_or_a_method_is_answered_by_json_rpc_rules(server):
    server.send_line(r'{"jsonrpc":"2.0","id":"\ud800","method":"ping"}')
    reply = server.read()
    assert reply["id"] is None and reply["error"]["code"] == -32600
    server.send_line(r'{"jsonrpc":"2.0","id":5,"method":"\ud800"}')
    reply = server.read()
    assert reply["id"] == 5 and reply["error"]["code"] == -32601
    assert "\\ud800" in reply["error"]["message"]
    server.send_line(r'{"jsonrpc":"2.0","method":"notifications/\udfff"}')
    server.send_line(r'{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"\ud800x"}}')
    reply = server.read()
    assert reply["id"] == 6 and reply["error"]["code"] == -32602 and "\\ud800x" in reply["error"]["message"]
    server.alive()


def test_a_lone_surrogate_in_tool_arguments_is_invalid_arguments_not_failed(server):
    server.send_line(r'{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"talkbar_read",'
                     r'"arguments":{"tool":"notes.get","args":{"noteId":"\ud800"}}}}')
    body, is_error = server.tool_result(8)
    assert is_error and body["error"]["code"] == "invalid_arguments"
    assert body["error"]["message"].startswith("noteId must be Unicode text")
    server.send_line(r'{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"talkbar_read",'
                     r'"arguments":{"tool":"notes.get","args":{"noteId":"n","\udc00":1}}}}')
    body, is_error = server.tool_result(9)
    assert is_error and body["error"]["code"] == "invalid_arguments" and "`\\udc00`" in body["error"]["message"]
    server.send_line(r'{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"talkbar_tools",'
                     r'"arguments":{"tool":"\ud800"}}}')
    body, is_error = server.tool_result(10)
    assert is_error and body["error"]["code"] == "not_found" and "\\ud800" in body["error"]["message"]
    server.alive()


@pytest.mark.parametrize("tool", ["talkbar_read", "talkbar_change", "talkbar_delete"])
def test_a_batch_entry_naming_a_list_or_an_object_is_refused_as_unreadable(server, tool):
    body, is_error = server.tool_result(server.call(tool, {"calls": [{"tool": [1]}, {"tool": {"a": 1}}]}))
    assert not is_error and [r["error"]["code"] for r in body["results"]] == ["invalid_arguments"] * 2
    server.alive()


def test_numbers_json_does_not_have_are_parse_errors(server):
    for line in ('{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":NaN}}',
                 '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":1e400}}',
                 '{"jsonrpc":"2.0","id":' + "9" * 5000 + ',"method":"ping"}'):
        server.send_line(line)
        reply = server.read()
        assert reply["id"] is None and reply["error"]["code"] == -32700, reply
    server.alive()


def test_a_cancel_naming_a_list_or_an_object_is_ignored_silently(server):
    for request_id in ([1], {"a": 1}, None, 1.5):
        server.notify("notifications/cancelled", {"requestId": request_id})
    server.notify("notifications/cancelled", [1])
    assert server.silent()
    server.alive()
    assert not [line for line in server.stderr if "TypeError" in line], server.stderr


def test_hostile_wire_lines_never_kill_the_server(demo):
    """Hypothesis picks the seed of tests/hostile.py's line generator (the one the big run of
    scripts/fuzz_hostile.py uses), 10 lines an example; the server answers after each."""
    demo.run("app", "access", "mcp", "on")
    server = StrictServer(demo)
    server.initialize()
    doc_ids = {"*": ["76f01003-3e00-4c5d-bf07-3400ab8aae3a"]}
    try:
        @given(seed=st.integers(0, 2**64))
        def run(seed):
            rng = random.Random(seed)
            for _ in range(10):
                server.send_line(hostile.wire_line(rng, OPS, doc_ids))
            server.alive()
            server.drop_seen()
        run()
    finally:
        server.close()
