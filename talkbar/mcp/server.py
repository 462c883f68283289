"""`talkbar-cli serve --transport stdio`: the MCP session.

The main thread reads lines and answers everything quick (initialize, ping, lists, errors); each
tools/call goes to a pool of four workers, so four calls run at once and a fifth waits, and
answers may come back out of order. Writes go one at a time through `WriteQueue`, whose wait a
cancellation interrupts. `notifications/cancelled` marks a call: if it has not started it never
runs, a batch stops before its next operation, and the answer is JSON-RPC -32603.
"""

import json
import os
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from talkbar import __version__, policy
from talkbar.engine import MCP, Engine
from talkbar.manifest import manifest
from talkbar.mcp import wire
from talkbar.mcp.calls import CallRunner, Cancelled
from talkbar.mcp.tools import FIVE, INSTRUCTIONS, view

VERSIONS = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")
CANCELLED = "Request cancelled by the client"
WORKERS = 4


class CallState:
    def __init__(self, msg_id):
        self.id = msg_id
        self.cancel = threading.Event()
        self.started = False


class WriteQueue:
    """One write at a time for this server; waiting can be cancelled."""

    def __init__(self):
        self._lock = threading.Lock()

    def for_call(self, state):
        queue = self

        class _Turn:
            def __enter__(self):
                while not queue._lock.acquire(timeout=0.05):
                    if state.cancel.is_set():
                        raise Cancelled()
                if state.cancel.is_set():
                    queue._lock.release()
                    raise Cancelled()
                return self

            def __exit__(self, *exc):
                queue._lock.release()
                return False
        return _Turn()


