"""sessions.transcript of a 2,000-turn session, read whole in pages of 20,000 characters.

Prints the time per page of four ways to read the same pages, measured in the same run, and each
one's ratio to the peer: a single plain SQL SELECT of the same rows in DuckDB (no names, no
formatting, no paging rule).

    python bench/transcript_pages.py [--turns 2000] [--repeat 5]

  cli batch     one `talkbar-cli tools batch` process reading every page (offsets from a first pass)
  cli call      one `talkbar-cli tools call` process per page (what a shell script pays)
  engine        the operation in this process, through the engine (no process start)
  sql select    the peer: SELECT of the page's rows, ordered, with LIMIT/OFFSET
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import env_for

REPO = Path(__file__).resolve().parent.parent
PEER = """SELECT t.turn_id, t.start_ms, t.end_ms, p.name, t.text
FROM turns t JOIN session_participants p ON p.session_id = t.session_id AND p.speaker_id = t.speaker_id
WHERE t.session_id = $sid ORDER BY t.seq LIMIT $n OFFSET $off"""


def cli(env, *args, stdin=None):
    out = subprocess.run([sys.executable, "-m", "talkbar", *args], input=stdin, capture_output=True, text=True,
                         env=env, cwd=str(REPO), check=True)
    return json.loads(out.stdout)


def page_args(sid, offset):
    return {"sessionId": sid, "maxChars": 20000, "turnOffset": offset}


def best(fn, repeat):
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return min(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--turns", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=5)
    opts = ap.parse_args()
    root = Path(tempfile.mkdtemp()) / "root"
    env = env_for(root)
    doc = subprocess.run([sys.executable, str(REPO / "fixtures" / "generate.py"), "--sessions", "1",
                          "--turns", str(opts.turns)], capture_output=True, text=True, check=True).stdout
    subprocess.run([sys.executable, "-m", "talkbar", "app", "import", "-"], input=doc, env=env, cwd=str(REPO),
                   check=True, capture_output=True, text=True)
    sid = json.loads(doc)["workspaces"][0]["sessions"][0]["sessionId"]

    # the pages: offsets and sizes from one pass
    offsets, sizes, offset = [], [], 0
    while offset is not None:
        page = cli(env, "--output", "json", "tools", "call", "sessions.transcript", "--args",
                   json.dumps(page_args(sid, offset)))
        offsets.append(offset)
        nxt = page["nextTurnOffset"]
        sizes.append((nxt if nxt is not None else page["totalTurns"]) - offset)
        offset = nxt
    pages = len(offsets)
    calls = json.dumps([{"tool": "sessions.transcript", "args": page_args(sid, o)} for o in offsets])

    t_batch = best(lambda: cli(env, "tools", "batch", stdin=calls), opts.repeat) / pages
    t_call = best(lambda: [cli(env, "--output", "json", "tools", "call", "sessions.transcript", "--args",
                               json.dumps(page_args(sid, o))) for o in offsets], max(1, opts.repeat // 2)) / pages

    os.environ.update(env)
    sys.path.insert(0, str(REPO))
    from talkbar.db import Database
    from talkbar.engine import Engine
    db = Database(root / "talkbar.duckdb", create=False, idle_s=60)
    engine = Engine(db)
    with db.holding():
        engine.call("sessions.transcript", page_args(sid, 0))  # warm the caches like the others
        t_engine = best(lambda: [engine.call("sessions.transcript", page_args(sid, o)) for o in offsets],
                        opts.repeat) / pages
        with db.cursor() as cur:
            def peer():
                for off, n in zip(offsets, sizes):
                    cur.execute(PEER, {"sid": sid, "n": n, "off": off})
                    cur.fetchall()
            peer()
            t_sql = best(peer, opts.repeat) / pages
    db.release_now()
    shutil.rmtree(root.parent, ignore_errors=True)

    print(f"sessions.transcript, {opts.turns} turns, {pages} pages of up to 20,000 characters "
          f"(best of {opts.repeat}; time per page)")
    for name, t in (("cli batch", t_batch), ("cli call", t_call), ("engine", t_engine), ("sql select", t_sql)):
        print(f"  {name:<11} {t * 1000:9.2f} ms   x{t / t_sql:8.1f} the plain SELECT")


if __name__ == "__main__":
    main()
