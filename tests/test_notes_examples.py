"""The examples page's "create a note and a task" batch (spec 07-examples), run through
`tools batch` and through the MCP server with the official SDK client: same shapes as the spec's."""

import asyncio
import json
import sys

from conftest import REPO, base_env
from golden_match import mismatch

PRICING = "c9db1374-73be-403e-adc6-cc1f3f08f3d9"
ACME = "project-z1lr8n4ujayyqpgujzps7wk3"
NOW = 1893456000000

# the spec's request, with the demo's session in place of its made-up one
BATCH = {"calls": [
    {"tool": "notes.create", "args": {
        "title": "Acme pricing follow-ups",
        "markdown": "## Follow-ups\n\n- Revised quote at 12% for a two-year term\n- Confirm the start date with legal",
        "sessionIds": [PRICING]}},
    {"tool": "action_items.create", "args": {
        "title": "Send the revised quote to Acme", "sessionId": PRICING, "itemType": "task",
        "dueAtMs": 1793725200000, "assignees": ["Alex Kim"]}},
], "stopOnError": True}

# the spec's answer (the task's answer is shortened there: matched as a subset)
NOTE = {"noteId": "<id>", "title": "Acme pricing follow-ups", "pinned": False, "sessionId": None,
        "updatedAt": NOW, "projectId": None, "sessionIds": [PRICING]}
TASK = {"$subset": {"itemId": "<id>", "itemType": "task", "title": "Send the revised quote to Acme",
                    "status": "open", "dueAtMs": 1793725200000, "sessionId": PRICING,
                    "sessionTitle": "Pricing review with Acme Logistics", "projectId": ACME,
                    "assignees": [{"name": "Alex Kim", "contactId": None}], "origin": "manual",
                    "sources": [], "sessionStatus": "complete"}}
EXPECTED = [{"tool": "notes.create", "ok": True, "result": NOTE},
            {"tool": "action_items.create", "ok": True, "result": TASK}]


def _assert_spec_shape(results):
    assert mismatch(EXPECTED, results) is None, mismatch(EXPECTED, results)
    task = results[1]["result"]
    assert set(task) == {"itemId", "itemType", "labelId", "label", "title", "details", "status", "dueAtMs",
                         "answer", "sessionId", "sessionTitle", "projectId", "assignees", "origin", "sources",
                         "resolvedAtMs", "createdAt", "updatedAt", "sessionStatus"}


def _both_landed(demo, results):
    note_id, item_id = results[0]["result"]["noteId"], results[1]["result"]["itemId"]
    code, out = demo.batch([{"tool": "notes.list", "args": {"sessionId": PRICING}},
                            {"tool": "action_items.get", "args": {"itemId": item_id}}])
    assert code == 0, out
    assert note_id in [n["noteId"] for n in out[0]["result"]["items"]]
    assert out[1]["result"]["title"] == "Send the revised quote to Acme"


def test_the_example_batch_through_tools_batch(demo):
    r = demo.run("tools", "batch", input=json.dumps(BATCH), env={"TALKBAR_NOW_MS": NOW})
    assert r.code == 0, r
    _assert_spec_shape(r.json)
    _both_landed(demo, r.json)


async def _through_mcp(env):
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client
    params = StdioServerParameters(command=sys.executable, args=["-m", "talkbar", "serve"], env=env,
                                   cwd=str(REPO))
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            await session.list_tools()
            answer = await session.call_tool("talkbar_change", BATCH)
            return answer.is_error, json.loads(answer.content[0].text)


def test_the_example_batch_through_mcp(demo):
    assert demo.run("app", "access", "mcp", "on").code == 0
    assert demo.run("app", "access", "set", "notes.create", "action_items.create", "on").code == 0
    env = base_env(demo.root, TALKBAR_NOW_MS=NOW)
    is_error, payload = asyncio.run(_through_mcp(env))
    assert is_error is False, payload
    _assert_spec_shape(payload["results"])
    _both_landed(demo, payload["results"])


def test_through_mcp_the_example_is_turned_off_until_the_user_switches_it_on(demo):
    assert demo.run("app", "access", "mcp", "on").code == 0
    is_error, payload = asyncio.run(_through_mcp(base_env(demo.root)))
    assert is_error is False  # a batch answers per call
    assert [r["error"]["code"] for r in payload["results"]] == ["turned_off"]  # stopOnError: the first stops it
    code, out = demo.call("notes.list", {"search": "Acme pricing follow-ups"})
    assert code == 0 and out["totalCount"] == 0
