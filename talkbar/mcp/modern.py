"""The 2026-07-28 revision on the same stdio server: each request served on its own, from its `_meta`.

Every result names its `resultType` and carries the server's identity in `_meta` (basic/index,
"Per-response protocol fields"). The cacheable results (server/utilities/caching) carry:
- `tools/list`: ttlMs 5000, cacheScope "private". The list is this user's own (MCP Access and
  the administrator's policy decide it), so no shared cache may keep it. Five seconds is less
  than it takes a person to switch from TalkBar's settings back to the assistant and ask again,
  so a toggle always reaches the next turn's listing, while the several listings of one turn are
  served from the client's cache. A subscribed client hears of a change sooner: list_changed on
  its `subscriptions/listen` stream, which also empties that cache.
- `server/discover` and the empty resource and prompt lists: one hour, "public": they hold
  nothing of the user's and change only with the program, which a new process brings.
Requests the revision removed (`ping`, `logging/setLevel`, `resources/subscribe`, ...) are
unknown methods here.
"""

from talkbar import __version__
from talkbar.mcp import eras, tasks, wire
from talkbar.mcp.tools import INSTRUCTIONS

TOOLS_TTL_MS = 5_000
STATIC_TTL_MS = 3_600_000
SERVER_INFO = {"name": "talkbar", "title": "TalkBar", "version": __version__}
RESULT_META = {eras.SERVER_INFO: SERVER_INFO}
CAPABILITIES = {"tools": {"listChanged": True}, "resources": {}, "prompts": {}}
# what server/discover says (the extensions are the modern revision's: the handshake era's
# `initialize` answers CAPABILITIES)
MODERN_CAPABILITIES = {**CAPABILITIES, "extensions": {tasks.EXTENSION: {}}}


def stamped(result):
    return {"resultType": "complete", **result, "_meta": RESULT_META}


def cacheable(result, ttl_ms, scope):
    return stamped({**result, "ttlMs": ttl_ms, "cacheScope": scope})


