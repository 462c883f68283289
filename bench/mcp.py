"""MCP server figures, each against a peer measured in the same run.

1. The size of `tools/list` with every operation on (characters of the JSON the client receives,
   and of the five definitions' descriptions), in both eras (the handshake session's result, and the
   2026-07-28 result with its resultType, cache hints and serverInfo), against one-tool-per-operation
   listing of the same operations (each with its own name, summary and schema) — what the five-tool
   design saves.
2. The round trip of `workspace.list` through one warm server in both eras (a handshake session's
   tools/call, and a stateless 2026-07-28 tools/call carrying its `_meta` envelope) against a trivial
   stdio echo server (one JSON-RPC line in, one line out), all driven by the same client loop,
   interleaved round by round.

    python bench/mcp.py [--calls 300]
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import Peer, env_for

REPO = Path(__file__).resolve().parent.parent
ECHO = r'''
import sys, json
for line in sys.stdin:
    msg = json.loads(line)
    if "id" in msg:
        sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": msg["id"], "result": {"content": [
            {"type": "text", "text": "{\"workspaces\":[]}"}], "isError": False}}) + "\n")
        sys.stdout.flush()
'''


def cli(root, *args, data=None):
    return subprocess.run([sys.executable, "-m", "talkbar", *args], input=data, capture_output=True, text=True,
                          env=env_for(root), check=True).stdout


MODERN = {"_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
                    "io.modelcontextprotocol/clientCapabilities": {}}}
CALL = {"name": "talkbar_read", "arguments": {"tool": "workspace.list"}}


def timed(peer, calls, envelope=None):
    out = []
    params = {**CALL, **(envelope or {})}
    for _ in range(calls):
        t = time.perf_counter()
        reply = peer.request("tools/call", params)
        out.append((time.perf_counter() - t) * 1000)
    assert "result" in reply, reply
    return out


def size(result):
    return len(json.dumps(result, separators=(",", ":"), ensure_ascii=False))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--calls", type=int, default=300)
    a = ap.parse_args()
    root = Path(tempfile.mkdtemp(prefix="talkbar-bench-mcp-"))
    try:
        cli(root, "app", "import", str(REPO / "fixtures" / "demo.json"))
        cli(root, "app", "access", "mcp", "on")
        cli(root, "app", "access", "all", "on")
        server = Peer([sys.executable, "-m", "talkbar", "serve"], env_for(root))
        server.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {}})
        listed = server.request("tools/list", {})["result"]
        modern_listed = server.request("tools/list", MODERN)["result"]
        assert modern_listed["tools"] == listed["tools"]
        ops = json.loads(cli(root, "--output", "json", "tools", "list"))
        one_per_op = size({"tools": [{"name": o["id"], "description": o["description"],
                                      "inputSchema": o["inputSchema"]} for o in ops]})
        descriptions = sum(len(t["description"]) for t in listed["tools"])
        echo = Peer([sys.executable, "-c", ECHO], env_for(root))
        timed(server, 30)
        timed(server, 30, MODERN)
        timed(echo, 30)
        handshake, modern, peer = [], [], []
        for _ in range(5):  # interleaved rounds, so all three see the same machine state
            handshake += timed(server, a.calls // 5)
            modern += timed(server, a.calls // 5, MODERN)
            peer += timed(echo, a.calls // 5)
        server.close()
        echo.close()
    finally:
        shutil.rmtree(root, ignore_errors=True)
    print(f"load average: {open('/proc/loadavg').read().strip()}" if os.path.exists("/proc/loadavg") else "")
    print(f"tools/list with all {len(ops)} operations on: {len(listed['tools'])} tools (descriptions {descriptions:,} "
          f"characters); one tool per operation would be {one_per_op:,} characters")
    for era, result in (("handshake era (2025-06-18)", listed), ("modern era (2026-07-28)", modern_listed)):
        print(f"  {era:28s} {size(result):7,} characters -> {size(result) / one_per_op:.3f}x")
    print("round trip of talkbar_read workspace.list, warm:")
    for name, xs in (("talkbar-cli serve, handshake era", handshake), ("talkbar-cli serve, 2026-07-28", modern),
                     ("stdio echo server", peer)):
        xs = sorted(xs)
        print(f"  {name:34s} p50 {statistics.median(xs):7.3f} ms   p95 {xs[int(len(xs) * 0.95)]:7.3f} ms")
    for name, xs in (("handshake", handshake), ("2026-07-28", modern)):
        print(f"  ratio to echo, {name:10s} p50 {statistics.median(xs) / statistics.median(peer):6.1f}x   "
              f"p95 {sorted(xs)[int(len(xs) * .95)] / sorted(peer)[int(len(peer) * .95)]:6.1f}x")
    print(f"  2026-07-28 / handshake p50 {statistics.median(modern) / statistics.median(handshake):.2f}x")


if __name__ == "__main__":
    main()
