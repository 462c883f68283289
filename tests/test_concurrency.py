"""Other processes and the database file, with real processes (design note: DuckDB and other
processes). The file is held only while working; a held file makes a write wait up to 5 s and
then answer `busy`; a writer killed mid-batch leaves the database whole."""

import json
import os
import signal
import subprocess
import sys
import textwrap
import time

from conftest import REPO, base_env

BUSY = {"code": "busy",
        "message": "TalkBar's database was busy with another write. Try the same call again; "
                   "if it created something, check first that it is not already there.",
        "retryable": True, "retryAfterMs": 1000}


def _spawn(tb, code):
    return subprocess.Popen([sys.executable, "-c", textwrap.dedent(code)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=tb.env(), cwd=str(REPO))


def test_a_held_write_makes_another_process_answer_busy_after_about_five_seconds(tb):
    tb.created()
    holder = _spawn(tb, f"""
        import duckdb, sys, time
        con = duckdb.connect({str(tb.db)!r})
        con.execute("BEGIN TRANSACTION")
        con.execute("UPDATE workspaces SET name = 'held'")
        print("ready", flush=True)
        time.sleep(9)
        con.execute("ROLLBACK")
    """)
    try:
        assert holder.stdout.readline().strip() == "ready"
        started = time.monotonic()
        code, out = tb.call("workspace.rename", {"name": "blocked"})
        waited = time.monotonic() - started
    finally:
        holder.kill()
        holder.wait()
    assert code == 1
    assert out == {"error": BUSY}
    assert 4.5 <= waited <= 8.0, waited
    assert tb.ok("workspace.list")["workspaces"][0]["name"] != "blocked"


def test_a_busy_reader_lets_a_cli_write_in_when_knocked(tb):
    tb.created()
    burst = _spawn(tb, f"""
        import time
        from talkbar.db import Database
        from talkbar.engine import Engine, MCP
        db = Database({str(tb.db)!r}, create=False, idle_s=0.25)
        engine = Engine(db, MCP)
        print("ready", flush=True)
        end, calls = time.monotonic() + 4, 0
        while time.monotonic() < end:
            engine.call("workspace.list", {{}})
            calls += 1
            time.sleep(0.05)
        db.release_now()
        print(calls, flush=True)
    """)
    try:
        assert burst.stdout.readline().strip() == "ready"
        time.sleep(0.5)
        started = time.monotonic()
        code, out = tb.call("workspace.rename", {"name": "got in"})
        waited = time.monotonic() - started
        rest, err = burst.communicate(timeout=30)
    finally:
        burst.kill()
    assert code == 0, out
    assert waited < 3.0, waited
    assert burst.returncode == 0, err
    assert int(rest.strip()) > 20, "the burst kept working after letting the write in"
    assert tb.ok("workspace.list")["workspaces"][0]["name"] == "got in"


def test_kill_9_of_a_writer_mid_batch_leaves_the_database_whole(tb):
    tb.created()
    names = [f"name-{i}" for i in range(3000)]
    calls = [{"tool": "workspace.rename", "args": {"name": n}} for n in names]
    proc = subprocess.Popen([sys.executable, "-m", "talkbar", "tools", "batch"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=tb.env(), cwd=str(REPO))
    proc.stdin.write(json.dumps(calls).encode())
    proc.stdin.close()
    time.sleep(2.0)
    assert proc.poll() is None, "the batch finished before it could be killed; make it longer"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    now = tb.ok("workspace.list")["workspaces"][0]["name"]
    assert now in names or now == "My workspace"
    assert now != names[-1]
    r = tb.run("app", "export")
    assert r.code == 0 and json.loads(r.stdout)["workspaces"][0]["name"] == now
    assert tb.ok("workspace.rename", {"name": "after the crash"})["name"] == "after the crash"


def test_a_cli_write_gets_in_while_an_mcp_server_is_mid_burst(tb):
    import threading
    from mcp_raw import RawServer
    assert tb.run("app", "access", "mcp", "on").code == 0
    server = RawServer(tb)
    server.initialize()
    stop, answered, failures = threading.Event(), [], []

    def burst():
        while not stop.is_set():
            try:
                body, is_error = server.tool_result(server.call("talkbar_read", {"tool": "workspace.stats"}), timeout=15)
                (failures if is_error else answered).append(body)
            except AssertionError as exc:
                failures.append(str(exc))
                return
    worker = threading.Thread(target=burst)
    worker.start()
    try:
        time.sleep(1.0)
        started = time.monotonic()
        code, out = tb.call("workspace.rename", {"name": "written mid-burst"})
        waited = time.monotonic() - started
        time.sleep(1.0)
    finally:
        stop.set()
        worker.join(timeout=30)
        server.close()
    assert code == 0, out
    assert waited < 3.0, waited
    assert failures == []
    assert len(answered) > 20
    assert tb.ok("workspace.list")["workspaces"][0]["name"] == "written mid-burst"


def test_no_write_is_lost_when_eight_processes_hand_the_file_over_400_times(demo):
    """Each write opens, writes and closes (checkpoints) the file: the handover DuckDB alone gets
    wrong, which the lock beside the database makes whole."""
    note = demo.ok("notes.create", {"title": "Handover log", "markdown": "start"})["noteId"]
    code = f"""
        import sys, time
        from talkbar.db import Database
        from talkbar.engine import Engine, CLI
        from talkbar.errors import OpError
        engine = Engine(Database({str(demo.db)!r}, create=False, idle_s=0), CLI)
        for i in range(50):
            while True:
                try:
                    engine.call("notes.append", {{"noteId": {note!r}, "markdown": f"line {{sys.argv[1]}}-{{i}}"}})
                    break
                except OpError as err:
                    if err.code != "busy":
                        raise
    """
    procs = [subprocess.Popen([sys.executable, "-c", textwrap.dedent(code), str(w)], env=demo.env(), cwd=str(REPO),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for w in range(8)]
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
    text = demo.ok("notes.get", {"noteId": note, "maxChars": 200000})["markdown"]
    lines = [line for line in text.splitlines() if line.startswith("line ")]
    expected = {f"line {w}-{i}" for w in range(8) for i in range(50)}
    assert len(lines) == 400 and set(lines) == expected
