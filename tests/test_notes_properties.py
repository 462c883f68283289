"""Properties of the projects/notes/action-items/chats operations, checked with hypothesis.

Many dependent calls (page after page, change after change) go through one long-lived MCP server
process (`talkbar-cli serve`, JSON-RPC over stdio) on a copy of the demo workspace, so that an
example costs milliseconds rather than a process start. Every operation is switched on in MCP
Access and deletes run without confirmation, as the user can set them."""

import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import REPO
from talkbar.manifest import manifest


# These tests are about what the operations do, not the process around them: tb and demo run
# their tools/app commands in this process (conftest.InProcessCLI).
pytestmark = pytest.mark.commands_in_process


NOW = 1893456000000
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
FINISHED = {"done", "answered", "superseded"}


class Server:
    """One `talkbar-cli serve` process; `call(op, args)` -> (ok, result or error)."""

    def __init__(self, tb, **env):
        for cmd in (("mcp", "on"), ("all", "on"), ("deletes-without-confirmation", "on")):
            assert tb.run("app", "access", *cmd).code == 0
        self.proc = subprocess.Popen([sys.executable, "-m", "talkbar", "serve"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                     env=tb.env(**env), cwd=str(REPO))
        self._id = 0
        self._request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                     "clientInfo": {"name": "tests", "version": "1"}})
        self._send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def _send(self, msg):
        self.proc.stdin.write(json.dumps(msg) + "\n")
        self.proc.stdin.flush()

    def _request(self, method, params):
        self._id += 1
        self._send({"jsonrpc": "2.0", "id": self._id, "method": method, "params": params})
        while True:
            msg = json.loads(self.proc.stdout.readline())
            if msg.get("id") == self._id:
                return msg["result"]

    def call(self, op, args=None):
        result = self._request("tools/call", {"name": manifest().get(op).tool,
                                              "arguments": {"tool": op, "args": args or {}}})
        payload = json.loads(result["content"][0]["text"])
        return (False, payload["error"]) if result.get("isError") else (True, payload)

    def ok(self, op, args=None):
        ok, out = self.call(op, args)
        assert ok, (op, args, out)
        return out

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


@pytest.fixture
def server(demo):
    s = Server(demo, TALKBAR_NOW_MS=NOW)
    yield s
    s.close()


def _all_pages(server, op, args, limit):
    items, cursor = [], None
    while True:
        page = server.ok(op, {**args, "limit": limit, **({"cursor": cursor} if cursor else {})})
        items += page["items"]
        assert len(page["items"]) <= limit
        cursor = page["nextCursor"]
        if page.get("hasMore") is not None:
            assert page["hasMore"] == (cursor is not None)
        if cursor is None:
            return items, page["totalCount"]


NOTE_FILTERS = st.sampled_from([{}, {"projectId": "project-z1lr8n4ujayyqpgujzps7wk3"},
                                {"topicId": "topic-vy3z2dj6jdc385k0"}, {"search": "acme"},
                                {"sessionId": "c9db1374-73be-403e-adc6-cc1f3f08f3d9"}])


def test_note_pages_cover_every_match_once_newest_change_first(server):
    @SETTINGS
    @given(limit=st.integers(1, 6), filters=NOTE_FILTERS)
    def check(limit, filters):
        whole = server.ok("notes.list", {**filters, "limit": 100})
        items, total = _all_pages(server, "notes.list", filters, limit)
        assert [n["noteId"] for n in items] == [n["noteId"] for n in whole["items"]]
        assert total == whole["totalCount"] == len(items)
        keys = [(n["updatedAt"], n["noteId"]) for n in items]
        assert keys == sorted(keys, reverse=True)
        assert all(("matchSnippet" in n) == ("search" in filters) for n in items)
    check()


def test_chat_pages_keep_pinned_first_then_latest_activity(server):
    @SETTINGS
    @given(limit=st.integers(1, 4), view=st.sampled_from(["active", "pinned", "trash"]))
    def check(limit, view):
        whole = server.ok("chats.list", {"view": view, "limit": 100})
        items, total = _all_pages(server, "chats.list", {"view": view}, limit)
        assert items == whole["items"] and total == len(items)
        keys = [(c["pinned"], c["lastMessageAtMs"] or c["createdAt"]) for c in items]
        assert keys == sorted(keys, reverse=True)
        assert all((c["trashedAtMs"] is not None) == (view == "trash") for c in items)
    check()


