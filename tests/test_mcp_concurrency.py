"""Four calls at once, writes one at a time, and cancellation, against the real server.

TALKBAR_TEST_OP_DELAY_MS makes every operation take that long inside its transaction (a write
holds its turn in the write queue meanwhile), so overlap and waiting can be observed. What is
asserted is the order of the server's own events (its -v log: op.start when a call is taken up,
op.run when its turn has come, op.end when it is done), never how long anything took."""

import pytest

from mcp_raw import RawServer


# These tests are about what the operations do, not the process around them: tb and demo run
# their tools/app commands in this process (conftest.InProcessCLI).
pytestmark = pytest.mark.commands_in_process


DELAY_MS = 1200
CANCELLED = {"code": -32603, "message": "Request cancelled by the client"}


@pytest.fixture
def slow(tb):
    for argv in (("mcp", "on"), ("set", "workspace.rename", "on")):
        assert tb.run("app", "access", *argv).code == 0
    s = RawServer(tb, env={"TALKBAR_TEST_OP_DELAY_MS": DELAY_MS}, verbose=True)
    s.initialize()
    yield s
    s.close()


def _name(tb):
    return tb.ok("workspace.list")["workspaces"][0]["name"]


def _order(server, op, ends, done="op.end"):
    """The server's run/end events of `op`, in order (["run", "end", …]), once it has logged `ends`
    ends (its log comes on stderr, which may trail the answers on stdout). For writes in turn, `done`
    is op.commit: logged inside the write turn, while op.end comes after the turn has passed on, so
    under load the next write's op.run may come before it."""
    server.wait_for("op.end", count=ends, op=op)
    return [e["event"][3:] for e in server.events(op=op) if e["event"] in ("op.run", done)]


def test_four_slow_reads_overlap_and_a_fifth_waits(slow):
    ids = [slow.call("talkbar_read", {"tool": "workspace.stats"}) for _ in range(4)]
    for i in ids:
        assert slow.tool_result(i, timeout=60)[1] is False
    assert _order(slow, "workspace.stats", 4) == ["run"] * 4 + ["end"] * 4, "the four reads ran side by side"
    ids = [slow.call("talkbar_read", {"tool": "workspace.stats"}) for _ in range(5)]
    for i in ids:
        slow.tool_result(i, timeout=60)
    fifth = _order(slow, "workspace.stats", 9)[8:]
    assert fifth[:4] == ["run"] * 4 and fifth[4] == "end", f"the fifth waited for a free slot: {fifth}"


def test_answers_can_come_back_out_of_order(slow):
    first = slow.call("talkbar_read", {"tool": "workspace.stats"})
    second = slow.request("ping")
    reply = slow.read()
    assert reply["id"] == second, "the quick ping is answered while the slow call runs"
    slow.tool_result(first)


def test_writes_go_one_at_a_time(slow, tb):
    ids = [slow.call("talkbar_change", {"tool": "workspace.rename", "args": {"name": f"w{i}"}}) for i in range(3)]
    for i in ids:
        assert slow.tool_result(i, timeout=60)[1] is False
    assert len(slow.events("op.start", op="workspace.rename")) == 3
    assert _order(slow, "workspace.rename", 3, done="op.commit") == ["run", "commit"] * 3
    assert _name(tb) in ("w0", "w1", "w2")


def test_a_call_cancelled_before_it_starts_never_runs(slow, tb):
    busy = [slow.call("talkbar_read", {"tool": "workspace.stats"}) for _ in range(4)]
    waiting = slow.call("talkbar_change", {"tool": "workspace.rename", "args": {"name": "never"}})
    slow.notify("notifications/cancelled", {"requestId": waiting, "reason": "changed my mind"})
    assert slow.answer(waiting, timeout=60) == {"jsonrpc": "2.0", "id": waiting, "error": CANCELLED}
    for i in busy:
        slow.tool_result(i, timeout=60)
    assert slow.answer(slow.request("ping"))["result"] == {}
    assert slow.events(op="workspace.rename") == []
    assert _name(tb) != "never"


def test_a_queued_write_is_dropped_when_cancelled(slow, tb):
    running = slow.call("talkbar_change", {"tool": "workspace.rename", "args": {"name": "first"}})
    slow.wait_for("op.run", op="workspace.rename")
    queued = slow.call("talkbar_change", {"tool": "workspace.rename", "args": {"name": "second"}})
    slow.wait_for("op.start", count=2, op="workspace.rename")
    slow.notify("notifications/cancelled", {"requestId": queued})
    assert slow.answer(queued, timeout=60) == {"jsonrpc": "2.0", "id": queued, "error": CANCELLED}
    assert slow.tool_result(running, timeout=60)[1] is False
    assert _order(slow, "workspace.rename", 1) == ["run", "end"], "the queued write never ran"
    assert _name(tb) == "first"


def test_a_cancelled_batch_runs_no_operation_that_had_not_started(slow, tb):
    calls = [{"tool": "workspace.rename", "args": {"name": f"b{i}"}} for i in range(3)]
    msg = slow.call("talkbar_change", {"calls": calls})
    slow.wait_for("op.run", op="workspace.rename")  # inside the first operation
    slow.notify("notifications/cancelled", {"requestId": msg})
    assert slow.answer(msg, timeout=60) == {"jsonrpc": "2.0", "id": msg, "error": CANCELLED}
    assert slow.answer(slow.request("ping"))["result"] == {}
    assert _order(slow, "workspace.rename", 1) == ["run", "end"], "nothing ran after the first"
    assert _name(tb) == "b0"


def test_an_operation_switched_off_while_its_write_waited_answers_turned_off(tb, tmp_path):
    import subprocess
    for argv in (("mcp", "on"), ("set", "workspace.rename", "on")):
        assert tb.run("app", "access", *argv).code == 0
    gate = tmp_path / "gate"
    server = RawServer(tb, env={"TALKBAR_TEST_OP_GATE": gate}, verbose=True)
    try:
        server.initialize()
        running = server.call("talkbar_change", {"tool": "workspace.rename", "args": {"name": "first"}})
        server.wait_for("op.run", op="workspace.rename")
        waiting = server.call("talkbar_change", {"tool": "workspace.rename", "args": {"name": "second"}})
        server.wait_for("op.start", count=2, op="workspace.rename")
        toggle = subprocess.Popen(tb.command("app", "access", "set", "workspace.rename", "off"), env=tb.env(),
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        _until_exists(tb.db.with_name(tb.db.name + ".knock"))  # the switch waits for the server's file
        gate.touch()  # the first write ends; the server lets go of the file before the second
        out, err = toggle.communicate(timeout=120)
        assert toggle.returncode == 0, err
        assert server.tool_result(running, timeout=60)[1] is False
        body, is_error = server.tool_result(waiting, timeout=60)
    finally:
        gate.touch()
        server.close()
    assert is_error and body["error"]["code"] == "turned_off"
    assert _name(tb) == "first"


def _until_exists(path, timeout=120):
    import time
    give_up = time.monotonic() + timeout  # a bound for a broken build, not a measure of speed
    while not path.exists():
        assert time.monotonic() < give_up, f"{path} never appeared"
        time.sleep(0.01)


def test_cancelling_an_unknown_or_finished_request_is_harmless(slow):
    slow.notify("notifications/cancelled", {"requestId": 987654})
    slow.notify("notifications/cancelled", "garbage")
    assert slow.answer(slow.request("ping"))["result"] == {}
