"""The five tools through the official MCP SDK client: listing, annotations, routing, talkbar_tools,
MCP Access and the administrator's policy, list_changed, the audit log."""

import json

import pytest

from mcp_sdk import payload, run, session


# These tests are about what the operations do, not the process around them: tb and demo run
# their tools/app commands in this process (conftest.InProcessCLI).
pytestmark = pytest.mark.commands_in_process


ANNOTATIONS = {
    "talkbar_find": (True, False, True, False),
    "talkbar_read": (True, False, True, False),
    "talkbar_change": (False, False, False, False),
    "talkbar_delete": (False, True, False, False),
    "talkbar_tools": (True, False, True, False),
}
OFF_MASTER = "TalkBar's MCP access is turned off. Ask the user to turn it on in TalkBar Settings > MCP Access."


def _access(tb, *argv):
    r = tb.run("app", "access", *argv)
    assert r.code == 0, r


def _policy(tb, tmp_path, data):
    path = tmp_path / "policy.json"
    path.write_text(json.dumps(data))
    tb.env_extra["TALKBAR_POLICY_FILE"] = str(path)


def _listed(tb):
    async def go():
        async with session(tb) as s:
            return (await s.list_tools()).tools
    return run(go)


def test_mcp_off_lists_nothing_and_every_call_is_turned_off(tb):
    assert _listed(tb) == []

    async def go():
        async with session(tb) as s:
            return [payload(await s.call_tool(t, a)) for t, a in (
                ("talkbar_read", {"tool": "workspace.list"}), ("talkbar_tools", {}),
                ("talkbar_change", {"tool": "workspace.rename", "args": {"name": "x"}}))]
    for body, is_error in run(go):
        assert is_error and body == {"error": {"code": "turned_off", "message": OFF_MASTER}}


def test_tools_listed_by_settings_with_exact_annotations(tb):
    _access(tb, "mcp", "on")
    _access(tb, "all", "off")
    assert _listed(tb) == []
    _access(tb, "set", "workspace.list", "on")
    tools = _listed(tb)
    assert [t.name for t in tools] == ["talkbar_read", "talkbar_tools"]
    _access(tb, "set", "workspace.rename", "on")
    tools = _listed(tb)
    assert [t.name for t in tools] == ["talkbar_read", "talkbar_change", "talkbar_tools"]
    for t in tools:
        a = t.annotations
        assert (a.read_only_hint, a.destructive_hint, a.idempotent_hint, a.open_world_hint) == ANNOTATIONS[t.name]
        assert t.input_schema["type"] == "object" and t.input_schema["additionalProperties"] is False
    _access(tb, "set", "workspace.list", "off")
    assert [t.name for t in _listed(tb)] == ["talkbar_change", "talkbar_tools"]


def test_blocked_groups_vanish_from_list_descriptions_and_index(tb, tmp_path):
    _access(tb, "mcp", "on")
    _access(tb, "all", "on")
    _policy(tb, tmp_path, {"blockedGroups": ["metadata", "contentChanges"]})

    async def go():
        async with session(tb) as s:
            tools = {t.name: t for t in (await s.list_tools()).tools}
            index = payload(await s.call_tool("talkbar_tools", {}))
            blocked = payload(await s.call_tool("talkbar_read", {"tool": "workspace.list"}))
            described = payload(await s.call_tool("talkbar_tools", {"tool": "workspace.stats"}))
            return tools, index, blocked, described
    tools, (index, _), (blocked, b_err), (described, d_err) = run(go)
    read_desc = tools["talkbar_read"].description
    assert "workspace.list" not in read_desc and "plan.get" not in read_desc and "profile.get" in read_desc
    flat = json.dumps(index)
    assert "workspace.list" not in flat and "workspace.rename" not in flat and "profile.get" in flat
    assert b_err and blocked["error"]["code"] == "failed" and "organization" in blocked["error"]["message"]
    assert d_err and described["error"]["code"] == "failed"


def test_mcp_server_disabled_by_policy_refuses_to_start(tb, tmp_path):
    _policy(tb, tmp_path, {"mcpServerDisabled": True})
    r = tb.run("serve", "--transport", "stdio", input="")
    assert r.code == 1
    assert "organization has turned off the TalkBar MCP server" in r.stderr
    assert tb.run("tools", "call", "workspace.list").code == 0, "the rest of the CLI still works"


def test_read_description_lists_reads_with_required_args_compactly(tb):
    _access(tb, "mcp", "on")
    desc = {t.name: t.description for t in _listed(tb)}["talkbar_read"]
    assert "workspace.list|stats" in desc
    assert "profile.get" in desc and "plan.get" in desc


