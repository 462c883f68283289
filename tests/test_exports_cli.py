"""`talkbar-cli exports run|worker`: one pass or --wait (exit 1 at the timeout), and the worker
that plans automatic exports from rules (nearest scope wins) and delivers what is due."""

import json
import signal
import subprocess

import pytest

from conftest import REPO, cli_command
from test_exports_batches import SOPEN, app_changes
from test_exports_notion import S1, S2, WS


# These tests are about what the operations do, not the process around them: tb and demo run
# their tools/app commands in this process (conftest.InProcessCLI).
pytestmark = pytest.mark.commands_in_process


ACME_RULE = "rule-le6eyky4hpt4"
WEEKLY_SYNC = "series-11yz0ks2ixr6vlv80mja"


def _dest(t, tmp_path):
    t.ok("exports.destination.save", {"destinationId": "dest-md", "name": "Files", "format": "markdown",
                                      "location": str(tmp_path / "out"), "enabled": True, "layout": "project"})


def test_one_pass_delivers_everything_scheduled_and_prints_the_batch(demo, tmp_path):
    _dest(demo, tmp_path)
    batch = demo.ok("exports.enqueue", {"sessionIds": [S1, SOPEN, S2], "destinationIds": ["dest-md"]})
    r = demo.run("exports", "run", "--workspace", WS, "--batch", batch["batchId"])
    assert r.code == 0, r
    out = json.loads(r.stdout)
    assert out["batchId"] == batch["batchId"]
    assert [d["status"] for d in out["deliveries"]] == ["exported", "waitingForSummary", "exported"]
    assert out["status"] == "waitingForSummary"


def test_wait_gives_up_at_the_timeout_with_exit_1(demo, tmp_path):
    _dest(demo, tmp_path)
    batch = demo.ok("exports.enqueue", {"sessionIds": [S2], "destinationIds": ["dest-md"]})
    app_changes(demo, "UPDATE export_deliveries SET status = 'exporting', updated_at_ms = 9999999999999 "
                      "WHERE batch_id = $b", b=batch["batchId"])  # another process is delivering it
    r = demo.run("exports", "run", "--workspace", WS, "--batch", batch["batchId"], "--wait", "--timeout", "1")
    assert r.code == 1
    assert json.loads(r.stdout)["status"] == "exporting"
    assert "Timed out after 1 seconds with 1 deliveries still scheduled or running" in r.stderr


def test_errors_and_usage(demo):
    r = demo.run("--output", "json", "exports", "run", "--workspace", WS, "--batch", "batch-nope")
    assert r.code == 1 and json.loads(r.stdout)["error"]["code"] == "not_found"
    assert demo.run("exports", "run", "--batch", "b").code == 2
    assert demo.run("exports", "worker").code == 2
    r = demo.run("exports", "worker", "--workspace", "workspace-nope", "--drain")
    assert r.code == 1 and "Workspace not found" in r.stderr


def _rules(t, now_ms):
    """Everything in the workspace is exported once ready, except the Weekly team sync series."""
    calls = [
        {"tool": "exports.rule.delete", "args": {"ruleId": ACME_RULE}},
        {"tool": "exports.rule.save", "args": {
            "ruleId": "rule-ws", "scopeKind": "workspace", "scopeId": WS, "mode": "override",
            "destinationIds": ["dest-md"], "selection": {"transcript": False}, "timing": {"kind": "ready"},
            "reexportSummary": True, "reexportTranscript": False, "enabledAtMs": 0}},
        {"tool": "exports.rule.save", "args": {
            "ruleId": "rule-weekly", "scopeKind": "series", "scopeId": WEEKLY_SYNC, "mode": "disabled",
            "destinationIds": [], "selection": {}, "timing": {"kind": "ready"}, "reexportSummary": False,
            "reexportTranscript": False, "enabledAtMs": 0}}]
    r = t.run("tools", "batch", input=json.dumps(calls), env={"TALKBAR_NOW_MS": now_ms})
    assert r.code == 0, r


def _drain(t):
    r = t.run("exports", "worker", "--workspace", WS, "--drain")
    assert r.code == 0, r
    return [json.loads(line) for line in r.stdout.splitlines()]


def test_worker_exports_sessions_that_became_ready_after_the_rule_once(demo, tmp_path):
    _dest(demo, tmp_path)
    _rules(demo, 1_794_900_000_000)
    batches = _drain(demo)
    exported = {d["sessionTitle"] for b in batches for d in b["deliveries"]}
    assert all(b["automatic"] and b["status"] == "exported" for b in batches)
    assert exported == {"Northwind — security & data protection review", "Helios Energy — pilot proposal walkthrough",
                        "1:1 Maya / Zoë"}  # after the rule; not the Weekly team sync (its series says disabled)
    assert _drain(demo) == [], "the same export is planned once"
    session = batches[0]["deliveries"][0]["sessionId"]
    app_changes(demo, "UPDATE summaries SET generated_at_ms = generated_at_ms + 60000 WHERE session_id = $s", s=session)
    again = _drain(demo)
    assert [[d["sessionId"] for d in b["deliveries"]] for b in again] == [[session]]
    history = demo.ok("exports.history")
    assert len(history) == 4 and all(b["automatic"] for b in history)


def test_a_rule_waits_for_its_timing(demo, tmp_path):
    _dest(demo, tmp_path)
    _rules(demo, 1_794_900_000_000)
    demo.ok("exports.rule.save", {
        "ruleId": "rule-ws", "scopeKind": "workspace", "scopeId": WS, "mode": "override",
        "destinationIds": ["dest-md"], "selection": {}, "timing": {"kind": "delay", "delayMs": 2_678_400_000},
        "reexportSummary": False, "reexportTranscript": False, "enabledAtMs": 0})
    assert _drain(demo) == []  # planned for a month after each session was ready: not yet due
    import duckdb
    con = duckdb.connect(str(demo.db))
    try:
        jobs = con.execute("SELECT status, run_at_ms - (SELECT max(generated_at_ms) FROM summaries s "
                           "WHERE s.session_id = target_id) FROM jobs WHERE job_kind = 'export'").fetchall()
    finally:
        con.close()
    assert jobs and all(status == "pending" and late == 2_678_400_000 for status, late in jobs)


@pytest.mark.parametrize("interval_ms", ["200", "600000"])   # the second: Ctrl+C wakes its wait
def test_worker_runs_until_interrupted(demo, tmp_path, interval_ms):
    _dest(demo, tmp_path)
    _rules(demo, 1_794_900_000_000)
    proc = subprocess.Popen(cli_command() + ["exports", "worker", "--workspace", WS, "--interval-ms", interval_ms],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=demo.env(), cwd=str(REPO))
    try:
        first = json.loads(proc.stdout.readline())
        assert first["automatic"] and first["status"] == "exported"
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 0, proc.stderr.read()
