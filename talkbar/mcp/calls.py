"""What one tools/call does: check the tool's own arguments, route operations to the right tool,
ask the user before talkbar_delete runs (confirm.py, in the call's era), run through the engine,
and write the audit log. The same in both eras.

Every refusal here is a tool result with isError (an operation error envelope), never a JSON-RPC
error: those are only for an unknown tool name and for a cancelled call (the server's business).
"""

import os
import threading
import time

from talkbar import events
from talkbar.engine import unreadable_call
from talkbar.errors import OpError
from talkbar.mcp import confirm
from talkbar.mcp.audit import line as audit_line
from talkbar.mcp.tools import FIND_SCHEMA, SEARCH_OP

RUN_KEYS = ("tool", "args", "calls", "stopOnError")


class Cancelled(Exception):
    """The client cancelled the call: nothing more of it runs (the server answers as its era says)."""


def _refuse(message):
    return {"error": {"code": "invalid_arguments", "message": message}}, True


def _takes(name, keys, allowed):
    extra = [k for k in keys if k not in allowed]
    if extra:
        return (f"{name} does not take {', '.join(f'`{k}`' for k in extra)}. "
                f"It takes: {', '.join(sorted(allowed))}.")
    return None


class CallState:
    def __init__(self, msg_id, tool, arguments, modern=None, input_responses=None, request_state=None,
                 progress_token=None):
        self.id = msg_id
        self.tool, self.arguments = tool, arguments
        self.modern = modern                    # the request's Envelope in the modern era, else None
        self.input_responses, self.request_state = input_responses, request_state
        self.progress_token = progress_token
        self.cancel = threading.Event()
        self.lock = threading.Lock()            # nothing is sent for a call once it is cancelled
        self.started = False
        self.asker = None
        self.confirming = tool == "talkbar_delete"   # until the user's answer is in (tasks.py)
        self.answered = False
        self.task = None                        # the task it became (tasks.py), whose outcome its answer is

    def send_unless_cancelled(self, out, message):
        with self.lock:
            if self.cancel.is_set() or self.task is not None:
                return False
            out.send(message)
            return True

    def answer(self, out, message, tasks):
        """Send the call's answer, or make it its task's outcome; False if cancelled before that."""
        with self.lock:
            if self.task is not None:
                tasks.finished(self.task, message)
                return True
            if self.cancel.is_set():
                return False
            self.answered = True
            out.send(message)
            return True

    def become_task(self, out, tasks, handle):
        """Answer with a task handle (handle(task): the CreateTaskResult) unless the call has been
        answered or cancelled first; the task, or None."""
        with self.lock:
            if self.answered or self.cancel.is_set() or self.task is not None:
                return None
            self.task = tasks.create(self)
            out.send(handle(self.task))
            return self.task

    def cancelled(self):
        with self.lock:
            self.cancel.set()


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


