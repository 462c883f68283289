"""The one engine behind both faces (CLI and MCP server).

For every call: look the operation up (unknown -> not_found with a did-you-mean), apply the
administrator's policy, the face's gate (MCP Access for the server), validate the arguments, then
run it in its own transaction on a leased cursor — writes one at a time — with the workspace
resolved (default: the one open in the app). Batches run calls in order, each on its own.
"""

import time
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass

from talkbar import declared, events, hooks, policy, progress, sigint, sqlfiles, validate
from talkbar.clock import now_ms
from talkbar.context import Ctx
from talkbar.faces import CLI, MCP  # noqa: F401 - the faces, importable from here too
from talkbar.db import transaction
from talkbar.errors import OpError, failed, invalid, not_found, unexpected
from talkbar.manifest import manifest
from talkbar.write_group import WriteGroup




@dataclass(frozen=True)
class Prepared:
    op: object
    args: dict


class Engine:
    def __init__(self, db, face=CLI):
        self.db = db
        self.face = face
        self.manifest = manifest()

    # ------------------------------------------------------------------ before running
    def lookup(self, op_id):
        op = self.manifest.get(op_id) if isinstance(op_id, str) else None
        if op is None:
            raise self.manifest.unknown(op_id, self.face.list_pointer())
        return op

    def prepare(self, op_id, args, gate=None):
        """Everything that refuses a call without touching the data: lookup, policy, gate, arguments."""
        op = self.lookup(op_id)
        try:
            policy.current().refuse_blocked(op)
            if gate is not None:
                gate(op)
            return Prepared(op, validate.check(op, args))
        except OpError as err:
            err.op = op.id
            raise

    # ------------------------------------------------------------------ running
    def execute(self, prepared, recheck=None, write_lock=None):
        """Run a prepared call. `write_lock` (default: the database's) orders writes; `recheck(op, cur)`
        runs inside the transaction, after the write waited its turn."""
        op, args = prepared.op, prepared.args
        started = time.monotonic()
        events.emit("op.start", op=op.id)
        lock = write_lock or self.db.write_lock
        _imported_before_the_lease(op)
        try:
            with self.db.planning.lean_work() if op.lean_plans else nullcontext():   # talkbar/dbplans.py
                if op.is_read:
                    with self.db.cursor() as cur:
                        result = self._transaction(cur, op, lambda: self._run(cur, op, args, recheck))
                elif op.outside_queue:
                    result = self._outside_queue(op, args, recheck, lock)
                else:
                    # wait for the write turn before leasing the file, so that while writes queue here
                    # another process can still get in between them
                    # op.commit: in the -v log before the next write's op.run, which op.end is not.
                    # The commit is guarded too (a disk that fills as it writes is the call's failure);
                    # the wait for the turn is not (an MCP client may cancel it: talkbar/mcp/calls.py)
                    with lock:
                        result = self.guarded(op, lambda: self._write(op, args, recheck))
        except OpError as err:
            err.op = err.op or op.id
            events.emit("op.end", op=op.id, ok=False, code=err.code,
                        ms=round((time.monotonic() - started) * 1000, 1))
            raise
        events.emit("op.end", op=op.id, ok=True, ms=round((time.monotonic() - started) * 1000, 1))
        return result

    def _write(self, op, args, recheck):
        """The write in its transaction, its turn taken (execute)."""
        with self.db.written(lambda: events.emit("op.commit", op=op.id)) as cur:
            return self._run(cur, op, args, recheck)

    def _ctx(self, cur, op, args, write_lock=None, workspace_id=None):
        wanted = args.get("workspaceId") if workspace_id is None else workspace_id
        return Ctx(op=op, args=args, cur=cur, workspace_id=self._workspace(cur, wanted), now=now_ms(),
                   db_path=self.db.path, face=self.face, write_lock=write_lock, memo=self.db.lease_cache,
                   width=self.db.width)

    def _run(self, cur, op, args, recheck):
        """The body of an operation inside its transaction, with the search index following a write;
        planned lean for a row marked `lean_plans` (talkbar/dbplans.py)."""
        with self.db.planning.lean() if op.lean_plans else nullcontext():
            result, ctx = self.body(cur, op, args, recheck)
            if not op.is_read:
                hooks.changed(cur, ctx.workspace_id, ctx.touched)
        return result

    def body(self, cur, op, args, recheck):
        """The operation itself inside its transaction: (result, its Ctx). A write's `ctx.touched`
        is still to be indexed (`_run` does it at once; a write group for all its calls together)."""
        events.emit("op.run", op=op.id)  # its turn has come: the -v log orders calls by this
        if recheck is not None:
            recheck(op, cur)
        ctx = self._ctx(cur, op, args)
        result = self._handle(ctx, op, args)
        if op.session and isinstance(result, dict):
            sid = args.get(op.session) or result.get(op.session)
            if sid:
                result.update(ctx.session_state(sid))
        return result, ctx

    def _handle(self, ctx, op, args):
        result = declared.run(ctx, args)   # what the row declares, its handler included
        if op.post:
            result = op.resolve(op.post)(result, args)
        for spec in op.touches:
            kind, key = spec.split(":")
            item_id = args.get(key) or (result.get(key) if isinstance(result, dict) else None)
            if item_id:
                ctx.touch(kind, item_id)
        return result

    @contextmanager
    def turn(self, op_id, workspace_id):
        """A write turn outside any call (the export worker's planning, notion connect), as `op_id`
        would have it: refused when the administrator blocks its group, on the workspace given."""
        op = self.manifest.get(op_id)
        policy.current().refuse_blocked(op)
        with self.db.cursor() as cur:
            ctx = self._ctx(cur, op, {}, write_lock=self.db.write_lock, workspace_id=workspace_id)
        ctx.detach(self.db)
        with ctx.transaction():
            yield ctx

    def _outside_queue(self, op, args, recheck, lock):
        """A long-running write (exports.run): no transaction, no write-queue turn and no hold on the
        file of its own; the handler takes short write turns with `ctx.transaction()`, and its reads
        outside them lease the file per query, so other processes get in while it works."""
        with self.db.cursor() as cur:
            def start():
                if recheck is not None:
                    recheck(op, cur)
                return self._ctx(cur, op, args, write_lock=lock)
            ctx = self._transaction(cur, op, start)
        ctx.detach(self.db)
        return self.guarded(op, lambda: self._handle(ctx, op, args))

    def _transaction(self, cur, op, body):
        """Run body in a transaction: committed, or rolled back on any error."""
        with transaction(cur):
            return self.guarded(op, body)

    def guarded(self, op, body):
        """Run body; OpError passes, any other exception becomes a clean `failed`, never a traceback
        (the database's own words where it refused for a reason a person can act on)."""
        try:
            return body()
        except OpError:
            raise
        except Exception as exc:  # a bug or a database fault
            events.emit("op.crash", op=op.id, error=f"{type(exc).__name__}: {exc}")
            if sigint.seen():  # DuckDB's own error for a query that Ctrl+C cut short: the CLI says so
                raise KeyboardInterrupt from None
            refusal = self.db.refusal(exc)
            if refusal is not None:
                raise refusal from None
            raise failed(f"TalkBar could not complete {op.id}: {unexpected(exc)}.") from None

    def _workspace(self, cur, wanted):
        cache = self.db.lease_cache.setdefault("workspaces", {})
        if wanted in cache:  # workspaces are created, switched and removed by the app or an import only
            return cache[wanted]
        found = sqlfiles.call(cur, "workspace.resolve", workspace_id=wanted)
        if found is not None:
            cache[wanted] = found
        if found is None:
            if wanted is not None:
                raise not_found(f"Workspace not found: {wanted}. workspace.list shows your workspaces.")
            raise failed("This data root has no workspace open in the app.")
        return found

    # ------------------------------------------------------------------ the two entry points
    def call(self, op_id, args, gate=None, recheck=None, write_lock=None):
        """Run one operation; return its result or raise OpError (with `.op` set where known)."""
        return self.execute(self.prepare(op_id, args, gate), recheck, write_lock)

    def envelope(self, err):
        return err.envelope(self.face.schema_pointer)

    def batch(self, calls, stop_on_error=False, gate=None, keep_going=None, recheck=None, write_lock=None,
              together=False):
        """Run calls in order; one entry per call that ran. `keep_going()` may stop the rest.
        `together`: consecutive writes share a transaction (talkbar/write_group.py), each call's
        answer and effect staying what it would have been alone. Progress: one step per call, taken
        when its answer is final (a call in a write group: once the group committed)."""
        results = []
        failed = []
        answered = []

        def answer(slot, outcome, readable=True):
            named = {"tool": calls[slot]["tool"]} if readable else {}   # an unreadable call has no `tool`
            if isinstance(outcome, OpError):
                results[slot] = {**named, "ok": False, "error": self.envelope(outcome)["error"]}
                failed.append(slot)
            else:
                results[slot] = {**named, **outcome}
            answered.append(slot)
            step(f"{len(answered)} of {len(calls)}: {named.get('tool', 'unreadable call')} "
                 f"{'failed' if isinstance(outcome, OpError) else 'done'}")

        group = WriteGroup(self, answer, write_lock, stop_on_error) if together else None
        try:
            with self._held_if_possible(), progress.steps(len(calls)) as step, _abandoned_on_error(group):
                for entry in calls:
                    if (keep_going is not None and not keep_going()) or (stop_on_error and failed):
                        break
                    slot = len(results)
                    results.append(None)
                    problem = unreadable_call(entry)
                    if problem:
                        answer(slot, invalid(problem), readable=False)
                        continue
                    prepared = self._batch_prepare(entry, gate, answer, slot)
                    if prepared is None:
                        continue
                    if group is not None and group.takes(prepared.op):
                        group.run(slot, prepared, recheck)
                        continue
                    if group is not None:
                        group.commit()
                    if not (stop_on_error and failed):
                        self._batch_run(prepared, recheck, write_lock, answer, slot)
                if group is not None:
                    group.commit()
        except KeyboardInterrupt:   # Ctrl+C (talkbar/sigint.py): what is final so far goes with it
            raise BatchInterrupted(_answered(results)) from None
        if stop_on_error and failed:
            results = results[:min(failed) + 1]
        return _answered(results)

    @contextmanager
    def _held_if_possible(self):
        """Hold the file across a batch; if it cannot be had now, each call waits (and answers) alone."""
        try:
            hold = self.db.holding()
            hold.__enter__()
        except OpError:
            yield
            return
        try:
            yield
        finally:
            hold.__exit__(None, None, None)

    def _batch_prepare(self, entry, gate, answer, slot):
        """The call made ready to run, or None once its refusal is answered (nothing of it ran)."""
        try:
            return self.prepare(entry["tool"], entry.get("args"), gate)
        except OpError as err:
            answer(slot, err)
            return None

    def _batch_run(self, prepared, recheck, write_lock, answer, slot):
        try:
            answer(slot, {"ok": True, "result": self.execute(prepared, recheck, write_lock)})
        except OpError as err:
            answer(slot, err)


