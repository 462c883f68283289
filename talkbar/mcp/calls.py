"""What one tools/call does: check the tool's own arguments, route operations to the right tool,
ask the user before talkbar_delete runs, run through the engine, and write the audit log.

Every refusal here is a tool result with isError (an operation error envelope), never a JSON-RPC
error: those are only for an unknown tool name and for a cancelled call (the server's business).
"""

import json
import os
import time

from talkbar import policy
from talkbar.engine import unreadable_call
from talkbar.errors import OpError
from talkbar.mcp.tools import FIND_SCHEMA, SEARCH_OP, view

DECLINED = "The user did not confirm, so nothing ran"
UNAVAILABLE = ("This app cannot ask the user to confirm, so nothing ran. Use an app that supports MCP "
               "elicitation, or ask the user to turn on Allow deletes without confirmation in TalkBar "
               "Settings > MCP Access.")
RUN_KEYS = ("tool", "args", "calls", "stopOnError")


def _hold_while_test_file_exists():
    """Test hook: with TALKBAR_TEST_OP_HOLD_FILE set, an operation waits inside its transaction while
    that file exists, so that a test decides when it ends (concurrency tests order events by it)."""
    path = os.environ.get("TALKBAR_TEST_OP_HOLD_FILE")
    while path and os.path.exists(path):
        time.sleep(0.01)


class Cancelled(Exception):
    """The client cancelled the call: it answers -32603 and nothing more runs."""


def _refuse(message):
    return {"error": {"code": "invalid_arguments", "message": message}}, True


def _takes(name, keys, allowed):
    extra = [k for k in keys if k not in allowed]
    if extra:
        return (f"{name} does not take {', '.join(f'`{k}`' for k in extra)}. "
                f"It takes: {', '.join(sorted(allowed))}.")
    return None


class CallRunner:
    def __init__(self, server):
        self.server = server
        self.engine = server.engine
        self.manifest = server.manifest

    def run(self, state, name, arguments):
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
        if name == "talkbar_tools":
            payload, is_error = self._tools(current, arguments)
        elif name == "talkbar_find":
            payload, is_error = self._find(state, current, arguments)
        else:
            payload, is_error = self._runner(state, current, name, arguments)
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
        _hold_while_test_file_exists()
        if not op.is_read:
            view(cur, self.manifest, policy.current()).gate(op)

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
        if self.server.client_can_ask:
            lines = [f"- {e['tool']} {json.dumps(e.get('args') or {}, ensure_ascii=False, separators=(',', ':'))}"
                     for e in calls if not unreadable_call(e)]
            it = "it" if len(lines) == 1 else "them"
            message = ("An assistant wants TalkBar to run:\n" + "\n".join(lines)
                       + f"\nConfirm to run {it}, or decline to run nothing.")
            params = {"message": message, "requestedSchema": {"type": "object", "properties": {}}}
            if self.server.protocol >= "2025-11-25":
                params = {"mode": "form", **params}
            reply = self.server.ask(state, "elicitation/create", params)
            action = ((reply or {}).get("result") or {}).get("action")
            if action == "accept":
                return None
            return {"error": {"code": "declined", "message": DECLINED}}
        if current.access.deletes_without_confirmation:
            return None
        return {"error": {"code": "confirmation_unavailable", "message": UNAVAILABLE}}

    # ------------------------------------------------------------------ audit log
    def _audit(self, stage, state, name, arguments):
        line = {"audit": stage, "id": state.id, "tool": name}
        if stage == "call":
            line["operations"] = [self._audit_entry(e) for e in self._entries(name, arguments)]
        self.server.log("talkbar audit " + json.dumps(line, ensure_ascii=False, separators=(",", ":")))

    def _entries(self, name, arguments):
        if name == "talkbar_find":
            return [{"tool": SEARCH_OP, "args": arguments}]
        if name == "talkbar_tools":
            return [{"tool": "talkbar_tools", "args": arguments}]
        if isinstance(arguments.get("calls"), list):
            return [e for e in arguments["calls"] if isinstance(e, dict)]
        return [{"tool": arguments.get("tool"), "args": arguments.get("args")}]

    def _audit_entry(self, entry):
        op_id = entry.get("tool")
        if isinstance(op_id, str) and op_id.startswith("exports."):
            return {"operation": op_id}
        return {"operation": op_id, "args": entry.get("args")}

