"""Four calls at once, writes one at a time, and cancellation, against the real server.

TALKBAR_TEST_OP_DELAY_MS makes every operation take that long inside its transaction (a write
holds its turn in the write queue meanwhile), so overlap and waiting can be observed."""

import time

import pytest

from mcp_raw import RawServer

DELAY_MS = 1200
CANCELLED = {"code": -32603, "message": "Request cancelled by the client"}


@pytest.fixture
def slow(tb):
    for argv in (("mcp", "on"), ("set", "workspace.rename", "on")):
        assert tb.run("app", "access", *argv).code == 0
    tb.ok("workspace.list")
    s = RawServer(tb, env={"TALKBAR_TEST_OP_DELAY_MS": DELAY_MS})
    s.initialize()
    yield s
    s.close()


def _name(tb):
    return tb.ok("workspace.list")["workspaces"][0]["name"]


def test_four_slow_reads_overlap_and_a_fifth_waits(slow):
    started = time.monotonic()
    ids = [slow.call("talkbar_read", {"tool": "workspace.stats"}) for _ in range(4)]
    for i in ids:
        assert slow.tool_result(i)[1] is False
    four = time.monotonic() - started
    started = time.monotonic()
    ids = [slow.call("talkbar_read", {"tool": "workspace.stats"}) for _ in range(5)]
    for i in ids:
        slow.tool_result(i)
    five = time.monotonic() - started
    delay = DELAY_MS / 1000
    assert four < 1.8 * delay, f"four reads took {four:.2f}s for one read of {delay}s"
    assert five >= 1.9 * delay, f"five reads took {five:.2f}s: the fifth must wait for a free slot"


def test_answers_can_come_back_out_of_order(slow):
    first = slow.call("talkbar_read", {"tool": "workspace.stats"})
    second = slow.request("ping")
    reply = slow.read()
    assert reply["id"] == second, "the quick ping is answered while the slow call runs"
    slow.tool_result(first)


def test_writes_go_one_at_a_time(slow, tb):
    started = time.monotonic()
    ids = [slow.call("talkbar_change", {"tool": "workspace.rename", "args": {"name": f"w{i}"}}) for i in range(3)]
    for i in ids:
        assert slow.tool_result(i, timeout=20)[1] is False
    assert time.monotonic() - started >= 2.8 * DELAY_MS / 1000
    assert _name(tb) in ("w0", "w1", "w2")


def test_a_call_cancelled_before_it_starts_never_runs(slow, tb):
    busy = [slow.call("talkbar_read", {"tool": "workspace.stats"}) for _ in range(4)]
    waiting = slow.call("talkbar_change", {"tool": "workspace.rename", "args": {"name": "never"}})
    slow.notify("notifications/cancelled", {"requestId": waiting, "reason": "changed my mind"})
    assert slow.answer(waiting) == {"jsonrpc": "2.0", "id": waiting, "error": CANCELLED}
    for i in busy:
        slow.tool_result(i)
    time.sleep(0.3)
    assert _name(tb) != "never"


def test_a_queued_write_is_dropped_when_cancelled(slow, tb):
    running = slow.call("talkbar_change", {"tool": "workspace.rename", "args": {"name": "first"}})
    time.sleep(0.3)
    queued = slow.call("talkbar_change", {"tool": "workspace.rename", "args": {"name": "second"}})
    time.sleep(0.3)
    slow.notify("notifications/cancelled", {"requestId": queued})
    assert slow.answer(queued) == {"jsonrpc": "2.0", "id": queued, "error": CANCELLED}
    assert slow.tool_result(running)[1] is False
    assert _name(tb) == "first"


def test_a_cancelled_batch_runs_no_operation_that_had_not_started(slow, tb):
    calls = [{"tool": "workspace.rename", "args": {"name": f"b{i}"}} for i in range(3)]
    msg = slow.call("talkbar_change", {"calls": calls})
    time.sleep(0.5)  # inside the first operation
    slow.notify("notifications/cancelled", {"requestId": msg})
    assert slow.answer(msg, timeout=20) == {"jsonrpc": "2.0", "id": msg, "error": CANCELLED}
    time.sleep(0.3)
    assert _name(tb) == "b0"


def test_an_operation_switched_off_while_its_write_waited_answers_turned_off(slow, tb):
    running = slow.call("talkbar_change", {"tool": "workspace.rename", "args": {"name": "first"}})
    time.sleep(0.2)
    waiting = slow.call("talkbar_change", {"tool": "workspace.rename", "args": {"name": "second"}})
    time.sleep(0.2)
    r = tb.run("app", "access", "set", "workspace.rename", "off")  # waits for the server to let go of the file
    assert r.code == 0, r
    assert slow.tool_result(running, timeout=20)[1] is False
    body, is_error = slow.tool_result(waiting, timeout=20)
    assert is_error and body["error"]["code"] == "turned_off"
    assert _name(tb) == "first"


def test_cancelling_an_unknown_or_finished_request_is_harmless(slow):
    slow.notify("notifications/cancelled", {"requestId": 987654})
    slow.notify("notifications/cancelled", "garbage")
    assert slow.answer(slow.request("ping"))["result"] == {}
