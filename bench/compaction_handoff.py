"""A search compaction at an archive's scale, against the one-shot writes that meet it and the other
processes that want the file while it runs.

    flock /tmp/talkbar-heavy.lock python bench/compaction_handoff.py --root DATA_ROOT [--compare OLDER_CHECKOUT]

The root's most frequent speaker is made to go by their person's name, and that person renamed
through the CLI of the older checkout if given, else ours (bench/person_rename.py's preparation): at
6 M turns this leaves 2.8 M postings in the tail and 136 long lists without their front, so the next
write starts a compaction. On a fresh copy of that database each checkout in turn, `--rounds` times:

- **one-shot writes**: `tools call notes.create`, one process after another, up to `--calls`: each
  call's wall time, and after how many calls the compaction was swapped in (the tail read from the
  file between two calls, outside the times); then `--after` calls more, with nothing to compact;
- **the compaction in one process**: `app search-index compact` (where the checkout has it) on a
  fresh copy: its wall time, and the tail it left;
- **a server's compaction and another process**: an MCP server (`serve`, the checkout's) creates a
  note, which starts the compaction; a second later another process's one-shot `tools call
  workspace.list`: its wall time, and whether it answered `busy`.

Prints each round, the medians and ratios in Markdown tables, and the load (`cat /proc/loadavg`).
"""

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import DB_FILE, REPO, Peer, env_for, load, markdown_table, say
from person_rename import prepared

PY = sys.executable
SWAPPED_BELOW = 100_000     # tail rows: the compaction was swapped in (2.8 M before it at 6 M turns)


def tail_rows(db_path):
    import duckdb
    con = duckdb.connect(str(db_path), read_only=True)
    try:
        return con.execute("SELECT count(*) FROM search_tail").fetchone()[0]
    finally:
        con.close()


def cli(checkout, root, *argv):
    """One talkbar-cli process of `checkout` on `root`: (seconds, exit code, stderr)."""
    started = time.perf_counter()
    out = subprocess.run([PY, "-m", "talkbar", *argv], env=env_for(root, checkout=checkout), capture_output=True,
                         text=True, cwd=checkout)     # `-m` puts the working folder first on sys.path
    return time.perf_counter() - started, out.returncode, out.stderr


def one_shot_writes(checkout, root, calls, after):
    """Each one-shot notes.create's seconds until the tail is folded in (or `calls` of them), the
    number of calls that took, and `after` calls more."""
    took, swapped_at = [], None
    for i in range(calls):
        s, code, err = cli(checkout, root, "tools", "call", "notes.create",
                           "--args", json.dumps({"title": f"One-shot {i}", "markdown": "Something said."}))
        if code:
            raise SystemExit(f"notes.create failed: {err[-400:]}")
        took.append(s)
        if tail_rows(root / DB_FILE) < SWAPPED_BELOW:
            swapped_at = i + 1
            break
    then = []
    for i in range(after if swapped_at else 0):
        s, code, err = cli(checkout, root, "tools", "call", "notes.create",
                           "--args", json.dumps({"title": f"After {i}", "markdown": "Something said."}))
        then.append(s)
    return took, swapped_at, then


def compact_command(checkout, root):
    """`app search-index compact` in one process: its seconds and what it answered (None where the
    checkout has no such command)."""
    s, code, err = cli(checkout, root, "--output", "json", "app", "search-index", "compact")
    if code == 2:
        return None, None
    if code:
        raise SystemExit(f"app search-index compact failed: {err[-400:]}")
    return s, tail_rows(root / DB_FILE)


