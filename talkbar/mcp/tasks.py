"""Tasks: the `io.modelcontextprotocol/tasks` extension of the 2026-07-28 revision (SEP-2663).

A tool call that is still running TASK_AFTER_S after it came in, from a client that declared the
extension in that request's capabilities, is answered with a task handle (`resultType: "task"`)
instead of holding the request open, and the client polls `tasks/get` until the task is
`completed` (the tool result, an operation error included), `failed` (a JSON-RPC error) or
`cancelled`. Calls that take that long: a search that first builds the index again (about two
minutes on a ten-year archive, after an upgrade that changed the tokeniser), `exports.run` of many
deliveries, a batch of writes behind another process's long hold of the file. A client's own
timeout (often 60 s) would otherwise end them unheard. A call that ends sooner is answered as
always; one that asks the user first (talkbar_delete's confirmation) becomes a task only once it
has been answered, as the extension asks of such exchanges.

`tasks/cancel` is cooperative, as a cancelled call is: the call stops before its next operation;
what finished before that is reported `completed`. While a call is a task, its progress
(talkbar/progress.py) is the task's statusMessage: the extension carries no notifications/progress
on tasks. A `subscriptions/listen` stream may ask for `notifications/tasks` of some tasks
(listwatch.py). Tasks live in this server process: a finished one is kept until TTL_MS after it
was created (MAX_KEPT at most, the oldest finished go first), a working one while it works.
"""

import threading
from datetime import datetime, timezone

from talkbar import clock, ids

EXTENSION = "io.modelcontextprotocol/tasks"
TASK_AFTER_S = 1.0
TTL_MS = 3_600_000
POLL_MS = 1_000
MAX_KEPT = 100       # one client per stdio server; a task keeps its whole result
MISSING_CAPABILITY = -32021
STILL_RUNNING = "The call is still running."


def declared(envelope):
    """Whether a modern request's client capabilities declare the extension (an object, {} or not)."""
    extensions = envelope.capabilities.get("extensions") if envelope is not None else None
    return isinstance(extensions, dict) and isinstance(extensions.get(EXTENSION), dict)


def missing_capability():
    """The error data of -32021 for a request that needs the extension and did not declare it."""
    return {"requiredCapabilities": {"extensions": {EXTENSION: {}}}}


def _iso(ms):
    return datetime.fromtimestamp(ms / 1000, timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class Task:
    def __init__(self, call, now):
        self.id = ids.new_id("task")
        self.call = call                 # the CallState: cancelling the task cancels it
        self.created = self.updated = now
        self.status, self.message = "working", STILL_RUNNING
        self.outcome = None              # "result" or "error" -> the JSON-RPC member

    @property
    def terminal(self):
        return self.status != "working"

    def view(self):
        """The DetailedTask as tasks/get and notifications/tasks give it."""
        task = {"taskId": self.id, "status": self.status, "statusMessage": self.message,
                "createdAt": _iso(self.created), "lastUpdatedAt": _iso(self.updated), "ttlMs": TTL_MS,
                "pollIntervalMs": POLL_MS}
        if self.outcome is not None:
            task.update(self.outcome)
        return task


class TaskStore:
    """The tasks of this server; `tell(view)` hears every change of one (listwatch.py)."""

    def __init__(self, tell=None):
        self._lock = threading.Lock()
        self._tasks = {}
        self._tell = tell or (lambda view: None)

    def create(self, call):
        now = clock.now_ms()
        task = Task(call, now)
        with self._lock:
            self._tasks[task.id] = task
            self._prune(now)
        return task

    def get(self, task_id):
        with self._lock:
            self._prune(clock.now_ms())
            return self._tasks.get(task_id)

    def view_of(self, task_id):
        """The task's view as tasks/get gives it, or None for a task this server does not have."""
        with self._lock:
            task = self._tasks.get(task_id)
            return None if task is None else task.view()

    def working(self, task, message):
        self._change(task, "working", message)

    def finished(self, task, message):
        """The call's JSON-RPC answer: its result completes the task, an error fails it."""
        if "error" in message:
            self._change(task, "failed", "The call failed.", {"error": message["error"]})
        else:
            result = {k: v for k, v in message["result"].items() if k != "_meta"}
            self._change(task, "completed", "The call is done.", {"result": result})

    def cancelled(self, task):
        self._change(task, "cancelled", "Cancelled by the client.")

    def _change(self, task, status, message, outcome=None):
        with self._lock:
            if task.terminal:
                return
            task.status, task.message, task.outcome = status, message, outcome
            task.updated = max(task.updated, clock.now_ms())
            view = task.view()
        self._tell(view)

    def _prune(self, now):
        done = [t for t in self._tasks.values() if t.terminal]
        for t in done:
            if now - t.created >= TTL_MS:
                del self._tasks[t.id]
        done = [t for t in self._tasks.values() if t.terminal]
        for t in done[:max(0, len(self._tasks) - MAX_KEPT)]:
            del self._tasks[t.id]