def test_project_pages_by_offset_cover_every_live_project_once(server):
    @SETTINGS
    @given(limit=st.integers(1, 8))
    def check(limit):
        seen, offset = [], 0
        while offset is not None:
            page = server.ok("projects.list", {"limit": limit, "offset": offset})
            seen += [p["projectId"] for p in page["items"]]
            offset = page["nextOffset"]
        assert len(seen) == len(set(seen)) == page["totalCount"] == 7
    check()


TYPES = ["task", "follow_up", "question", "decision", "bogus"]
STATUSES = ["open", "done", "answered", "active", "superseded", "closed"]


def test_action_item_filters_match_exactly_and_finished_items_come_last(server):
    everything = server.ok("action_items.list", {"limit": 200, "includeStopped": True})["items"]

    @SETTINGS
    @given(types=st.none() | st.lists(st.sampled_from(TYPES), max_size=3),
           statuses=st.none() | st.lists(st.sampled_from(STATUSES), max_size=3),
           general=st.booleans())
    def check(types, statuses, general):
        args = {"limit": 200, "includeStopped": True}
        if types is not None:
            args["itemTypes"] = types
        if statuses is not None:
            args["statuses"] = statuses
        if general:
            args["generalOnly"] = True
        got = server.ok("action_items.list", args)["items"]
        want = [i for i in everything
                if (types is None or i["itemType"] in types) and (statuses is None or i["status"] in statuses)
                and (not general or i["projectId"] is None)]
        assert sorted(i["itemId"] for i in got) == sorted(i["itemId"] for i in want)
        finished = [i["status"] in FINISHED for i in got]
        assert finished == sorted(finished), "finished items come after every unfinished one"
    check()


NOTE = "note-2120jlpa0h9plrss16ivxrm1"
CHANGES = st.sampled_from([
    ("notes.update", {"noteId": NOTE, "title": "Reading"}),
    ("notes.update", {"noteId": NOTE, "markdown": "# Books"}),
    ("notes.append", {"noteId": NOTE, "markdown": "- one more"}),
    ("notes.move", {"noteId": NOTE, "projectId": "project-z1lr8n4ujayyqpgujzps7wk3"}),
    ("notes.move", {"noteId": NOTE, "sessionIds": ["c9db1374-73be-403e-adc6-cc1f3f08f3d9"]}),
    ("notes.pin", {"noteId": NOTE, "pinned": True}),
    ("notes.pin", {"noteId": NOTE, "pinned": False}),
    ("notes.trash", {"noteId": NOTE}),
    ("notes.restore", {"noteId": NOTE}),
])


def _updated_at(server):
    found = [n for n in server.ok("notes.list", {"limit": 100})["items"] if n["noteId"] == NOTE]
    return found[0]["updatedAt"] if found else None


def _is_real(op, args, model):
    """Whether a change changes anything (repeats of pin, trash and restore change nothing)."""
    if op == "notes.pin":
        return args["pinned"] != model["pinned"]
    if op == "notes.trash":
        return not model["trashed"]
    if op == "notes.restore":
        return model["trashed"]
    return True


def test_updated_at_moves_strictly_forward_on_every_change_within_one_millisecond(server):
    """The server's clock is pinned, so every change happens in the same millisecond; a change
    moves updatedAt strictly forward, a repeat that changes nothing leaves it, and a write to a
    note in the Trash is refused."""
    @SETTINGS
    @given(changes=st.lists(CHANGES, min_size=1, max_size=8))
    def check(changes):
        server.ok("notes.restore", {"noteId": NOTE})
        server.ok("notes.pin", {"noteId": NOTE, "pinned": False})
        model = {"pinned": False, "trashed": False}
        before, pending = _updated_at(server), False
        for op, args in changes:
            ok, out = server.call(op, args)
            if model["trashed"] and op not in ("notes.trash", "notes.restore"):
                assert not ok and out["code"] == "not_found", (op, out)
                continue
            assert ok, (op, out)
            pending = pending or _is_real(op, args, model)
            model["pinned"] = args["pinned"] if op == "notes.pin" else model["pinned"]
            model["trashed"] = {"notes.trash": True, "notes.restore": False}.get(op, model["trashed"])
            if model["trashed"]:
                continue
            now = _updated_at(server)
            assert (now > before) if pending else (now == before), (op, args, before, now)
            if "updatedAt" in out:
                assert out["updatedAt"] == now
            before, pending = now, False
    check()
