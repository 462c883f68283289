"""Writers take turns (issue 15, point 4): processes that find the database file held wait in a
ticket queue beside the lock (talkbar/dbqueue.py) and are served in the order they arrived.

Four `tools call notes.append` processes line up, one after the other, behind a process that holds
the file; each is started only once the one before has taken its ticket (its -v log says
`db.queue`). When the holder lets go they append to one note, so the note's text is the order they
were served in. Nothing waits on time: the queue's wait is lengthened so a slow machine never turns
it into `busy`, and what is asserted is order."""

import json
import subprocess
import sys
import textwrap

from conftest import REPO


def _events(lines):
    return [json.loads(line) for line in lines if line.startswith("{")]


def test_writers_are_served_in_the_order_they_arrived(tb):
    tb.created()
    note = tb.ok("notes.create", {"title": "Order", "markdown": "served:"})["noteId"]
    env = {"TALKBAR_TEST_DB_WAIT_MS": "600000"}
    holder = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        import sys
        from talkbar.db import Database
        db = Database({str(tb.db)!r}, create=False, idle_s=0)
        with db.cursor():
            print("holding", flush=True)
            sys.stdin.read()
    """)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=tb.env(**env), cwd=str(REPO))
    writers = []
    try:
        assert holder.stdout.readline().strip() == "holding"
        for name in "ABCD":
            args = json.dumps({"noteId": note, "markdown": f"- {name}"})
            proc = subprocess.Popen(tb.command("-v", "--output", "json", "tools", "call", "notes.append", "--args", args),
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                    env=tb.env(**env), cwd=str(REPO))
            seen = []
            for line in proc.stderr:          # its ticket is taken: the next one arrives after it
                seen.append(line)
                if '"db.queue"' in line:
                    break
            assert any('"db.queue"' in line for line in seen), seen
            writers.append((name, proc, seen))
    finally:
        holder.stdin.close()
        holder.wait(timeout=120)
    tickets = []
    for name, proc, seen in writers:
        out, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, (name, out, err)
        events = _events(seen + err.splitlines(keepends=True))
        names = [e["event"] for e in events]
        assert names.index("db.queue") < names.index("db.open") < names.index("op.end"), names
        assert "db.busy" not in names
        queued = next(e["ticket"] for e in events if e["event"] == "db.queue")
        assert next(e["ticket"] for e in events if e["event"] == "db.open") == queued
        tickets.append(queued)
    assert tickets == sorted(tickets)                        # they arrived in this order …
    text = tb.ok("notes.get", {"noteId": note})["markdown"]
    assert [line[2:] for line in text.splitlines() if line.startswith("- ")] == list("ABCD"), text   # … and got in so
