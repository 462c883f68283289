"""The big hostile run of issue 17 (not CI): a real `talkbar-cli serve` on a copy of the demo
workspace with every operation switched on, fed hostile wire lines and hostile argument sets
(tests/hostile.py, a seeded random.Random), counting what must never happen:

  deaths       the server exited or stopped answering `ping` (it is restarted, the lines kept)
  tracebacks   "Traceback" or "internal error" on its stderr
  failed       a tool result `failed` that says TalkBar could not complete the call (an exception
               inside an operation: input reached a place that did not expect it), or a JSON-RPC
               -32603 that is not a cancellation
  bad replies  an output line that is not strict UTF-8 JSON-RPC

    python scripts/fuzz_hostile.py [--lines 100000] [--arg-sets 10000] [--seed 17] [--keep DIR]

Exports may only write under the run's temporary folder (a policy file's exportFolders) and Notion
is pointed at a closed port on 127.0.0.1: nothing leaves the machine. Offending inputs are written
to <tmp>/offending.jsonl and the summary line names it.
"""

import argparse
import json
import os
import queue
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "tests")]

import hostile  # noqa: E402  (tests/hostile.py: the generator the fuzz tests use too)
from talkbar.manifest import load  # noqa: E402

CRASH_PREFIXES = ("TalkBar could not complete", "talkbar-cli failed")
CHECK_EVERY = 250


def _env(root):
    env = {k: v for k, v in os.environ.items() if not k.startswith("TALKBAR_")}
    env.update({"TALKBAR_DATA_ROOT": str(root), "TALKBAR_POLICY_FILE": str(root / "policy.json"),
                "TALKBAR_NOTION_API": "http://127.0.0.1:9", "TALKBAR_CONFIRM_TIMEOUT_S": "1",
                "PYTHONPATH": str(REPO)})
    return env


def _cli(root, *args):
    subprocess.run([sys.executable, "-m", "talkbar", *args], env=_env(root), check=True, capture_output=True)


def prepare(tmp):
    root = tmp / "root"
    root.mkdir(parents=True)
    (tmp / "exports").mkdir()
    (root / "policy.json").write_text(json.dumps({"exportFolders": [str(tmp / "exports")]}))
    _cli(root, "app", "import", str(REPO / "fixtures" / "demo.json"))
    for args in (("mcp", "on"), ("all", "on"), ("deletes-without-confirmation", "on"), ("audit", "on")):
        _cli(root, "app", "access", *args)
    return root


def demo_ids():
    return hostile.ids_of(json.loads((REPO / "fixtures" / "demo.json").read_text(encoding="utf-8")))