def test_talkbar_tools_index_and_one_operation(tb):
    _access(tb, "mcp", "on")
    _access(tb, "set", "workspace.stats", "off")

    async def go():
        async with session(tb) as s:
            out = [payload(await s.call_tool("talkbar_tools", a)) for a in (
                {}, {"tool": "profile.update"}, {"tool": "workspace.lst"}, {"tool": "workspace.stats"},
                {"tool": "x", "extra": 1})]
            return out
    (index, e0), (one, e1), (unknown, e2), (off, e3), (extra, e4) = run(go)
    assert not e0
    assert index["talkbar_read"]["workspace.list"].startswith("List your workspaces")
    assert "workspace.stats" not in index["talkbar_read"]
    assert index["off"].startswith("Turned off; the user can turn them on in TalkBar Settings > MCP Access: ")
    assert "workspace.stats|rename" in index["off"] and "profile.update" in index["off"]
    assert e1 and one["error"]["code"] == "turned_off"
    assert e2 and unknown["error"]["code"] == "not_found" and "Did you mean workspace.list?" in unknown["error"]["message"]
    assert e3 and off == {"error": {"code": "turned_off", "message": "workspace.stats is turned off in TalkBar. "
                                    "Ask the user to turn it on in TalkBar Settings > MCP Access."}}
    assert e4 and extra["error"]["code"] == "invalid_arguments" and "`extra`" in extra["error"]["message"]
    _access(tb, "set", "profile.update", "on")

    async def described():
        async with session(tb) as s:
            return payload(await s.call_tool("talkbar_tools", {"tool": "profile.update"}))
    body, is_error = run(described)
    assert not is_error
    assert body["tool"] == "profile.update" and body["kind"] == "change" and body["runWith"] == "talkbar_change"
    assert body["args"]["additionalProperties"] is False and "email" in body["args"]["properties"]


def test_a_batch_through_each_runner_and_routing_rules(tb):
    _access(tb, "mcp", "on")
    _access(tb, "set", "workspace.rename", "profile.update", "on")

    async def go():
        async with session(tb) as s:
            c = s.call_tool
            return {
                "read_batch": payload(await c("talkbar_read", {"calls": [{"tool": "workspace.list"}, {"tool": "nope"},
                                                                        {"tool": "plan.get"}], "stopOnError": False})),
                "read_stop": payload(await c("talkbar_read", {"calls": [{"tool": "nope"}, {"tool": "plan.get"}],
                                                              "stopOnError": True})),
                "change_batch": payload(await c("talkbar_change", {"calls": [
                    {"tool": "workspace.rename", "args": {"name": "Via MCP"}},
                    {"tool": "profile.update", "args": {"jobTitle": "CTO"}}]})),
                "read_refuses_write": payload(await c("talkbar_read", {"calls": [
                    {"tool": "workspace.list"}, {"tool": "workspace.rename", "args": {"name": "no"}}]})),
                "change_refuses_read": payload(await c("talkbar_change", {"calls": [
                    {"tool": "workspace.rename", "args": {"name": "no"}}, {"tool": "workspace.list"}]})),
                "both": payload(await c("talkbar_read", {"tool": "workspace.list", "calls": [{"tool": "plan.get"}]})),
                "neither": payload(await c("talkbar_read", {})),
                "unknown_key": payload(await c("talkbar_read", {"tool": "workspace.list", "limit": 3})),
                "stop_not_bool": payload(await c("talkbar_read", {"calls": [{"tool": "plan.get"}], "stopOnError": "yes"})),
                "too_many": payload(await c("talkbar_read", {"calls": [{"tool": "plan.get"}] * 21})),
                "none": payload(await c("talkbar_read", {"calls": []})),
                "unreadable": payload(await c("talkbar_read", {"calls": [{"args": {}}, {"tool": "plan.get", "args": 3}]})),
                "after": payload(await c("talkbar_read", {"tool": "workspace.list"})),
            }
    out = run(go)
    body, err = out["read_batch"]
    assert not err and [e["ok"] for e in body["results"]] == [True, False, True]
    assert body["results"][1]["error"]["code"] == "not_found"
    body, err = out["read_stop"]
    assert len(body["results"]) == 1
    body, err = out["change_batch"]
    assert not err and [e["result"].get("name") or e["result"].get("jobTitle") for e in body["results"]] == ["Via MCP", "CTO"]
    body, err = out["read_refuses_write"]
    assert err and body["error"]["code"] == "invalid_arguments" and "talkbar_change" in body["error"]["message"]
    body, err = out["change_refuses_read"]
    assert err and "Nothing in this call ran" in body["error"]["message"] and "talkbar_read" in body["error"]["message"]
    for key in ("both", "neither", "unknown_key", "stop_not_bool", "too_many", "none"):
        body, err = out[key]
        assert err and body["error"]["code"] == "invalid_arguments", key
    assert "`limit`" in out["unknown_key"][0]["error"]["message"]
    body, err = out["unreadable"]
    assert not err and all("tool" not in e and e["ok"] is False for e in body["results"])
    assert out["after"][0]["workspaces"][0]["name"] == "Via MCP", "the refused batches ran nothing"