def beside_a_server(checkout, root, log):
    """A server's write starts the compaction; a second later another process's one-shot read:
    (its seconds, whether it answered busy)."""
    for what in ("mcp", "all"):
        s, code, err = cli(checkout, root, "app", "access", what, "on")
        if code:
            raise SystemExit(f"app access {what} on failed: {err[-400:]}")
    with open(log, "w") as err:
        server = Peer([PY, "-m", "talkbar", "-v", "serve"], env_for(root, checkout=checkout), cwd=checkout, stderr=err)
        try:
            server.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                          "clientInfo": {"name": "bench", "version": "1"}})
            reply = server.request("tools/call", {"name": "talkbar_change", "arguments": {
                "tool": "notes.create", "args": {"title": "Server note", "markdown": "Something said."}}})
            if reply.get("error") or reply["result"].get("isError"):
                raise SystemExit(f"notes.create through the server failed: {reply}")
            time.sleep(1.0)
            s, code, stderr = cli(checkout, root, "tools", "call", "workspace.list", "--args", "{}")
        finally:
            server.close()
    return s, code != 0 and "busy" in stderr


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--root", required=True, help="a data root (its talkbar.duckdb is copied, never written)")
    ap.add_argument("--compare", help="an older checkout, doing the same on its own copy in the same rounds")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--calls", type=int, default=60, help="one-shot writes at most, until the compaction is in")
    ap.add_argument("--after", type=int, default=5, help="one-shot writes after it, with nothing to compact")
    opts = ap.parse_args()
    checkouts = {"ours": REPO, **({"older": Path(opts.compare).resolve()} if opts.compare else {})}
    work = Path(tempfile.mkdtemp(prefix="tb-handoff-"))
    try:
        source, contact_id, sessions, turns = prepared(opts.root, work / "source")
        started = time.perf_counter()
        s, code, err = cli(checkouts.get("older", REPO), source.parent, "tools", "call", "contacts.update",
                           "--args", json.dumps({"contactId": contact_id, "name": "Quetzalcoatl Renamed"}))
        if code:
            raise SystemExit(f"the rename failed: {err[-400:]}")
        say(f"load {' '.join(load())}; person {contact_id} ({sessions} sessions, {turns} turns) renamed in "
            f"{time.perf_counter() - started:.1f} s; the tail holds {tail_rows(source):,} postings")
        rounds = {name: [] for name in checkouts}
        for r in range(opts.rounds):
            order = list(checkouts.items()) if r % 2 == 0 else list(reversed(checkouts.items()))
            for name, checkout in order:
                root = work / f"{name}-{r}"
                root.mkdir()
                shutil.copyfile(source, root / DB_FILE)
                took, swapped_at, then = one_shot_writes(checkout, root, opts.calls, opts.after)
                shutil.copyfile(source, root / DB_FILE)
                compact_s, tail_left = compact_command(checkout, root)
                shutil.copyfile(source, root / DB_FILE)
                read_s, busy = beside_a_server(checkout, root, work / f"{name}-{r}.log")
                got = {"took": took, "swapped_at": swapped_at, "then": then, "read_s": read_s, "busy": busy,
                       "compact_s": compact_s}
                rounds[name].append(got)
                after_s = f"; then {statistics.median(then):.2f} s a write" if then else ""
                say(f"round {r + 1} {name} (load {' '.join(load())}): {len(took)} one-shot writes "
                    f"{'until the compaction was in' if swapped_at else 'and still none in'}, median "
                    f"{statistics.median(took):.2f} s, max {max(took):.2f} s (call {took.index(max(took)) + 1}), total "
                    f"{sum(took):.1f} s{after_s}; "
                    + (f"`app search-index compact` {compact_s:.2f} s (tail left {tail_left:,}); "
                       if compact_s is not None else "")
                    + f"beside a server's compaction a read took {read_s:.2f} s{' (busy)' if busy else ''}")
                shutil.rmtree(root)
        rows = []
        for name, got in rounds.items():
            took = [s for g in got for s in g["took"]]
            then = [s for g in got for s in g["then"]]
            calls = [g["swapped_at"] for g in got]
            rows.append([name, " / ".join(str(c) if c else f"none in {opts.calls}" for c in calls),
                         f"{statistics.median(took):.2f}", f"{max(took):.2f}",
                         f"{statistics.median(sum(g['took']) for g in got):.1f}",
                         f"{statistics.median(then):.2f}" if then else "-",
                         f"{statistics.median(g['read_s'] for g in got):.2f}",
                         f"{statistics.median(g['compact_s'] for g in got):.2f}" if got[0]["compact_s"] else "-",
                         f"{sum(g['busy'] for g in got)} of {len(got)}"])
        say(f"\nload {' '.join(load())}")
        say(markdown_table(["checkout", "one-shot writes until compacted", "a write, median s", "max s",
                            "their total s", "a write after, median s", "a read beside a server's compaction, s",
                            "`app search-index compact`, s", "busy"], rows))
        if "older" in rounds:
            o, p = ([s for g in rounds[n] for s in g["took"]] for n in ("ours", "older"))
            ro, rp = (statistics.median(g["read_s"] for g in rounds[n]) for n in ("ours", "older"))
            say(f"\nours / older: a write while a compaction is due {statistics.median(o) / statistics.median(p):.3f}x; "
                f"a read beside a server's compaction {ro / rp:.3f}x")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