class Server:
    """One `serve` process; every output line checked as strict UTF-8 JSON-RPC."""

    def __init__(self, root, counts):
        self.counts = counts
        self.proc = subprocess.Popen([sys.executable, "-m", "talkbar", "serve"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env(root), cwd=str(REPO))
        self.replies = queue.Queue()
        self.stderr = []
        threading.Thread(target=self._out, daemon=True).start()
        threading.Thread(target=self._err, daemon=True).start()

    def _out(self):
        for raw in iter(self.proc.stdout.readline, b""):
            try:
                msg = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
                assert isinstance(msg, dict) and msg.get("jsonrpc") == "2.0"
            except (ValueError, AssertionError):
                self.counts["bad replies"] += 1
                self.replies.put({"bad": raw[:300].decode("utf-8", "replace")})
                continue
            self.replies.put(msg)
        self.replies.put(None)

    def _err(self):
        for raw in iter(self.proc.stderr.readline, b""):
            line = raw.decode("utf-8", "replace")
            if "Traceback" in line or "internal error" in line:
                self.stderr.append(line)

    def send(self, data):
        try:
            self.proc.stdin.write(data + b"\n")
            self.proc.stdin.flush()
            return True
        except (BrokenPipeError, OSError):
            return False

    def close(self):
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def _no_constant(name):
    raise ValueError(name)


class Run:
    def __init__(self, root, tmp, ops, ids, seed):
        self.root, self.tmp, self.ops, self.ids = root, tmp, ops, ids
        self.rng = random.Random(seed)
        self.counts = {"deaths": 0, "tracebacks": 0, "failed": 0, "internal errors": 0, "bad replies": 0,
                       "tool results": 0, "refusals": 0}
        self.codes = {}         # refusal code -> how many
        self.sent = {}          # our id -> the line that carried it
        self.recent = []        # lines since the last check (kept when the server dies)
        self.offending = open(tmp / "offending.jsonl", "w", encoding="utf-8")
        self.next_id = 10**9
        self.server = None
        self.start()

    def start(self):
        self.server = Server(self.root, self.counts)
        init = {"jsonrpc": "2.0", "id": "init", "method": "initialize",
                "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "fuzz"}}}
        self.server.send(json.dumps(init).encode())
        self.server.send(b'{"jsonrpc":"2.0","method":"notifications/initialized"}')
        self.wait_for("init")

    def record(self, kind, detail, line=None):
        self.offending.write(json.dumps({"kind": kind, "detail": detail, "line": line}, ensure_ascii=True) + "\n")
        self.offending.flush()

    def own_id(self, line):
        self.next_id += 1
        self.sent[self.next_id] = line
        return self.next_id

    def drain(self, msg):
        if "bad" in msg:
            self.record("bad reply", msg["bad"])
            return
        err = msg.get("error")
        if isinstance(err, dict) and err.get("code") == -32603 and "cancelled" not in str(err.get("message")):
            self.counts["internal errors"] += 1
            self.record("internal error", err, self._line(msg))
        result = msg.get("result")
        if isinstance(result, dict) and isinstance(result.get("content"), list) and result["content"]:
            self.counts["tool results"] += 1
            body = json.loads(result["content"][0]["text"])
            self._tool_result(body, msg)

    def _tool_result(self, body, msg):
        errors = [body.get("error")] if isinstance(body, dict) and "error" in body else []
        if isinstance(body, dict) and isinstance(body.get("results"), list):
            errors += [r.get("error") for r in body["results"] if not r.get("ok")]
        for e in errors:
            if not isinstance(e, dict):
                continue
            self.counts["refusals"] += 1
            self.codes[e.get("code")] = self.codes.get(e.get("code"), 0) + 1
            if e.get("code") == "failed" and str(e.get("message", "")).startswith(CRASH_PREFIXES):
                self.counts["failed"] += 1
                self.record("failed", e, self._line(msg))

    def _line(self, msg):
        line = self.sent.pop(msg.get("id"), None)
        return line.decode("utf-8", "backslashreplace")[:2000] if line else None

    def wait_for(self, wanted, timeout=120):
        deadline = time.monotonic() + timeout
        while True:
            try:
                msg = self.server.replies.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                return False
            if msg is None:
                return False
            if msg.get("id") == wanted and ("result" in msg or "error" in msg):
                return True
            self.drain(msg)

    def check(self, n):
        """Alive? A ping, then a real call through the workers, both answered."""
        ping = f"alive-{n}"
        call = f"call-{n}"
        ok = self.server.send(json.dumps({"jsonrpc": "2.0", "id": ping, "method": "ping"}).encode())
        ok = ok and self.wait_for(ping)
        ok = ok and self.server.send(json.dumps({"jsonrpc": "2.0", "id": call, "method": "tools/call", "params": {
            "name": "talkbar_read", "arguments": {"tool": "workspace.list"}}}).encode())
        ok = ok and self.wait_for(call, timeout=300)
        if not ok:
            self.counts["deaths"] += 1
            for line in self.recent:
                self.record("death", f"exit {self.server.proc.poll()}", line.decode("utf-8", "backslashreplace")[:2000])
            self.server.close()
            self._count_stderr()
            self.start()
        self.recent = []

    def feed(self, line):
        self.recent.append(line)
        if not self.server.send(line):
            self.check(-1)

    def wire(self, count):
        for n in range(count):
            line = hostile.wire_line(self.rng, self.ops, self.ids)
            try:
                msg = json.loads(line)
            except (ValueError, RecursionError):
                msg = None
            if isinstance(msg, dict) and msg.get("method") == "tools/call" and isinstance(msg.get("id"), int):
                msg["id"] = self.own_id(line)
                line = json.dumps(msg).encode()
                self.sent[msg["id"]] = line
            self.feed(line)
            if n % CHECK_EVERY == CHECK_EVERY - 1:
                self.check(n)
        self.check(count)

    def argument_sets(self, count):
        for n in range(count):
            op = self.rng.choice(self.ops)
            args = hostile.arguments(self.rng, op.schema, self.ids, hostile=self.rng.choice([0.0, 0.05, 0.2, 0.5]))
            msg = {"jsonrpc": "2.0", "id": 0, "method": "tools/call",
                   "params": {"name": op.tool, "arguments": {"tool": op.id, "args": args}}}
            if self.rng.random() < 0.3:   # the same call in the 2026-07-28 revision (no session)
                msg["params"]["_meta"] = {hostile.MODERN: "2026-07-28", hostile.CAPABILITIES: {}}
            line = json.dumps(msg).encode()
            msg["id"] = self.own_id(line)
            line = json.dumps(msg).encode()
            self.sent[msg["id"]] = line
            self.feed(line)
            if n % CHECK_EVERY == CHECK_EVERY - 1:
                self.check(f"a{n}")
        self.check("args-end")

    def _count_stderr(self):
        self.counts["tracebacks"] += len(self.server.stderr)
        for line in self.server.stderr:
            self.record("traceback", line)

    def finish(self):
        self.server.close()
        self._count_stderr()
        self.offending.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lines", type=int, default=100_000)
    ap.add_argument("--arg-sets", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--keep", help="run in this folder and keep it (default: a temporary one, removed)")
    opts = ap.parse_args()
    tmp = Path(opts.keep) if opts.keep else Path(tempfile.mkdtemp(prefix="talkbar-fuzz-"))
    tmp.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    root = prepare(tmp)
    ops = sorted(load(), key=lambda o: o.id)
    run = Run(root, tmp, ops, demo_ids(), opts.seed)
    try:
        run.wire(opts.lines)
        run.argument_sets(opts.arg_sets)
    finally:
        run.finish()
    c = run.counts
    seconds = time.monotonic() - started
    with open("/proc/loadavg") as f:
        load_avg = f.read().split()[:3]
    print(f"fuzz_hostile: {opts.lines:,} wire lines + {opts.arg_sets:,} argument sets (seed {opts.seed}) in "
          f"{seconds:.0f} s, load {' '.join(load_avg)}: {c['deaths']} deaths, {c['tracebacks']} tracebacks, "
          f"{c['failed']} failed caused by input, {c['internal errors']} internal errors, {c['bad replies']} bad "
          f"replies; {c['tool results']:,} tool results, {c['refusals']:,} refusals"
          + f" ({', '.join(f'{k} {v:,}' for k, v in sorted(run.codes.items(), key=lambda kv: -kv[1]))})"
          + (f"; offending inputs in {tmp / 'offending.jsonl'}" if any(
              c[k] for k in ("deaths", "tracebacks", "failed", "internal errors", "bad replies")) else ""))
    bad = any(c[k] for k in ("deaths", "tracebacks", "failed", "internal errors", "bad replies"))
    if not opts.keep and not bad:
        shutil.rmtree(tmp, ignore_errors=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
