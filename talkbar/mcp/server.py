"""`talkbar-cli serve --transport stdio`: the MCP server, in both eras of the protocol.

A request whose `_meta` names the 2026-07-28 revision is served on its own under that revision's
rules (modern.py); `initialize` opens the handshake era of 2024-11-05 ... 2025-11-25, exactly as
the spec's wire format describes; anything else before `initialize` gets "Send initialize first"
(eras.py says which is which). Both may be served side by side on one process.

The main thread reads lines and answers everything quick (initialize, discover, lists, errors);
each tools/call goes to a pool of four workers, so four calls run at once and a fifth waits, and
answers may come back out of order. Writes go one at a time through `WriteQueue`, whose wait a
cancellation interrupts. `notifications/cancelled` marks a call: if it has not started it never
runs and a batch stops before its next operation; a handshake call then answers -32603, a modern
one answers nothing (stdio: no further message for a cancelled request). A call whose `_meta` holds
a progressToken hears `notifications/progress` from long work (talkbar/progress.py) until it ends.
"""

import os
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from talkbar import __version__, access, events, policy, progress
from talkbar.engine import MCP, Engine
from talkbar.errors import OpError, unexpected
from talkbar.manifest import manifest
from talkbar.mcp import eras, tasks, wire
from talkbar.mcp.calls import CallRunner, Cancelled, CallState, WriteQueue
from talkbar.mcp.confirm import AskByInputRequired, AskByRequest, BadInput, NeedsInput, Tickets
from talkbar.mcp.listwatch import ListWatch
from talkbar.mcp.modern import CAPABILITIES, RESULT_META, ModernRequests, stamped
from talkbar.mcp.tools import FIVE, INSTRUCTIONS, View

VERSIONS = eras.HANDSHAKE_VERSIONS
CANCELLED = "Request cancelled by the client"
WORKERS = 4


