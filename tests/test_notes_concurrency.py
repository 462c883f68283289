"""Notes written by several processes at once (spec errors-and-limits: parallel work, safe retries).

Each worker is its own OS process with its own lease on the database file, running the engine the
CLI runs; a write that finds the file held waits up to 5 s, then answers `busy`, and the worker
sends the same call again (as the spec tells a script to), however busy the machine is."""

import json
import subprocess
import sys
import textwrap

from conftest import REPO

READING_LIST = "note-2120jlpa0h9plrss16ivxrm1"

WORKER = textwrap.dedent("""
    import json, sys, time
    from talkbar.db import Database
    from talkbar.engine import CLI, Engine
    from talkbar.errors import OpError
    db_path, batches = sys.argv[1], json.loads(sys.argv[2])
    engine = Engine(Database(db_path, create=False), CLI)
    print("ready", flush=True)
    sys.stdin.readline()  # start together
    out, busy = [], 0
    for calls in batches:  # each a `tools batch`: its calls in order, each in its own transaction
        while calls:
            try:
                done = engine.batch(calls, stop_on_error=True)
            except OpError as err:  # the file stayed held for 5 s: nothing ran, send it again
                if err.code != "busy":
                    raise
                busy += 1
                time.sleep(err.extra["retryAfterMs"] / 1000)
                continue
            last = done[-1]
            if not last["ok"] and last["error"]["code"] == "busy":  # that call did not run: send it again
                done.pop()
                busy += 1
                time.sleep(last["error"]["retryAfterMs"] / 1000)
            out += done
            calls = calls[len(done):]
    engine.db.release_now()
    print(json.dumps({"results": out, "busy": busy}), flush=True)
""")


def _run_together(tb, jobs):
    """Start one worker per list of batches of calls, release them at once, return their answers."""
    procs = [subprocess.Popen([sys.executable, "-c", WORKER, str(tb.db), json.dumps(calls)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, env=tb.env(), cwd=str(REPO)) for calls in jobs]
    try:
        for p in procs:
            assert p.stdout.readline().strip() == "ready", p.stderr.read()
        for p in procs:
            p.stdin.write("go\n")
            p.stdin.flush()
        answers = []
        for p in procs:
            out, err = p.communicate(timeout=300)
            assert p.returncode == 0, err
            answers.append(json.loads(out.strip().splitlines()[-1]))
        return answers
    finally:
        for p in procs:
            p.kill()


def _appends(lines):
    return [{"tool": "notes.append", "args": {"noteId": READING_LIST, "markdown": line}} for line in lines]


def test_eight_processes_appending_fifty_lines_each_lose_and_repeat_nothing(demo):
    lines = [[f"- worker {w} line {i:02d}" for i in range(50)] for w in range(8)]
    jobs = [[_appends(mine[:25]), _appends(mine[25:])] for mine in lines]
    answers = [worker["results"] for worker in _run_together(demo, jobs)]
    assert [a for worker in answers for a in worker if not a["ok"]] == []
    stamps = [a["result"]["updatedAt"] for worker in answers for a in worker]
    assert len(set(stamps)) == 400, "every append moved updatedAt to a time of its own"
    text = demo.ok("notes.get", {"noteId": READING_LIST, "maxChars": 200000})["markdown"]
    body = text.splitlines()
    for w, mine in enumerate(lines):
        assert [line for line in body if line.startswith(f"- worker {w} ")] == mine, "each worker's lines, in order"
    assert len(body) == len(set(body)), "no line twice"


def test_stale_expected_updated_at_never_overwrites_under_contention(demo):
    start = demo.ok("notes.get", {"noteId": READING_LIST})["updatedAt"]
    jobs = [[[{"tool": "notes.update", "args": {"noteId": READING_LIST, "markdown": f"version {w}",
                                                "expectedUpdatedAt": start}}]] for w in range(6)]
    answers = [worker["results"][0] for worker in _run_together(demo, jobs)]
    won = [a for a in answers if a["ok"]]
    lost = [a for a in answers if not a["ok"]]
    assert len(won) == 1, answers
    assert {a["error"]["code"] for a in lost} == {"conflict"}
    assert {a["error"]["updatedAt"] for a in lost} == {won[0]["result"]["updatedAt"]}
    final = demo.ok("notes.get", {"noteId": READING_LIST})
    assert final["updatedAt"] == won[0]["result"]["updatedAt"]
    assert final["markdown"] in [f"version {w}" for w in range(6)]