class ModernRequests:
    def __init__(self, server):
        self.server = server
        self.out = server.out
        self.handlers = {
            "server/discover": self._discover,
            "tools/list": self._tools_list,
            "tools/call": self._tools_call,
            "subscriptions/listen": self._listen,
            "resources/list": lambda msg, env: self._empty(msg, "resources"),
            "resources/templates/list": lambda msg, env: self._empty(msg, "resourceTemplates"),
            "prompts/list": lambda msg, env: self._empty(msg, "prompts"),
            "resources/read": self._no_resource,
            "prompts/get": self._no_prompt,
            "tasks/get": self._task_get,
            "tasks/update": self._task_update,
            "tasks/cancel": self._task_cancel,
        }

    def handle(self, msg):
        try:
            env = eras.envelope(msg.params)
        except eras.Refused as refused:
            self.out.send(wire.error(msg.id, refused.code, refused.message, refused.data))
            return
        handler = self.handlers.get(msg.method)
        if handler is None:
            self.out.send(wire.error(msg.id, wire.METHOD_NOT_FOUND, f"Method not found: {msg.method}"))
            return
        handler(msg, env)

    # ------------------------------------------------------------------ discovery and lists
    def _discover(self, msg, env):
        self.out.send(wire.result(msg.id, cacheable({
            "supportedVersions": list(eras.SUPPORTED), "capabilities": MODERN_CAPABILITIES,
            "instructions": INSTRUCTIONS}, STATIC_TTL_MS, "public")))

    def _tools_list(self, msg, env):
        if not self._one_page(msg):
            return
        current = self.server.current_view()
        self.server.watch.listed(current.canonical())
        self.out.send(wire.result(msg.id, cacheable({"tools": current.definitions()}, TOOLS_TTL_MS, "private")))

    def _empty(self, msg, key):
        if self._one_page(msg):
            self.out.send(wire.result(msg.id, cacheable({key: []}, STATIC_TTL_MS, "public")))

    def _one_page(self, msg):
        if msg.params.get("cursor") is not None:
            self.out.send(wire.error(msg.id, wire.INVALID_PARAMS,
                                     "Invalid params: this list has one page; the cursor is not one it gave"))
            return False
        return True

    def _no_resource(self, msg, env):
        uri = msg.params.get("uri")
        self.out.send(wire.error(msg.id, wire.INVALID_PARAMS, f"Resource not found: {uri}"))

    def _no_prompt(self, msg, env):
        self.out.send(wire.error(msg.id, wire.INVALID_PARAMS, f"Unknown prompt: {msg.params.get('name')}"))

    # ------------------------------------------------------------------ tools/call
    def _tools_call(self, msg, env):
        call = self.server.call_params(msg)
        if call is None:
            return
        params = msg.params
        responses, state = params.get("inputResponses"), params.get("requestState")
        if responses is not None and not isinstance(responses, dict):
            self.out.send(wire.error(msg.id, wire.INVALID_PARAMS, "Invalid params: inputResponses must be an object"))
            return
        if state is not None and not isinstance(state, str):
            self.out.send(wire.error(msg.id, wire.INVALID_PARAMS, "Invalid params: requestState must be a string"))
            return
        name, arguments = call
        self.server.start_call(msg, name, arguments, modern=env, input_responses=responses, request_state=state)

    # ------------------------------------------------------------------ tasks (tasks.py)
    def _task(self, msg):
        """The task a tasks/* request names, or None after answering its error."""
        task_id = msg.params.get("taskId")
        if not isinstance(task_id, str):
            self.out.send(wire.error(msg.id, wire.INVALID_PARAMS, "Invalid params: taskId must be a string"))
            return None
        task = self.server.tasks.get(task_id)
        if task is None:
            self.out.send(wire.error(msg.id, wire.INVALID_PARAMS,
                                     f"Task not found: {task_id[:100]} (finished tasks are kept an hour)"))
        return task

    def _task_get(self, msg, env):
        task = self._task(msg)
        if task is not None:
            self.out.send(wire.result(msg.id, stamped(self.server.tasks.view_of(task.id) or task.view())))

    def _task_update(self, msg, env):
        """No task of this server asks for input: responses are acknowledged and left, as the
        extension says of responses to requests that are not outstanding."""
        if not isinstance(msg.params.get("inputResponses"), dict):
            self.out.send(wire.error(msg.id, wire.INVALID_PARAMS, "Invalid params: inputResponses must be an object"))
            return
        if self._task(msg) is not None:
            self.out.send(wire.result(msg.id, stamped({})))

    def _task_cancel(self, msg, env):
        task = self._task(msg)
        if task is not None:
            task.call.cancelled()      # the call stops before its next operation (server._cancelled)
            self.out.send(wire.result(msg.id, stamped({})))

    # ------------------------------------------------------------------ subscriptions/listen
    def _listen(self, msg, env):
        wanted = msg.params.get("notifications")
        if not isinstance(wanted, dict):
            self.out.send(wire.error(msg.id, wire.INVALID_PARAMS,
                                     "Invalid params: subscriptions/listen needs a notifications object"))
            return
        task_ids = wanted.get("taskIds")
        if task_ids is not None:
            if not tasks.declared(env):
                self.out.send(wire.error(msg.id, tasks.MISSING_CAPABILITY, "Missing required client capability",
                                         tasks.missing_capability()))
                return
            if not isinstance(task_ids, list) or not all(isinstance(t, str) for t in task_ids):
                self.out.send(wire.error(msg.id, wire.INVALID_PARAMS, "Invalid params: taskIds must be strings"))
                return
        defs = None
        wants_tools = wanted.get("toolsListChanged") is True
        if wants_tools:
            try:
                defs = self.server.current_view().canonical()
            except Exception as exc:  # the first change after this is told anyway
                self.server.log(f"could not read MCP Access for a subscription: {type(exc).__name__}: {exc}")
        if not self.server.watch.listen(msg.id, wants_tools, defs, task_ids, self.server.tasks.view_of):
            self.out.send(wire.error(msg.id, wire.INTERNAL_ERROR, "Subscription limit reached"))
