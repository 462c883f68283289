"""Who hears that the five tool definitions changed, in either era.

The server does not poll: it reads MCP Access and the policy when it is asked something (a tool
call, a tools/list), and tells whoever knew an older list (spec: Tool list changes).
- The handshake session: `notifications/tools/list_changed` at the start of a tool call, when the
  definitions differ from the ones it last listed (or saw at initialize).
- Each modern `subscriptions/listen` stream that asked for `toolsListChanged`: the same
  notification with the stream's id in `_meta` (basic/patterns/subscriptions), when the
  definitions differ from the ones it last heard of. The stream is acknowledged first, ends
  when the client cancels it, and is closed gracefully (its response) when the server stops.
- The same streams, for the tasks they name in `taskIds` (tasks.py, the tasks extension):
  `notifications/tasks` with the task as tasks/get gives it, once when the stream opens and at
  each change of its status or message, until it ends.
"""

import threading

from talkbar.mcp.eras import SUBSCRIPTION_ID

LIST_CHANGED = "notifications/tools/list_changed"
TASK_CHANGED = "notifications/tasks"
ACKNOWLEDGED = "notifications/subscriptions/acknowledged"
MAX_STREAMS = 64


class ListWatch:
    def __init__(self, send):
        self._send = send
        self._lock = threading.Lock()
        self._session = _CLOSED     # the handshake session's last known definitions (JSON), once initialized
        self._streams = {}          # subscription id -> last known definitions (JSON) or None
        self._task_streams = {}     # subscription id -> the ids of the tasks it hears of

    # ------------------------------------------------------------------ the handshake session
    def session_listed(self, defs):
        """initialize (defs None if they could not be read then) or a handshake tools/list."""
        with self._lock:
            self._session = defs

    def called(self, defs):
        """At the start of a tool call (either era): tell everyone who knew another list."""
        with self._lock:
            if self._session is not _CLOSED:
                if self._session is not None and defs != self._session:
                    self._send({"jsonrpc": "2.0", "method": LIST_CHANGED})
                self._session = defs
            self._tell_streams(defs)

    def listed(self, defs):
        """A modern tools/list: streams that knew another list hear of the change."""
        with self._lock:
            self._tell_streams(defs)

    # ------------------------------------------------------------------ subscriptions/listen
    def listen(self, sub_id, wants_tools, defs, task_ids=None, view_of=None):
        """Open a stream and acknowledge what it will hear; False if too many are open. `task_ids`:
        the tasks it asked to hear of (None: none), `view_of(id)` the view of one this server has
        (else None), read here so that no change falls between the view sent and the stream."""
        with self._lock:
            if sub_id not in self._streams and len(self._streams) >= MAX_STREAMS:
                return False
            tasks = None if task_ids is None else [v for v in map(view_of, dict.fromkeys(task_ids)) if v is not None]
            honored = {"toolsListChanged": True} if wants_tools else {}
            if tasks is not None:
                honored["taskIds"] = [t["taskId"] for t in tasks]
            self._send({"jsonrpc": "2.0", "method": ACKNOWLEDGED,
                        "params": {"_meta": {SUBSCRIPTION_ID: sub_id}, "notifications": honored}})
            self._streams[sub_id] = defs if wants_tools else _DEAF
            self._task_streams[sub_id] = {t["taskId"] for t in tasks or []}
            for view in tasks or []:
                self._tell_task(sub_id, view)
            return True

    def task_changed(self, view):
        """A task's status or message changed: the streams that asked for it hear of it."""
        with self._lock:
            for sub_id in [s for s, ids in self._task_streams.items() if view["taskId"] in ids]:
                self._tell_task(sub_id, view)

    def _tell_task(self, sub_id, view):
        self._send({"jsonrpc": "2.0", "method": TASK_CHANGED,
                    "params": {**view, "_meta": {SUBSCRIPTION_ID: sub_id}}})

    def cancel(self, sub_id):
        """The client ended the stream: nothing more is sent for it. True if it was one."""
        with self._lock:
            self._task_streams.pop(sub_id, None)
            return self._streams.pop(sub_id, None) is not None

    def close_all(self):
        """The server stops: each open stream gets its response, the spec's graceful closure."""
        with self._lock:
            for sub_id in list(self._streams):
                self._send({"jsonrpc": "2.0", "id": sub_id,
                            "result": {"resultType": "complete", "_meta": {SUBSCRIPTION_ID: sub_id}}})
            self._streams.clear()
            self._task_streams.clear()

    def _tell_streams(self, defs):
        for sub_id, known in self._streams.items():
            if known is _DEAF or known == defs:
                continue
            self._streams[sub_id] = defs
            self._send({"jsonrpc": "2.0", "method": LIST_CHANGED, "params": {"_meta": {SUBSCRIPTION_ID: sub_id}}})


_DEAF = object()     # a stream that asked for nothing this server sends
_CLOSED = object()   # no handshake session yet
