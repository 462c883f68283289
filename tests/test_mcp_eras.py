"""One scenario, two eras: the official SDK client in `auto` mode (it probes server/discover and
lands on 2026-07-28) and pinned to the handshake era (`legacy`: initialize, 2025-11-25), each
against a real `talkbar-cli serve`. Listing, finding, paged reading, a change with its toggle off
then on, a list change delivered (list_changed in the session; subscriptions/listen in the modern
era), the administrator's policy, progress of long calls, and deletes accepted, declined and
refused without elicitation must come out the same. The MCP Inspector CLI, when installed, lists
and calls the tools in both eras too."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import anyio
import pytest
from mcp import StdioServerParameters, types
from mcp.client.client import Client

import inspector
from conftest import REPO
from test_exports_notion import S2


# These tests are about what the operations do, not the process around them: tb and demo run
# their tools/app commands in this process (conftest.InProcessCLI).
pytestmark = pytest.mark.commands_in_process


ERAS = {"auto": "2026-07-28", "legacy": "2025-11-25"}
FIVE = ["talkbar_find", "talkbar_read", "talkbar_change", "talkbar_delete", "talkbar_tools"]
PRICING = "c9db1374-73be-403e-adc6-cc1f3f08f3d9"
NOTE = "note-5naz4vbkcw6zp1rzrtiy7xnk"   # "Acme pricing review — my notes"
DECLINED = {"error": {"code": "declined", "message": "The user did not confirm, so nothing ran"}}


def _payload(result):
    assert len(result.content) == 1 and result.content[0].type == "text"
    return json.loads(result.content[0].text), bool(result.is_error)


class Asker:
    """The person behind the client's confirmation dialog."""

    def __init__(self):
        self.answer = "accept"
        self.asked = []

    async def __call__(self, context, params):
        self.asked.append(params)
        return types.ElicitResult(action=self.answer)


class Heard:
    """Notifications outside any request: list_changed in the handshake era."""

    def __init__(self):
        self.list_changed = anyio.Event()

    async def __call__(self, message):
        if getattr(getattr(message, "root", message), "method", None) == "notifications/tools/list_changed":
            self.list_changed.set()


def _client(tb, mode, **kw):
    params = StdioServerParameters(command=sys.executable, args=["-m", "talkbar", "serve"], env=tb.env(),
                                   cwd=str(REPO))
    return Client(params, mode=mode, **kw)


@pytest.fixture
def root(demo, tmp_path):
    for argv in (("mcp", "on"), ("set", "notes.trash", "on")):
        assert demo.run("app", "access", *argv).code == 0
    demo.ok("exports.destination.save", {"destinationId": "dest-md", "name": "Files", "format": "markdown",
                                         "location": str(tmp_path / "out"), "enabled": True, "layout": "project"})
    demo.batch_id = demo.ok("exports.enqueue", {"sessionIds": [S2], "destinationIds": ["dest-md"]})["batchId"]
    return demo


def _access(tb, *argv):
    r = tb.run("app", "access", *argv)
    assert r.code == 0, r


async def _scenario(tb, mode):
    out, asker, heard = {}, Asker(), Heard()
    async with _client(tb, mode, elicitation_callback=asker, message_handler=heard) as c:
        call = c.call_tool
        out["version"] = c.protocol_version
        out["tools"] = [t.name for t in (await c.list_tools()).tools]
        out["find"] = _payload(await call("talkbar_find", {"query": "pricing Acme", "kinds": ["session"]}))
        page = _payload(await call("talkbar_read", {"tool": "sessions.transcript",
                                                    "args": {"sessionId": PRICING, "maxChars": 1000}}))
        out["pages"] = [page, _payload(await call("talkbar_read", {"tool": "sessions.transcript", "args": {
            "sessionId": PRICING, "maxChars": 1000, "turnOffset": page[0]["nextTurnOffset"]}}))]

        create = {"tool": "notes.create", "args": {"title": f"Via {mode}", "markdown": "- one"}}
        out["change_off"] = _payload(await call("talkbar_change", create))
        await anyio.to_thread.run_sync(_access, tb, "set", "notes.create", "on")
        out["change_on"] = _payload(await call("talkbar_change", create))

        before = {t.name: t.description for t in (await c.list_tools()).tools}["talkbar_read"]
        out["list_change"] = await _list_change(c, tb, mode, heard)
        after = {t.name: t.description for t in (await c.list_tools()).tools}["talkbar_read"]
        out["descriptions"] = (before, after)

        policy = Path(tb.env()["TALKBAR_POLICY_FILE"])
        policy.write_text(json.dumps({"blockedGroups": ["metadata"]}))
        out["blocked"] = _payload(await call("talkbar_read", {"tool": "workspace.list"}))
        policy.unlink()
        out["unblocked"] = _payload(await call("talkbar_read", {"tool": "workspace.list"}))

        out["progress"] = await _progress(c, tb)

        note = out["change_on"][0]["noteId"]
        out["accepted"] = _payload(await call("talkbar_delete", {"tool": "notes.trash", "args": {"noteId": note}}))
        for answer in ("decline", "cancel"):
            asker.answer = answer
            out[answer] = _payload(await call("talkbar_delete", {"tool": "notes.trash", "args": {"noteId": NOTE}}))
        out["trash"] = _payload(await call("talkbar_read", {"tool": "notes.trash.list", "args": {"limit": 200}}))
    async with _client(tb, mode) as c:
        out["mute_version"] = c.protocol_version
        out["mute"] = _payload(await c.call_tool("talkbar_delete", {"tool": "notes.trash", "args": {"noteId": NOTE}}))
    out["asked"] = asker.asked
    return out


