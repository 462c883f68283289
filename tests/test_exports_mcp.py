"""Exports through one MCP server (the official SDK client as the peer): exports.run runs outside
the write queue, one at a time per server. A second exports.run while one is delivering answers
busy with retryAfterMs 5000, and exports.cancel answers while the run is still in progress.

The run is kept in flight by the Notion stand-in, which holds page creation until the test
releases it, so nothing here depends on timing."""

import json
import sys

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from conftest import REPO
from test_exports_notion import S2, NotionStandIn, notion_setup

BUSY = {"code": "busy", "message": "An export is already running on this server, and only one runs at a time. "
                                   "Call exports.run again in a few seconds.",
        "retryable": True, "retryAfterMs": 5000}


def _payload(result):
    return json.loads(result.content[0].text), bool(result.is_error)


async def _scenario(t, stand_in, batch_id):
    params = StdioServerParameters(command=sys.executable, args=["-m", "talkbar", "serve"], env=t.env(),
                                   cwd=str(REPO))
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()

        async def change(op, args):
            return _payload(await session.call_tool("talkbar_change", {"tool": op, "args": args}))

        first = {}

        async def deliver():
            first["answer"] = await change("exports.run", {"batchId": batch_id})

        async with anyio.create_task_group() as tg:
            tg.start_soon(deliver)
            assert await anyio.to_thread.run_sync(stand_in.arrived.wait, 60), "the run never reached Notion"
            second = await change("exports.run", {"batchId": batch_id})
            cancelled = await change("exports.cancel", {"batchId": batch_id})
            still_running = "answer" not in first
            stand_in.release()
        runs = _payload(await session.call_tool("talkbar_read", {"tool": "exports.runs",
                                                                 "args": {"batchId": batch_id}}))
    return first["answer"], second, cancelled, still_running, runs


def test_a_second_run_is_busy_and_cancel_answers_while_a_run_is_in_progress(demo):
    assert demo.run("app", "access", "mcp", "on").code == 0
    with NotionStandIn() as stand_in:
        notion_setup(demo, stand_in)
        batch = demo.ok("exports.enqueue", {"sessionIds": [S2], "destinationIds": ["dest-notion"]})
        stand_in.hold = True
        first, second, cancelled, still_running, runs = anyio.run(_scenario, demo, stand_in, batch["batchId"])
    assert second == ({"error": BUSY}, True)
    assert still_running, "exports.cancel waited for the run"
    body, is_error = cancelled
    assert not is_error and body["status"] == "cancelled"
    assert [d["status"] for d in body["deliveries"]] == ["cancelled"]
    body, is_error = first
    assert not is_error and [d["status"] for d in body["deliveries"]] == ["cancelled"], body
    (attempts, _) = runs
    assert [r["status"] for r in attempts] == ["cancelled"]
    assert len(stand_in.pages) == 1, "the page was made before the cancel, and it stays"
