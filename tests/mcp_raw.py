"""A raw stdio peer for wire tests: writes lines to a real `talkbar-cli serve` and reads its lines."""

import json
import queue
import subprocess
import sys
import threading
import time

from conftest import REPO


class RawServer:
    def __init__(self, tb, env=None, verbose=False):
        """verbose: the server writes its -v event log on stderr (see events(), wait_for())."""
        flags = ["-v"] if verbose else []
        self.proc = subprocess.Popen([sys.executable, "-m", "talkbar", *flags, "serve", "--transport", "stdio"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     env=tb.env(**(env or {})), cwd=str(REPO))
        self.lines = queue.Queue()
        self.stderr = []
        threading.Thread(target=self._pump, args=(self.proc.stdout, self.lines), daemon=True).start()
        threading.Thread(target=self._pump_err, daemon=True).start()
        self.next_id = 100
        self.seen = []

    def _pump(self, stream, q):
        for line in iter(stream.readline, b""):
            q.put(json.loads(line))
        q.put(None)

    def _pump_err(self):
        for line in iter(self.proc.stderr.readline, b""):
            self.stderr.append(line.decode("utf-8", "replace"))

    def events(self, name=None, **fields):
        """The server's -v events so far (named `name`, with these fields), in the order it wrote them."""
        out = []
        for line in list(self.stderr):
            if line.startswith("{"):
                try:
                    event = json.loads(line)
                except ValueError:
                    continue
                if (name is None or event.get("event") == name) and all(event.get(k) == v for k, v in fields.items()):
                    out.append(event)
        return out

    def wait_for(self, name, count=1, timeout=60.0, **fields):
        """Wait until the server has logged `count` events `name` (with these fields): a test orders
        what it sends by what the server has done, never by sleeping (the bound is for a hang)."""
        deadline = time.monotonic() + timeout
        while len(self.events(name, **fields)) < count:
            assert time.monotonic() < deadline, f"the server never logged {count} {name} {fields}: {self.stderr[-5:]}"
            assert self.proc.poll() is None, "the server exited"
            time.sleep(0.01)
        return self.events(name, **fields)

    def send_line(self, text):
        data = text if isinstance(text, bytes) else text.encode("utf-8")
        self.proc.stdin.write(data + b"\n")
        self.proc.stdin.flush()

    def send(self, message):
        self.send_line(json.dumps(message))

    def request(self, method, params=None, msg_id=None):
        if msg_id is None:
            self.next_id += 1
            msg_id = self.next_id
        msg = {"jsonrpc": "2.0", "id": msg_id, "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)
        return msg_id

    def notify(self, method, params=None):
        msg = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)

    def read(self, timeout=60.0):
        try:
            msg = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError("the server did not answer in time") from None
        assert msg is not None, "the server closed its output"
        return msg

    def silent(self, wait=0.4):
        time.sleep(wait)
        return self.lines.empty()

    def answer(self, msg_id, timeout=60.0):
        """The answer to msg_id; other lines read meanwhile are kept in `self.seen` for later."""
        for i, msg in enumerate(self.seen):
            if msg.get("id") == msg_id and ("result" in msg or "error" in msg):
                return self.seen.pop(i)
        deadline = time.monotonic() + timeout
        while True:
            msg = self.read(max(0.01, deadline - time.monotonic()))
            if msg.get("id") == msg_id and ("result" in msg or "error" in msg):
                return msg
            self.seen.append(msg)

    def initialize(self, version="2025-06-18", capabilities=None):
        msg_id = self.request("initialize", {"protocolVersion": version, "capabilities": capabilities or {},
                                             "clientInfo": {"name": "raw", "version": "0"}})
        reply = self.answer(msg_id)
        self.notify("notifications/initialized")
        return reply

    def call(self, tool, arguments, msg_id=None):
        return self.request("tools/call", {"name": tool, "arguments": arguments}, msg_id)

    def tool_result(self, msg_id, timeout=60.0):
        reply = self.answer(msg_id, timeout)
        assert "result" in reply, reply
        return json.loads(reply["result"]["content"][0]["text"]), reply["result"]["isError"]

    def close(self, timeout=10.0):
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            return self.proc.wait(timeout=timeout)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