async def _list_change(c, tb, mode, heard):
    """Switch a read off; the next call makes the server tell the client, each era its own way."""
    call = {"tool": "workspace.list"}
    with anyio.fail_after(60):  # a guard against a hang, not a timing assertion
        if mode == "legacy":
            await anyio.to_thread.run_sync(_access, tb, "set", "workspace.stats", "off")
            await c.call_tool("talkbar_read", call)
            await heard.list_changed.wait()
            return "notifications/tools/list_changed"
        async with c.listen(tools_list_changed=True) as sub:
            honored = sub.honored.tools_list_changed
            await anyio.to_thread.run_sync(_access, tb, "set", "workspace.stats", "off")
            await c.call_tool("talkbar_read", call)
            event = await sub.__anext__()
        return f"{type(event).__name__} on a stream honoring toolsListChanged={honored}"


async def _progress(c, tb):
    heard = {"batch": [], "export": []}

    def hear(key):
        async def cb(progress, total, message):
            heard[key].append((progress, total, message))
        return cb
    reads = {"calls": [{"tool": "workspace.list"}, {"tool": "plan.get"}, {"tool": "profile.get"}]}
    await c.call_tool("talkbar_read", reads, progress_callback=hear("batch"))
    exported = _payload(await c.call_tool("talkbar_change", {"tool": "exports.run", "args": {"batchId": tb.batch_id}},
                                          progress_callback=hear("export")))
    return heard, exported


@pytest.mark.parametrize("mode", ["auto", "legacy"])
def test_the_same_scenario_in_both_eras(root, mode):
    out = anyio.run(_scenario, root, mode)
    assert out["version"] == ERAS[mode] and out["mute_version"] == ERAS[mode]
    assert out["tools"] == FIVE
    body, err = out["find"]
    assert not err and body["matches"][0]["id"] == PRICING
    (first, e1), (second, e2) = out["pages"]
    assert not e1 and not e2 and first["truncated"] and second["turnOffset"] == first["nextTurnOffset"] > 0
    assert first["transcript"] != second["transcript"]
    body, err = out["change_off"]
    assert err and body["error"]["code"] == "turned_off" and "notes.create is turned off" in body["error"]["message"]
    body, err = out["change_on"]
    assert not err and body["title"] == f"Via {mode}"

    expected = "ToolsListChanged on a stream honoring toolsListChanged=True" if mode == "auto" \
        else "notifications/tools/list_changed"
    assert out["list_change"] == expected
    before, after = out["descriptions"]
    assert "stats" in before.split("workspace.", 1)[1].split(";")[0] and before != after, "the list was fetched again"
    assert "stats" not in after.split("workspace.", 1)[1].split(";")[0]

    body, err = out["blocked"]
    assert err and body["error"]["code"] == "failed" and "organization" in body["error"]["message"]
    assert out["unblocked"][1] is False

    (heard, (exported, e_err)) = out["progress"]
    assert [(p, t) for p, t, _ in heard["batch"]] == [(1, 3), (2, 3), (3, 3)]
    assert [m for _, _, m in heard["batch"]] == ["1 of 3: workspace.list done", "2 of 3: plan.get done",
                                                 "3 of 3: profile.get done"]
    assert not e_err and [d["status"] for d in exported["deliveries"]] == ["exported"]
    assert [(p, t) for p, t, _ in heard["export"]] == [(1, 3), (2, 3), (3, 3)]
    assert heard["export"][0][2] == f"Exporting session {S2} to Files"

    body, err = out["accepted"]
    assert not err and body["trashed"] is True
    assert out["decline"] == (DECLINED, True) and out["cancel"] == (DECLINED, True)
    trashed = {n["noteId"] for n in out["trash"][0]["notes"]}
    assert body["noteId"] in trashed and NOTE not in trashed
    assert len(out["asked"]) == 3
    asked = out["asked"][0]
    assert asked.message == (f'An assistant wants TalkBar to run:\n- notes.trash {{"noteId":"{body["noteId"]}"}}\n'
                             "Confirm to run it, or decline to run nothing.")
    assert asked.requested_schema == {"type": "object", "properties": {}} and asked.mode == "form"
    body, err = out["mute"]
    assert err and body["error"]["code"] == "confirmation_unavailable"


# ---------------------------------------------------------------------- the MCP Inspector CLI
@pytest.mark.skipif(inspector.found() is None, reason=inspector.MISSING)
@pytest.mark.skipif(inspector.major() is not None and inspector.major() < 2, reason="the Inspector's eras (--protocol-era) came with its 2.x")
@pytest.mark.parametrize("era,version", [("legacy", "2025-11-25"), ("auto", "2026-07-28"), ("modern", "2026-07-28")])
def test_the_inspector_cli_lists_and_calls_the_tools(root, era, version):
    env_flags = inspector.env_flags(root.env())

    def inspect(*method):
        r = subprocess.run([inspector.found(), "--cli", *env_flags, "--protocol-era", era, "--format", "json", "-q",
                            sys.executable, "-m", "talkbar", "serve", *method],
                           capture_output=True, text=True, timeout=120, cwd=str(REPO))
        assert r.returncode == 0, (r.stdout[-500:], r.stderr[-500:])
        return json.loads(r.stdout)
    assert inspect("--method", "initialize")["result"]["protocolVersion"] == version
    assert [t["name"] for t in inspect("--method", "tools/list")["result"]["tools"]] == FIVE
    called = inspect("--method", "tools/call", "--tool-name", "talkbar_read", "--tool-arg", "tool=workspace.list")
    assert called["result"]["isError"] is False
    assert json.loads(called["result"]["content"][0]["text"])["workspaces"][0]["name"] == "Brightline Advisory"