def _imported_before_the_lease(op):
    """Import what the call will run before it queues for the file, which is then held for the work
    only: another process may be waiting (a write's search index and its stemmers are ~70 ms of
    imports, the handler's module some more)."""
    if not op.is_read:
        hooks.load_plugins()
    for dotted in (op.run, op.post):
        if dotted:
            op.resolve(dotted)


def _answered(results):
    """A batch's answers in order, without the slots of calls that have none (cut short, or in a
    write group rolled back or not yet committed)."""
    return [r for r in results if r is not None]


class BatchInterrupted(KeyboardInterrupt):
    """Ctrl+C stopped a batch: `results`, the answers of the calls before it that are final (a write
    group's once it committed; one cut short, or rolled back with its group, has none), in order, for
    the CLI to print before it says it was interrupted."""

    def __init__(self, results):
        super().__init__()
        self.results = results


@contextmanager
def _abandoned_on_error(group):
    """A write group cut short by an exception is rolled back: none of its calls was answered."""
    try:
        yield
    finally:
        if group is not None:
            group.abandon()


def unreadable_call(entry):
    """Why a batch entry cannot be read at all (it then has no `tool` in the answer), or None."""
    if not isinstance(entry, dict):
        return "Each call must be an object of {\"tool\", \"args\"}."
    extra = [k for k in entry if k not in ("tool", "args")]
    if extra:
        return f"A call takes only tool and args; it does not take {', '.join(f'`{k}`' for k in extra)}."
    if not isinstance(entry.get("tool"), str) or not entry.get("tool"):
        return "Each call needs `tool`: the operation id, such as sessions.get."
    if entry.get("args") is not None and not isinstance(entry.get("args"), dict):
        return "arguments must be an object"
    return None
