"""Consecutive writes of one batch in one transaction, each call still on its own.

A `tools batch` of 1,000 notes.create paid, per call, a transaction of its own (BEGIN, COMMIT:
2-6 ms here, most of a small write) and its own search-index pass (7 statements). A group runs
consecutive writes in one write turn and one transaction, writes the search index once for
everything they touched, and commits them together; the answer of each call is what it would have
been alone, because:

- the calls run in order, each seeing the ones before, exactly as one after another;
- a call that fails rolls the group back (DuckDB has no savepoints), and the group's calls are run
  again one by one, each in a transaction of its own as outside a group, the failing one last: its
  refusal, and everything before it, are then exactly what they would have been alone;
- a call counts as done (its `op.end` event, its place in the answer) only once committed, so a
  batch killed midway has committed every call it reported;
- a group ends before any call that is not a plain write (a read sees only what is committed), and
  after MAX_CALLS calls or MAX_S seconds, so that the write turn is not held for long.
"""

import time
from contextlib import ExitStack

from talkbar import events, hooks
from talkbar.errors import OpError

MAX_CALLS = 200
MAX_S = 0.25


class WriteGroup:
    """`answer(slot, outcome)` receives each call's outcome ({"ok": True, "result": …} or its
    OpError) once it is final: committed, or run again alone."""

    def __init__(self, engine, answer, write_lock=None, stop_on_error=False):
        self.engine = engine
        self.answer = answer
        self.lock = write_lock or engine.db.write_lock
        self.stop_on_error = stop_on_error
        self._stack = None
        self._cur = None
        self._opened = 0.0
        self._done = []        # (slot, prepared, recheck, result, started, workspace_id, touched)

    @staticmethod
    def takes(op):
        """Plain writes only: a read must see what is committed, and a long write takes its own turns."""
        return not op.is_read and not op.outside_queue

    # ------------------------------------------------------------------ running a call
    def run(self, slot, prepared, recheck):
        """Run a prepared write in the group (its answer comes once it is final)."""
        op, args = prepared.op, prepared.args
        started = time.monotonic()
        events.emit("op.start", op=op.id)
        try:
            if self._cur is None:
                self._open()
            result, ctx = self.engine.guarded(op, lambda: self.engine.body(self._cur, op, args, recheck))
        except OpError as err:
            err.op = err.op or op.id
            self._again_alone((slot, prepared, recheck), err, started)
            return
        self._done.append((slot, prepared, recheck, result, started, ctx.workspace_id, ctx.touched))
        if len(self._done) >= MAX_CALLS or time.monotonic() - self._opened >= MAX_S:
            self.commit()

    def commit(self):
        """Index what the group touched, commit, and give every call its answer."""
        if self._cur is None:
            return
        done, self._done = self._done, []
        try:
            touched = {}
            for *_, workspace_id, items in done:
                touched.setdefault(workspace_id, []).extend(items)
            for workspace_id, items in touched.items():
                hooks.changed(self._cur, workspace_id, items)
            self._close(commit=True)
        except Exception as exc:  # the index or the commit failed: each call again, alone
            events.emit("batch.group", step="again", calls=len(done), error=type(exc).__name__)
            if self._cur is not None:
                self._close(commit=False)
            self._alone([d[:3] for d in done])
            return
        for slot, prepared, _recheck, result, started, _ws, _items in done:
            events.emit("op.end", op=prepared.op.id, ok=True, ms=_ms(started))
            self.answer(slot, {"ok": True, "result": result})

    def abandon(self):
        """Roll back a group cut short (its calls were never answered)."""
        self._done = []
        if self._cur is not None:
            self._close(commit=False)

    # ------------------------------------------------------------------ the group's transaction
    def _open(self):
        stack = ExitStack()
        try:
            stack.enter_context(self.lock)
            self._cur = stack.enter_context(self.engine.db.cursor(write=True))
            self._cur.execute("BEGIN TRANSACTION")
        except BaseException:
            self._cur = None
            stack.close()
            raise
        self._stack = stack
        self._opened = time.monotonic()

    def _close(self, commit):
        cur, stack = self._cur, self._stack
        self._cur = self._stack = None
        try:
            if commit:
                cur.execute("COMMIT")
                self.engine.db.kept()
            else:
                cur.execute("ROLLBACK")
                self.engine.db.undone()
        except Exception:
            if commit:
                try:
                    cur.execute("ROLLBACK")
                except Exception:
                    pass
                stack.close()
                raise
        stack.close()

    # ------------------------------------------------------------------ a failure: one by one
    def _again_alone(self, failing, err, started):
        """A call failed inside the group: undo the group, then run its calls and this one alone.
        The first call of a group failed on what is committed, as it would alone: that is its answer."""
        pending, self._done = [d[:3] for d in self._done], []
        if self._cur is not None:
            self._close(commit=False)
        if pending:
            events.emit("batch.group", step="again", calls=len(pending) + 1, error=err.code)
            self._alone(pending + [failing])
            return
        events.emit("op.end", op=failing[1].op.id, ok=False, code=err.code, ms=_ms(started))
        self.answer(failing[0], err)

    def _alone(self, calls):
        for slot, prepared, recheck in calls:
            try:
                self.answer(slot, {"ok": True, "result": self.engine.execute(prepared, recheck, self.lock)})
            except OpError as err:
                self.answer(slot, err)
                if self.stop_on_error:
                    return


def _ms(started):
    return round((time.monotonic() - started) * 1000, 1)