def test_switches_apply_from_the_next_call_and_list_changed_is_announced(tb):
    _access(tb, "mcp", "on")
    _access(tb, "set", "workspace.rename", "on")

    async def go():
        async with session(tb) as s:
            first = payload(await s.call_tool("talkbar_read", {"tool": "workspace.stats"}))
            before = s.seen.list_changed
            _access(tb, "set", "profile.update", "on")  # another write: the five tools stay the same
            await s.call_tool("talkbar_read", {"tool": "workspace.list"})
            quiet = s.seen.list_changed
            _access(tb, "set", "workspace.stats", "off")  # a read switch changes talkbar_read's description
            second = payload(await s.call_tool("talkbar_read", {"tool": "workspace.stats"}))
            await s.send_ping()
            announced = s.seen.list_changed
            tools = [t.name for t in (await s.list_tools()).tools]
            await s.call_tool("talkbar_read", {"tool": "workspace.list"})
            await s.send_ping()
            return first, before, quiet, second, announced, tools, s.seen.list_changed
    first, before, quiet, second, announced, tools, final = run(go)
    assert not first[1]
    assert before == 0 and quiet == 0
    assert second[1] and second[0]["error"]["code"] == "turned_off"
    assert announced == 1
    assert final == 1, "announced only once per change"
    assert "talkbar_change" in tools


def test_audit_log_lines_on_stderr(tb, tmp_path):
    _access(tb, "mcp", "on")
    _access(tb, "audit", "on")
    log_path = tmp_path / "stderr.log"

    async def go():
        with open(log_path, "w") as log:
            async with session(tb, errlog=log) as s:
                await s.call_tool("talkbar_read", {"tool": "workspace.stats", "args": {"startedAfterMs": 1}})
                await s.call_tool("talkbar_read", {"tool": "nope"})
    run(go)
    lines = [json.loads(line.split("talkbar audit ", 1)[1]) for line in log_path.read_text().splitlines()
             if "talkbar audit " in line]
    assert [(l["audit"], l["tool"]) for l in lines] == [("call", "talkbar_read"), ("done", "talkbar_read"),
                                                        ("call", "talkbar_read")]
    assert lines[0]["operations"] == [{"operation": "workspace.stats", "args": {"startedAfterMs": 1}}]


def test_audit_log_is_off_by_default(tb, tmp_path):
    _access(tb, "mcp", "on")
    log_path = tmp_path / "stderr.log"

    async def go():
        with open(log_path, "w") as log:
            async with session(tb, errlog=log) as s:
                await s.call_tool("talkbar_read", {"tool": "workspace.list"})
    run(go)
    assert "talkbar audit" not in log_path.read_text()


@pytest.mark.parametrize("mode", ["auto", "legacy"])
def test_the_sdk_client_connects_in_any_mode(tb, mode):
    """A newer SDK client probes server/discover first and falls back to initialize."""
    from mcp.client.client import Client
    from mcp import StdioServerParameters
    import sys
    from conftest import REPO
    _access(tb, "mcp", "on")

    async def go():
        params = StdioServerParameters(command=sys.executable, args=["-m", "talkbar", "serve"],
                                       env=tb.env(), cwd=str(REPO))
        async with Client(params, mode=mode) as c:
            tools = await c.list_tools()
            return [t.name for t in tools.tools]
    assert "talkbar_read" in run(go)


def test_access_is_read_once_per_lease_and_again_after_it(tb, monkeypatch):
    """MCP Access is read at the first call of a lease and kept while the file is held (only
    another process changes it, and only while this one does not hold it); the next lease reads
    it again and sees a switch made in between."""
    import io

    from conftest import talkbar_environment
    from talkbar import access
    from talkbar.db import Database
    from talkbar.mcp.server import Server

    _access(tb, "mcp", "on")
    reads = []
    real_load = access.load
    monkeypatch.setattr(access, "load", lambda cur, manifest: reads.append(1) or real_load(cur, manifest))

    def calls(db, n):
        """A server on `db` answering initialize and n calls (serve() lets go of the file as it ends)."""
        lines = [{"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}]
        lines += [{"jsonrpc": "2.0", "id": i + 1, "method": "tools/call", "params": {
            "name": "talkbar_read", "arguments": {"tool": "workspace.list"}}} for i in range(n)]
        out = io.BytesIO()
        Server(db, stdin=io.BytesIO("".join(json.dumps(x) + "\n" for x in lines).encode()), stdout=out).serve()
        return [json.loads(line)["result"] for line in out.getvalue().decode().splitlines()][1:]

    with talkbar_environment(tb.env()):
        db = Database(tb.db, create=False, idle_s=3600)
        first = calls(db, 5)
        assert len(first) == 5 and not any(r.get("isError") for r in first)
        assert len(reads) == 1, "one read for the initialize and five calls of one lease"
        _access(tb, "mcp", "off")    # `app access` (in this process here) reads it too, to show it
        reads.clear()
        second = calls(db, 2)
    assert len(reads) == 1, "a new lease reads MCP Access again"
    assert [json.loads(r["content"][0]["text"])["error"]["code"] for r in second if r["isError"]] == ["turned_off"] * 2
