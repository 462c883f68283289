"""A long-running MCP server's memory: many calls of an assistant's mix, and the server's RSS as they go.

    python bench/soak.py [--calls 20000] [--compare-conf dirty_decay_ms:-1] [--root DATA_ROOT]

Two `talkbar-cli serve` processes, each on its own copy of the demo data root (or of --root's: the
growth grows with the data the calls work on), take the same calls
in turn (interleaved, one call to each): talkbar_find (one to three of a list of words), the notes
and the sessions listed (talkbar_read), a note written (talkbar_change), round after round. One runs
as shipped; the peer is the same server with DUCKDB_JE_MALLOC_CONF set to --compare-conf (by default
what talkbar/db.py's KEPT_ALLOCATOR was before 2026-12-05: freed pages kept for ever). Printed at
every tenth of the calls: both servers' RSS; at the end, how much each grew from the first tenth to
the last, and ours / peer, with the load.
"""

import argparse
import json
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import common

REPO = Path(__file__).resolve().parent.parent
NOW_MS = 1_800_000_000_000
WORDS = ("budget meeting hiring plan review risk launch pricing customer design roadmap team sprint bug "
         "release notes acme helios").split()


def _server(root, source, conf=None):
    """A server on a copy of the data root `source` (None: the demo imported afresh)."""
    env = common.env_for(root, TALKBAR_NOW_MS=NOW_MS)
    env.pop("DUCKDB_JE_MALLOC_CONF", None)
    if conf:
        env["DUCKDB_JE_MALLOC_CONF"] = conf
    cli = [sys.executable, "-m", "talkbar"]
    setup = [("app", "access", "all", "on"), ("app", "access", "mcp", "on")]
    if source is None:
        setup.insert(0, ("app", "import", str(REPO / "fixtures" / "demo.json")))
    else:
        root.mkdir(parents=True)
        shutil.copy(Path(source) / "talkbar.duckdb", root / "talkbar.duckdb")
    for args in setup:
        subprocess.run(cli + list(args), env=env, check=True, capture_output=True, cwd=str(REPO))
    peer = common.Peer(cli + ["serve"], env, cwd=str(REPO), stderr=subprocess.DEVNULL)
    peer.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                "clientInfo": {"name": "bench-soak", "version": "0"}})
    return peer


def _rss_mib(peer):
    status = Path(f"/proc/{peer.proc.pid}/status").read_text()
    return int(status.split("VmRSS:")[1].split()[0]) / 1024


def _calls(seed):
    """The mix, one call after another, the same for both servers."""
    rng = random.Random(seed)
    n = 0
    while True:
        n += 1
        kind = n % 4
        if kind == 0:
            yield "talkbar_find", {"query": " ".join(rng.sample(WORDS, rng.randint(1, 3))), "limit": 10}
        elif kind == 1:
            yield "talkbar_read", {"tool": "notes.list", "args": {"limit": 20}}
        elif kind == 2:
            yield "talkbar_read", {"tool": "sessions.list", "args": {"limit": 20}}
        else:
            yield "talkbar_change", {"tool": "notes.create", "args": {
                "title": f"Soak note {n}", "markdown": " ".join(rng.choices(WORDS, k=30))}}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--calls", type=int, default=20000, help="calls to each server")
    ap.add_argument("--compare-conf", default="dirty_decay_ms:-1", help="the peer's DUCKDB_JE_MALLOC_CONF")
    ap.add_argument("--root", help="a data root to copy for each server (default: the demo, imported)")
    a = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="talkbar-soak-"))
    try:
        servers = {"ours": _server(work / "ours", a.root), "peer": _server(work / "peer", a.root, a.compare_conf)}
        common.say(f"{a.calls} calls to each server; the peer with DUCKDB_JE_MALLOC_CONF={a.compare_conf}   "
                   f"load {common.load()}")
        rss = {name: [] for name in servers}
        started = time.monotonic()
        for i, (tool, args) in enumerate(_calls(1), start=1):
            if i > a.calls:
                break
            for name, peer in servers.items():
                reply = peer.request("tools/call", {"name": tool, "arguments": args})
                if "result" not in reply or reply["result"].get("isError"):
                    raise SystemExit(f"{name}: {tool} {json.dumps(args)} -> {json.dumps(reply)[:300]}")
            if i % max(1, a.calls // 10) == 0:
                for name, peer in servers.items():
                    rss[name].append(_rss_mib(peer))
                common.say(f"  {i:6d} calls: ours {rss['ours'][-1]:6.0f} MiB, peer {rss['peer'][-1]:6.0f} MiB   "
                           f"{time.monotonic() - started:5.0f} s   load {common.load()}")
        grew = {name: values[-1] - values[0] for name, values in rss.items()}
        common.say(f"RSS growth from the first tenth of the calls to the last: ours {grew['ours']:.0f} MiB "
                   f"({rss['ours'][0]:.0f} -> {rss['ours'][-1]:.0f}), peer {grew['peer']:.0f} MiB "
                   f"({rss['peer'][0]:.0f} -> {rss['peer'][-1]:.0f}); final RSS ours / peer "
                   f"{rss['ours'][-1] / rss['peer'][-1]:.2f}x   load {common.load()}")
        for peer in servers.values():
            peer.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
