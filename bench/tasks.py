"""A call longer than a client waits, through MCP 2026-07-28: with the tasks extension and without it.

    flock /tmp/talkbar-heavy.lock python bench/tasks.py --root DATA_ROOT     # e.g. a 6 M-turn archive

The longest call an assistant meets is the first search after an upgrade that changed the search
tokeniser: it builds the workspace's index again first (about two minutes at 6 M turns). Two copies
of --root's database, each with its index marked as built under tokeniser 1, each with a `serve`
of its own: one client declares the tasks extension (talkbar/mcp/tasks.py) and polls `tasks/get`
every `pollIntervalMs`, printing each new statusMessage; the peer is the same search from a client
that does not. Printed for each: when the first answer came (a client's own timeout, often 60 s,
runs until then) and when the search's result was in, with the load.
"""

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

from common import Peer, copy_marked, env_for, load, markdown_table, say

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
V, CAPS = "io.modelcontextprotocol/protocolVersion", "io.modelcontextprotocol/clientCapabilities"
TASKS = {"extensions": {"io.modelcontextprotocol/tasks": {}}}


def prepared(source, root):
    """A copy of `source`'s database in `root`, its index marked as built under tokeniser 1, MCP on."""
    copy_marked(source, root, 1)
    for args in (("mcp", "on"), ("all", "on")):
        Peer([sys.executable, "-m", "talkbar", "app", "access", *args], env_for(root)).close()


def search(root, caps, query):
    """(first answer s, result s, matches) of talkbar_find through a fresh `serve`."""
    server = Peer([sys.executable, "-m", "talkbar", "serve"], env_for(root))
    try:
        meta = {"_meta": {V: "2026-07-28", CAPS: caps}}
        started = time.perf_counter()
        reply = server.request("tools/call", {**meta, "name": "talkbar_find", "arguments": {"query": query, "limit": 5}})
        first = time.perf_counter() - started
        result, said = reply["result"], None
        say(f"  first answer after {first:.2f} s: resultType {result['resultType']}")
        while result["resultType"] == "task":
            task = server.request("tasks/get", {**meta, "taskId": result["taskId"]})["result"]
            if task["statusMessage"] != said:
                said = task["statusMessage"]
                say(f"    {time.perf_counter() - started:7.2f} s  {task['status']}: {said}")
            if task["status"] != "working":
                result = task["result"]
                break
            time.sleep(task["pollIntervalMs"] / 1000)
        done = time.perf_counter() - started
        matches = len(json.loads(result["content"][0]["text"])["matches"])
        say(f"  the result after {done:.2f} s: {matches} matches   load {load()}")
        return first, done, matches
    finally:
        server.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", required=True, help="a data root to copy (twice)")
    ap.add_argument("--query", default="budget review")
    a = ap.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="talkbar-bench-tasks-"))
    try:
        runs = {}
        for name, caps in (("with the tasks extension", TASKS), ("without it (the peer)", {})):
            root = work / name.split()[0]
            prepared(Path(a.root), root)
            say(f"{name}:")
            runs[name] = search(root, caps, a.query)
            shutil.rmtree(root)
        (first, done, found), (p_first, p_done, p_found) = runs.values()
        assert found == p_found, runs
        say("\n" + markdown_table(["measure", "ours", "peer", "ratio"], [
            ["first answer", f"{first:.2f} s", f"{p_first:.2f} s", f"{first / p_first:.3f}x"],
            ["the search's result", f"{done:.2f} s", f"{p_done:.2f} s", f"{done / p_done:.2f}x"]]) + f"\nload {load()}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