class Server:
    def __init__(self, db, stdin=None, stdout=None, stderr=None, confirm_timeout_s=300.0, op_delay_s=0.0,
                 op_gate=None, task_after_s=tasks.TASK_AFTER_S):
        self.db = db
        self.engine = Engine(db, MCP)
        self.manifest = manifest()
        self.stdin = stdin or sys.stdin.buffer
        self.out = wire.Writer(stdout or sys.stdout.buffer)
        self.err = stderr or sys.stderr
        self.confirm_timeout_s = confirm_timeout_s
        self.op_delay_s = op_delay_s
        self.op_gate = op_gate
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
        self.watch = ListWatch(self.out.send)
        self.tasks = tasks.TaskStore(tell=self.watch.task_changed)
        self.task_after_s = task_after_s
        self.tickets = Tickets(confirm_timeout_s)
        self.modern = ModernRequests(self)
        self.runner = CallRunner(self)
        self._view = None

    # ------------------------------------------------------------------ the loop
    def serve(self):
        for line in wire.LineReader(self.stdin):
            if self.out.closed:     # no reply can reach the client any more: stop rather than work unheard
                break
            msg, err = wire.classify(line)
            if err is not None:
                self.out.send(err)
            elif msg is not None:
                try:
                    self.handle(msg)
                except OpError as exc:  # a refusal in our own words (a damaged or foreign file, busy) on the way
                    self.log(f"could not answer a message: {exc.message}")
                    if msg.is_request:
                        self.out.send(wire.error(msg.id, wire.INTERNAL_ERROR, exc.message))
                except Exception as exc:  # the server never dies on input
                    self.log(f"internal error handling a message: {type(exc).__name__}: {exc}")
                    if msg.is_request:
                        self.out.send(wire.error(msg.id, wire.INTERNAL_ERROR, "Internal error"))
        self.closing = True
        with self.pending_lock:
            for slot in self.pending.values():
                slot[0].set()
        self.pool.shutdown(wait=True)
        self.watch.close_all()
        self.db.release_now()
        if self.out.lost:
            self.log(f"talkbar-cli serve: a reply could not be written to standard output: {self.out.lost}; "
                     "the server stopped.")
            return 1
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
        if msg.is_notification:
            if msg.method == "notifications/cancelled":
                self._cancel(msg.params)  # the calls of either era; before initialize only modern ones exist
            return
        if eras.is_modern(msg):
            self.modern.handle(msg)
        elif not self.initialized:
            if msg.method == "initialize":
                self._initialize(msg)
            else:
                self.out.send(wire.error(msg.id, wire.METHOD_NOT_FOUND, "Send initialize first"))
        else:
            self._handshake_request(msg)

    def _handshake_request(self, msg):
        method = msg.method
        if method == "initialize":
            self.out.send(wire.error(msg.id, wire.INVALID_REQUEST, "Already initialized: send initialize once"))
        elif method == "ping":
            self.out.send(wire.result(msg.id, {}))
        elif method == "tools/list":
            current = self.current_view()
            self.watch.session_listed(current.canonical())
            self.out.send(wire.result(msg.id, {"tools": current.definitions()}))
        elif method == "tools/call":
            call = self.call_params(msg)
            if call is not None:
                self.start_call(msg, *call)
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
        self.client_can_ask = eras.can_ask(params.get("capabilities"))
        self.initialized = True
        self.watch.session_listed(None)
        try:
            self.watch.session_listed(self.current_view().canonical())
        except Exception as exc:
            self.log(f"could not read MCP Access at start: {exc}")
        self.out.send(wire.result(msg.id, {
            "protocolVersion": self.protocol,
            "capabilities": CAPABILITIES,
            "serverInfo": {"name": "talkbar", "title": "TalkBar", "version": __version__},
            "instructions": INSTRUCTIONS,
        }))

    # ------------------------------------------------------------------ tool definitions
    def current_view(self):
        # access.state reads two tables and joins nothing: it leaves the planning as it is
        with self.db.cursor(in_full=False) as cur:
            return self.view_on(cur)

    def view_on(self, cur):
        """What the client may see and run: MCP Access as the file holds it and the policy now.
        Access is read once per lease (only `app access` in another process changes it, and only
        while this one does not hold the file; the lease's cache ends with the lease; with no file
        yet there is no lease, and it is read each time), and the last view is reused while both
        are the same, so a call does not rebuild the definitions."""
        leased = self.db.leased()
        settings = self.db.lease_cache.get("access") if leased else None
        if settings is None:
            settings = access.load(cur, self.manifest)
            if leased:
                self.db.lease_cache["access"] = settings
        current, last = policy.current(), self._view
        if last is None or not last.same(settings, current):
            last = self._view = View(self.manifest, settings, current)
        return last

    def announce_if_changed(self, current):
        """At the start of a tool call: tell whoever knew other definitions (listwatch.py)."""
        self.watch.called(current.canonical())

    # ------------------------------------------------------------------ tools/call
    def call_params(self, msg):
        """(tool, arguments) of a tools/call, or None after answering -32602 (the same in both eras)."""
        params = msg.params
        if not isinstance(params, dict) or not isinstance(params.get("name"), str):
            self.out.send(wire.error(msg.id, wire.INVALID_PARAMS, 'Invalid params: tools/call needs {"name": "<tool>"}'))
            return None
        arguments = params.get("arguments")
        if arguments is not None and not isinstance(arguments, dict):
            self.out.send(wire.error(msg.id, wire.INVALID_PARAMS, "Invalid params: arguments must be an object"))
            return None
        if params["name"] not in FIVE:
            self.out.send(wire.error(msg.id, wire.INVALID_PARAMS, f"Unknown tool: {params['name']}"))
            return None
        return params["name"], arguments or {}

    def start_call(self, msg, name, arguments, modern=None, input_responses=None, request_state=None):
        state = CallState(msg.id, name, arguments, modern, input_responses, request_state,
                          eras.progress_token(msg.params))
        if modern is None:
            state.asker = AskByRequest(self, state)
        else:
            state.asker = AskByInputRequired(self.tickets, state, modern.can_ask, RESULT_META)
        with self.calls_lock:
            self.calls[msg.id] = state
        self.pool.submit(self._run_call, state)
        if modern is not None and tasks.declared(modern):
            self._task_later(state)

    # ------------------------------------------------------------------ tasks (tasks.py)
    def _task_later(self, state):
        timer = threading.Timer(self.task_after_s, self._become_task, (state,))
        timer.daemon = True
        timer.start()

    def _become_task(self, state):
        if state.confirming and not (state.answered or state.cancel.is_set()):
            self._task_later(state)      # asking the user: a task only once the answer is in
            return
        task = state.become_task(self.out, self.tasks, lambda t: wire.result(
            state.id, {**t.view(), "resultType": "task", "_meta": RESULT_META}))
        if task is not None:
            events.emit("mcp.task", id=state.id, task=task.id)

    def _run_call(self, state):
        try:
            if state.cancel.is_set():
                raise Cancelled()
            state.started = True
            with progress.reporting(lambda done, total, message: self._progress(state, done, total, message),
                                    note=lambda message: self._note(state, message)):
                payload, is_error = self.runner.run(state, state.tool, state.arguments)
            if state.cancel.is_set() and state.task is None:   # a task reports work that finished
                raise Cancelled()
            self._answer(state, wire.result(state.id, self._tool_result(state, payload, is_error)))
        except Cancelled:
            self._cancelled(state)
        except NeedsInput as needs:
            self._answer(state, wire.result(state.id, needs.result))
        except BadInput as bad:
            self._answer(state, wire.error(state.id, wire.INVALID_PARAMS, str(bad)))
        except Exception as exc:
            self.log(f"internal error in {state.tool}: {type(exc).__name__}: {exc}")
            text = wire.tool_text({"error": {"code": "failed",
                                             "message": f"TalkBar could not complete the call: {unexpected(exc)}."}})
            self._answer(state, wire.result(state.id, self._content(state, text, True)))
        finally:
            with self.calls_lock:
                self.calls.pop(state.id, None)

    def _tool_result(self, state, payload, is_error):
        return self._content(state, wire.tool_text(payload), is_error)

    @staticmethod
    def _content(state, text, is_error):
        result = {"content": [{"type": "text", "text": text}], "isError": is_error}
        return result if state.modern is None else stamped(result)

    def _answer(self, state, message):
        if not state.answer(self.out, message, self.tasks):
            self._cancelled(state)

    def _cancelled(self, state):
        if state.task is not None:
            self.tasks.cancelled(state.task)
        elif state.modern is None:
            self.out.send(wire.error(state.id, wire.INTERNAL_ERROR, CANCELLED))
        else:
            events.emit("mcp.cancelled", id=state.id)  # modern: no message for a cancelled request

    def _progress(self, state, done, total, message):
        if state.task is not None:
            self.tasks.working(state.task, message)
            return
        if state.progress_token is None:
            return
        params = {"progressToken": state.progress_token, "progress": done, "message": message}
        if total is not None:
            params["total"] = total
        state.send_unless_cancelled(self.out, {"jsonrpc": "2.0", "method": "notifications/progress", "params": params})

    def _note(self, state, message):
        """What long work says it is doing (no step): a task's message (notifications/progress
        carries steps only: its value must grow)."""
        if state.task is not None:
            self.tasks.working(state.task, message)

    def _cancel(self, params):
        request_id = wire.cancelled_id(params)
        if request_id is None:
            return
        with self.calls_lock:
            state = self.calls.get(request_id)
        if state is not None and state.task is None:    # a task is cancelled by tasks/cancel only
            state.cancelled()
        elif self.watch.cancel(request_id):
            events.emit("mcp.listen.cancelled", id=request_id)

    # ------------------------------------------------------------------ asking the client (handshake era)
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


def task_after():
    """How long a call runs before it becomes a task (tasks.py): TASK_AFTER_S (TALKBAR_TEST_TASK_AFTER_MS
    for tests, which hold the call at a gate instead of waiting a second for it)."""
    return _env_float("TALKBAR_TEST_TASK_AFTER_MS", tasks.TASK_AFTER_S * 1000) / 1000.0


def op_delay_from_env():
    """Test hook: TALKBAR_TEST_OP_DELAY_MS makes every operation take that long (concurrency tests)."""
    return _env_float("TALKBAR_TEST_OP_DELAY_MS", 0.0) / 1000.0


def op_gate_from_env():
    """Test hook: TALKBAR_TEST_OP_GATE names a file every operation waits for (calls.py)."""
    return os.environ.get("TALKBAR_TEST_OP_GATE") or None