class Server:
    def __init__(self, db, stdin=None, stdout=None, stderr=None, confirm_timeout_s=300.0, op_delay_s=0.0):
        self.db = db
        self.engine = Engine(db, MCP)
        self.manifest = manifest()
        self.stdin = stdin or sys.stdin.buffer
        self.out = wire.Writer(stdout or sys.stdout.buffer)
        self.err = stderr or sys.stderr
        self.confirm_timeout_s = confirm_timeout_s
        self.op_delay_s = op_delay_s
        self.initialized = False
        self.protocol = None
        self.client_can_ask = False
        self.calls = {}
        self.calls_lock = threading.Lock()
        self.pool = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="talkbar-call")
        self.writes = WriteQueue()
        self.pending = {}          # our requests to the client (elicitation): id -> [Event, reply]
        self.pending_lock = threading.Lock()
        self.next_request = 0
        self.closing = False
        self.defs_lock = threading.Lock()
        self.last_defs = None
        self.runner = CallRunner(self)

    # ------------------------------------------------------------------ the loop
    def serve(self):
        for line in wire.LineReader(self.stdin):
            msg, err = wire.classify(line)
            if err is not None:
                self.out.send(err)
            elif msg is not None:
                try:
                    self.handle(msg)
                except Exception as exc:  # the server never dies on input
                    self.log(f"internal error handling a message: {type(exc).__name__}: {exc}")
                    if msg.is_request:
                        self.out.send(wire.error(msg.id, wire.INTERNAL_ERROR, "Internal error"))
        self.closing = True
        with self.pending_lock:
            for slot in self.pending.values():
                slot[0].set()
        self.pool.shutdown(wait=True)
        self.db.release_now()
        return 0

    def log(self, text):
        try:
            self.err.write(text + "\n")
            self.err.flush()
        except (OSError, ValueError):
            pass

    # ------------------------------------------------------------------ dispatch
    def handle(self, msg):
        if msg.is_response:
            self._deliver_reply(msg)
            return
        if not msg.is_request and not msg.is_notification:
            self.out.send(wire.error(msg.id, wire.INVALID_REQUEST, "Invalid Request: an id without a method"))
            return
        if not self.initialized:
            if msg.is_request and msg.method == "initialize":
                self._initialize(msg)
            elif msg.is_request:
                self.out.send(wire.error(msg.id, wire.METHOD_NOT_FOUND, "Send initialize first"))
            return
        if msg.is_notification:
            if msg.method == "notifications/cancelled":
                self._cancel(msg.params)
            return
        method = msg.method
        if method == "initialize":
            self.out.send(wire.error(msg.id, wire.INVALID_REQUEST, "Already initialized: send initialize once"))
        elif method == "ping":
            self.out.send(wire.result(msg.id, {}))
        elif method == "tools/list":
            self.out.send(wire.result(msg.id, {"tools": self._definitions(remember=True)}))
        elif method == "tools/call":
            self._tools_call(msg)
        elif method == "resources/list":
            self.out.send(wire.result(msg.id, {"resources": []}))
        elif method == "resources/templates/list":
            self.out.send(wire.result(msg.id, {"resourceTemplates": []}))
        elif method == "prompts/list":
            self.out.send(wire.result(msg.id, {"prompts": []}))
        else:
            self.out.send(wire.error(msg.id, wire.METHOD_NOT_FOUND, f"Method not found: {method}"))

    def _initialize(self, msg):
        params = msg.params if isinstance(msg.params, dict) else None
        if params is None or not isinstance(params.get("protocolVersion"), str):
            self.out.send(wire.error(msg.id, wire.INVALID_PARAMS, "Invalid params: initialize needs protocolVersion"))
            return
        asked = params["protocolVersion"]
        self.protocol = asked if asked in VERSIONS else VERSIONS[-1]
        caps = params.get("capabilities") if isinstance(params.get("capabilities"), dict) else {}
        eli = caps.get("elicitation")
        self.client_can_ask = isinstance(eli, dict) and (not eli or "form" in eli)
        self.initialized = True
        try:
            self._definitions(remember=True)
        except Exception as exc:
            self.log(f"could not read MCP Access at start: {exc}")
        self.out.send(wire.result(msg.id, {
            "protocolVersion": self.protocol,
            "capabilities": {"tools": {"listChanged": True}, "resources": {}, "prompts": {}},
            "serverInfo": {"name": "talkbar", "title": "TalkBar", "version": __version__},
            "instructions": INSTRUCTIONS,
        }))

    # ------------------------------------------------------------------ tool definitions
    def current_view(self):
        with self.db.cursor() as cur:
            return view(cur, self.manifest, policy.current())

    def _definitions(self, remember):
        defs = self.current_view().definitions()
        if remember:
            with self.defs_lock:
                self.last_defs = json.dumps(defs, sort_keys=True)
        return defs

    def announce_if_changed(self, current):
        """At the start of a tool call: tell the client if the five definitions changed since."""
        now = json.dumps(current.definitions(), sort_keys=True)
        with self.defs_lock:
            changed = self.last_defs is not None and now != self.last_defs
            self.last_defs = now
        if changed:
            self.out.send({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"})

    # ------------------------------------------------------------------ tools/call
    def _tools_call(self, msg):
        params = msg.params
        if not isinstance(params, dict) or not isinstance(params.get("name"), str):
            self.out.send(wire.error(msg.id, wire.INVALID_PARAMS, 'Invalid params: tools/call needs {"name": "<tool>"}'))
            return
        arguments = params.get("arguments")
        if arguments is not None and not isinstance(arguments, dict):
            self.out.send(wire.error(msg.id, wire.INVALID_PARAMS, "Invalid params: arguments must be an object"))
            return
        if params["name"] not in FIVE:
            self.out.send(wire.error(msg.id, wire.INVALID_PARAMS, f"Unknown tool: {params['name']}"))
            return
        state = CallState(msg.id)
        with self.calls_lock:
            self.calls[msg.id] = state
        self.pool.submit(self._run_call, state, params["name"], arguments or {})

    def _run_call(self, state, name, arguments):
        try:
            if state.cancel.is_set():
                raise Cancelled()
            state.started = True
            payload, is_error = self.runner.run(state, name, arguments)
            if state.cancel.is_set():
                raise Cancelled()
            self.out.send(wire.result(state.id, {
                "content": [{"type": "text", "text": json.dumps(payload, ensure_ascii=False, separators=(",", ":"))}],
                "isError": is_error}))
        except Cancelled:
            self.out.send(wire.error(state.id, wire.INTERNAL_ERROR, CANCELLED))
        except Exception as exc:
            self.log(f"internal error in {name}: {type(exc).__name__}: {exc}")
            text = json.dumps({"error": {"code": "failed", "message": f"TalkBar could not complete the call: {exc}"}})
            self.out.send(wire.result(state.id, {"content": [{"type": "text", "text": text}], "isError": True}))
        finally:
            with self.calls_lock:
                self.calls.pop(state.id, None)

    def _cancel(self, params):
        if not isinstance(params, dict):
            return
        with self.calls_lock:
            state = self.calls.get(params.get("requestId"))
        if state is not None:
            state.cancel.set()

    # ------------------------------------------------------------------ asking the client
    def ask(self, state, method, params):
        """Send a request to the client and wait for its reply; None on timeout, cancel or EOF."""
        with self.pending_lock:
            self.next_request += 1
            req_id = f"talkbar-{self.next_request}"
            slot = [threading.Event(), None]
            self.pending[req_id] = slot
        self.out.send({"jsonrpc": "2.0", "id": req_id, "method": method, "params": params})
        deadline = time.monotonic() + self.confirm_timeout_s
        try:
            while not slot[0].wait(0.05):
                if state.cancel.is_set():
                    raise Cancelled()
                if time.monotonic() >= deadline or self.closing:
                    return None
            return slot[1]
        finally:
            with self.pending_lock:
                self.pending.pop(req_id, None)

    def _deliver_reply(self, msg):
        with self.pending_lock:
            slot = self.pending.get(msg.id)
        if slot is not None:
            slot[1] = msg.data
            slot[0].set()


def _env_float(name, default):
    value = os.environ.get(name)
    try:
        return float(value) if value else default
    except ValueError:
        return default


def confirm_timeout():
    """How long a delete waits for the user's answer: 5 minutes (TALKBAR_CONFIRM_TIMEOUT_S for tests)."""
    return _env_float("TALKBAR_CONFIRM_TIMEOUT_S", 300.0)


def op_delay_from_env():
    """Test hook: TALKBAR_TEST_OP_DELAY_MS makes every operation take that long (concurrency tests)."""
    return _env_float("TALKBAR_TEST_OP_DELAY_MS", 0.0) / 1000.0
