"""What an operation's handler gets: its validated arguments, its workspace, its SQL, and helpers.

Handlers are small functions `run(ctx, args) -> result`. SQL runs through `ctx.sql(name, ...)`,
which binds the query's declared parameters from, in order: the keyword arguments given, the
context (`$workspace_id`, `$now_ms`), and the operation's arguments by camelCase name
(`$note_id` <- args["noteId"]; `$set_note_id`: whether noteId was given at all, so that an
update tells "leave it" from "clear it with null"). Everything runs in the operation's own
transaction.
"""

import threading
from contextlib import contextmanager

from talkbar import clock, declared, hooks, ids, plan, sessionstate, sqlfiles
from talkbar.casing import camel
from talkbar.dbwidth import Width
from talkbar.errors import not_found

# Reads handed to threads from this many on: fewer cost less one after another than the handoff
# (measured in process, both ways interleaved, p50 ms side by side / one after another, at 60 k,
# 602 k and 6 M turns): a transcript's first page, two reads, 4.27 / 3.74, 4.53 / 4.08, 5.52 / 5.03;
# a search at 602 k turns with an FTS5 query before each (bench/search.py's order), two reads, all
# words 13.73 / 12.70, any 14.03 / 13.36; three 13.04 / 12.52 and 13.60 / 13.86; four 14.74 / 15.01
# and 16.29 / 16.82; a transcript page after a cursor, three reads, 4.12 / 4.71, 4.36 / 5.14, 5.31 /
# 6.16; sessions.get, five, 4.76 / 5.01, 4.80 / 5.22, 4.77 / 5.12.
SIDE_BY_SIDE_READS = 3
_POOL = None
_POOL_GUARD = threading.Lock()


def _pool():
    global _POOL
    with _POOL_GUARD:
        if _POOL is None:
            from concurrent.futures import ThreadPoolExecutor   # only reads of several statements use it
            _POOL = ThreadPoolExecutor(max_workers=4, thread_name_prefix="talkbar-sql")
        return _POOL


class Ctx:
    def __init__(self, *, op, args, cur, workspace_id, now, db_path, face, write_lock=None, memo=None, width=None):
        self.op = op
        self.args = args
        self.cur = cur
        self.workspace_id = workspace_id
        self.now = now
        self.db_path = db_path
        self.face = face
        self.touched = []
        self.checked = {}   # {argument: state row} of the ids the row's live/exists checked
        self._write_lock = write_lock
        self._db = None
        # facts that only another process could change, kept while the file is held (the lease's
        # cache: Database.lease_cache); a fresh dict where there is none
        self.memo = {} if memo is None else memo
        # DuckDB's threads for the lease: work that reads much at once asks for the machine's
        # (talkbar/dbwidth.py); an unattached Width where there is no lease sets nothing
        self.width = width or Width()

    # ------------------------------------------------------------------ SQL
    def sql(self, query_name, /, **params):
        if self.cur is None:  # a detached (outside_queue) operation between its write turns
            with self._db.cursor() as cur:
                return self._run_sql(cur, query_name, params)
        return self._run_sql(self.cur, query_name, params)

    def sql_each(self, calls, *, alone=False, heavy=False):
        """Several independent reads [(query_name, params)], results in order. From
        SIDE_BY_SIDE_READS of them on they run side by side, each on a sibling cursor of this
        operation's connection (DuckDB runs a query without the GIL); fewer run one after another on
        this cursor, unless the caller knows them `heavy` (side by side from two). A sibling reads
        what is committed, not this transaction's own writes: a caller that may have written in it
        passes alone=True and they run one after another whatever their number."""
        if alone or self.cur is None or len(calls) < (2 if heavy else SIDE_BY_SIDE_READS):
            return [self.sql(name, **params) for name, params in calls]
        from concurrent.futures import wait
        cursors = [self.cur.cursor() for _ in calls]
        try:
            futures = [_pool().submit(self._run_sql, cur, name, params)
                       for cur, (name, params) in zip(cursors, calls)]
            wait(futures)
            return [f.result() for f in futures]
        finally:
            for cur in cursors:
                cur.close()

    def _run_sql(self, cur, query_name, params):
        query = sqlfiles.get(query_name)
        bound = {}
        for p in query.params:
            if p in params:
                bound[p] = params[p]
            elif p == "workspace_id":
                bound[p] = self.workspace_id
            elif p == "now_ms":
                bound[p] = self.now
            elif p.startswith("set_"):
                bound[p] = camel(p[4:]) in self.args
            else:
                bound[p] = self.args.get(camel(p))
        return sqlfiles.run(cur, query, bound)

    def need(self, query_name, message, /, **params):
        """A `one` query whose absence means not_found with `message`."""
        row = self.sql(query_name, **params)
        if row is None:
            raise not_found(message)
        return row

    def apply(self, op_id, args):
        """Do in this transaction what a call of `op_id` with these (schema-checked) arguments does:
        its row's checks and its handler or queries (what approving a suggestion applies)."""
        from talkbar.manifest import manifest
        other = Ctx(op=manifest().get(op_id), args=args, cur=self.cur, workspace_id=self.workspace_id,
                    now=self.now, db_path=self.db_path, face=self.face, memo=self.memo, width=self.width)
        other.touched = self.touched
        return declared.run(other, args)

    # ------------------------------------------------------------------ helpers named once
    def new_id(self, prefix):
        return ids.new_id(prefix)

    def touch(self, kind, item_id):
        """Record that an item's searchable text changed (the search index follows in this transaction)."""
        self.touched.append((kind, item_id))

    def check_plan_limit(self, limit):
        plan.check_limit(self.cur, self.workspace_id, limit, self.now)

    def session_state(self, session_id):
        return sessionstate.state(self.cur, self.db_path, self.workspace_id, session_id)

    def bump_session(self, *session_ids):
        """The pages of these sessions changed: their revisions move (one statement)."""
        if session_ids:
            self.sql("sessions.bump_revision", session_ids=list(session_ids))

    # ------------------------------------------------------------------ long-running writes
    def detach(self, db):
        """From now on hold no cursor: queries lease the file one by one, writes take turns."""
        self.cur = None
        self._db = db

    @contextmanager
    def transaction(self):
        """A short write turn for an operation that runs outside the write queue (`outside_queue`)."""
        if self._write_lock is None or self._db is None:
            raise RuntimeError(f"{self.op.id} runs in one transaction; ctx.transaction() is for outside_queue ops")
        try:
            with self._db.write_turn(self._write_lock) as cur:
                self.cur = cur
                self.now = clock.now_ms()
                yield self
                hooks.changed(cur, self.workspace_id, self.touched)
                self.touched = []
        finally:
            self.cur = None