class CallRunner:
    def __init__(self, server):
        self.server = server
        self.engine = server.engine
        self.manifest = server.manifest

    def run(self, state, name, arguments):
        """(payload, is_error). An engine refusal met outside an operation (the file held by
        another process while MCP Access is read: `busy`) is the tool result, unchanged."""
        try:
            return self._run(state, name, arguments)
        except OpError as err:
            return self.engine.envelope(err), True

    def _run(self, state, name, arguments):
        current = self.server.current_view()
        self.server.announce_if_changed(current)
        audit = current.access.audit_log
        if audit:
            self._audit("call", state, name, arguments)
        if current.policy.broken:
            try:
                current.policy.refuse_if_broken()
            except OpError as err:
                return err.envelope(), True
        try:
            if name == "talkbar_tools":
                payload, is_error = self._tools(current, arguments)
            elif name == "talkbar_find":
                payload, is_error = self._find(state, current, arguments)
            else:
                payload, is_error = self._runner(state, current, name, arguments)
        except confirm.NeedsInput:
            if audit:
                self._audit("asked", state, name, None)   # modern era: the user is asked; the retry runs it
            raise
        if audit and not is_error:
            self._audit("done", state, name, None)
        return payload, is_error

    # ------------------------------------------------------------------ talkbar_tools
    def _tools(self, current, arguments):
        problem = _takes("talkbar_tools", arguments, ("tool",))
        if problem:
            return _refuse(problem)
        try:
            if not current.access.mcp_enabled:
                current.gate(None)
            if "tool" in arguments:
                if not isinstance(arguments["tool"], str):
                    return _refuse("tool must be a string: an operation id, such as notes.get.")
                return current.describe(arguments["tool"]), False
            return current.index(), False
        except OpError as err:
            return err.envelope(), True

    # ------------------------------------------------------------------ talkbar_find
    def _find(self, state, current, arguments):
        problem = _takes("talkbar_find", arguments, tuple(FIND_SCHEMA["properties"]))
        if problem:
            return _refuse(problem)
        args = dict(arguments)
        args.setdefault("match", "any")
        return self._single(state, current, SEARCH_OP, args)

    # ------------------------------------------------------------------ read / change / delete
    def _runner(self, state, current, name, arguments):
        problem = _takes(name, arguments, RUN_KEYS)
        if problem:
            return _refuse(problem)
        has_tool, has_calls = "tool" in arguments, "calls" in arguments
        if has_tool and has_calls:
            return _refuse(f"{name} takes tool (with args) or calls, not both.")
        if not has_tool and not has_calls:
            return _refuse(f"{name} needs tool (with args) or calls.")
        if "stopOnError" in arguments and not isinstance(arguments["stopOnError"], bool):
            return _refuse("stopOnError must be true or false.")
        if has_tool:
            if "stopOnError" in arguments:
                return _refuse("stopOnError goes with calls, not with tool.")
            entry = {"tool": arguments["tool"]}
            if "args" in arguments:
                entry["args"] = arguments["args"]
            problem = unreadable_call(entry)
            if problem:
                return _refuse(problem)
            calls, batch = [entry], False
        else:
            calls, batch = arguments["calls"], True
            if not isinstance(calls, list) or not 1 <= len(calls) <= 20:
                return _refuse("calls must be an array of 1 to 20 {tool, args} objects.")
        misrouted = self._misrouted(name, calls)
        if misrouted:
            return _refuse(misrouted)
        if name == "talkbar_delete":
            refusal = self._confirm(state, current, calls)
            if refusal:
                return refusal, True
            state.confirming = False
        if not batch:
            entry = calls[0]
            return self._single(state, current, entry["tool"], entry.get("args"))
        results = self.engine.batch(
            calls, stop_on_error=arguments.get("stopOnError", False), gate=current.gate,
            keep_going=lambda: not state.cancel.is_set(), recheck=self._recheck,
            write_lock=self.server.writes.for_call(state))
        if state.cancel.is_set():
            raise Cancelled()
        return {"results": results}, False

    def _single(self, state, current, op_id, args):
        try:
            result = self.engine.call(op_id, args, gate=current.gate, recheck=self._recheck,
                                      write_lock=self.server.writes.for_call(state))
            return result, False
        except OpError as err:
            return self.engine.envelope(err), True

    def _recheck(self, op, cur):
        """Inside the operation's transaction: a write that waited its turn must still be switched on."""
        if self.server.op_delay_s:
            time.sleep(self.server.op_delay_s)  # test hook: TALKBAR_TEST_OP_DELAY_MS makes every operation slow
        if self.server.op_gate:
            self._wait_at_gate(op)
        if not op.is_read:
            self.server.view_on(cur).gate(op)

    def _wait_at_gate(self, op):
        """Test hook (TALKBAR_TEST_OP_GATE): every operation waits, inside its transaction, until that
        file exists; `test.gate` on the event log says one is waiting, so tests order events without clocks."""
        events.emit("test.gate", op=op.id)
        while not os.path.exists(self.server.op_gate):
            time.sleep(0.01)

    def _misrouted(self, name, calls):
        for entry in calls:
            op = self.manifest.get(entry.get("tool")) if isinstance(entry, dict) else None
            if op is None:
                continue
            if name == "talkbar_read" and not op.is_read:
                return (f"talkbar_read runs reads only, so nothing in this call ran: {op.id} is a change; "
                        f"send it to {op.tool}.")
            if name == "talkbar_change" and op.tool != "talkbar_change":
                return f"Nothing in this call ran: {op.id} runs with {op.tool}, not talkbar_change."
            if name == "talkbar_delete" and op.is_read:
                return f"Nothing in this call ran: {op.id} is a read; send it to talkbar_read."
        return None

    # ------------------------------------------------------------------ confirming deletes
    def _confirm(self, state, current, calls):
        """None to go ahead; an error envelope when the user did not (or cannot) confirm."""
        runnable = []
        for entry in calls:
            if unreadable_call(entry):
                continue
            try:
                self.engine.prepare(entry["tool"], entry.get("args"), current.gate)
                runnable.append(entry)
            except OpError:
                continue
        if not runnable:
            return None  # every call would be refused anyway: answer with their own errors
        message = confirm.question(calls, lambda e: not unreadable_call(e))
        return state.asker.confirm(message, current.access.deletes_without_confirmation)

    # ------------------------------------------------------------------ audit log
    def _audit(self, stage, state, name, arguments):
        self.server.log("talkbar audit " + audit_line(stage, state.id, name, arguments, self.manifest, SEARCH_OP))
