"""The database file and how this process shares it with others.

DuckDB lets one process hold a database file at a time (even read-only opens are locked out), and
the spec wants the CLI, a second MCP server and the app to share it. So the file is held only
while working: a lease is kept across a burst of calls and released (closed, which checkpoints)
once the process is idle for a moment, or at once when another process has knocked. A process
that finds the file held knocks and retries for up to 5 s, then answers `busy`. An advisory lock
on `<database>.lock` (talkbar/filelock.py) is held from before DuckDB opens the file until after it
has closed it, so that no process reads the file while another is still checkpointing it.

Inside the process, every use gets its own DuckDB cursor on the shared connection, so reads run
side by side; writes take `write_lock` so that they go one at a time.

A data root that holds no TalkBar database yet is not created by a read: reads are answered from an
empty workspace kept in memory (what a new database would hold), the process says once which path
it found empty and how to fill it, and the file is created by the first write.

A database that cannot be changed where it is (on a read-only file system: a mounted backup, a
snapshot; or one whose file or folder this user may not write) is still read: through DuckDB's
read-only mode, without the lock and queue beside it, which could not be made there (no TalkBar
process can be writing it either). A write, or a read that would have to write (a file needing a
migration, a workspace never indexed), is refused in words (cannot_change).
"""

import errno
import os
import sys
import threading
import time
from contextlib import contextmanager, nullcontext
from pathlib import Path

from talkbar import clock, events, paths, sqlfiles
from talkbar.errors import OpError, busy, failed, os_problem, os_reason
from talkbar.dbqueue import Queue
from talkbar.dbplans import Planning
from talkbar.dbwidth import Width
from talkbar.filelock import FileLock
from talkbar.untrusted import has_lone_surrogate

WAIT_S = 5.0          # how long an open waits for another process to let go of the file
IDLE_S = 10.0         # how long a lease nobody knocks for is kept idle (README: "Sharing the file")
STEP_IDLE_S = 1.0     # how long a command of many steps (an export run) keeps the file between them
FIRST_POLL_S = 0.005  # how often the first in line tries the file (and knocks)
QUEUED_POLL_S = 0.02  # how often the others look whether their turn has come
KNOCK_EVERY_S = 0.04  # how often the first in line knocks again
DRAIN_S = 1.0         # how long a read waits for a knocked lease to end before joining it after all
APP_ID = "talkbar"

_released = []        # fn(path, knocked), called as this process lets a file go (on_release)
_acquired = []        # fn(path), called as this process holds a file again (on_acquire)


def on_release(fn):
    """Register `fn(path, knocked)`, called as a lease of this process lets the file at `path` go,
    before the file is closed; `knocked()` says whether another process asks for the file meanwhile
    (a search compaction may finish, unless knocked, then stops at its range's end:
    talkbar/search/compact.py)."""
    _released.append(fn)
    return fn


def on_acquire(fn):
    """Register `fn(path)`, called as a lease of this process holds the file at `path` (opened, before
    its first statement): what on_release let go on for a while is this process's again (a search
    compaction given a grace goes on to its end)."""
    _acquired.append(fn)
    return fn


def say_empty(path):
    """The default notice for a read of a data root with no TalkBar data (once per process)."""
    import sys
    try:
        sys.stderr.write(empty_notice(path) + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


def empty_notice(path):
    return (f"talkbar-cli: no TalkBar data at {path}: answering from an empty workspace and creating "
            f"nothing. Check TALKBAR_DATA_ROOT (it must be TalkBar's data folder, shown in TalkBar "
            f"Settings > MCP Access), or fill this one with `talkbar-cli app import FILE`.")


def _wait_s():
    """WAIT_S; tests that line processes up behind a held file lengthen it (TALKBAR_TEST_DB_WAIT_MS)
    so that a slow machine never turns their wait into `busy`, and tests of what `busy` looks like
    shorten it."""
    raw = os.environ.get("TALKBAR_TEST_DB_WAIT_MS", "")
    return int(raw) / 1000 if raw.isdigit() else WAIT_S


# A process that keeps its lease across calls (idle_s > 0: the server, the recorder) keeps the
# memory its searches work in across them too. DuckDB's allocator on Linux (its own jemalloc, set up
# from DUCKDB_JE_MALLOC_CONF when DuckDB loads) gives freed pages back to the system over 1 s
# (dirty_decay_ms 1000), so at an assistant's pace (a call every 2 s) a search at 6 M turns faulted
# 1,000-2,300 pages in again, ~4 us each here. Kept for 10 s, they are still there at the next call.
# Not kept for ever (dirty_decay_ms -1, until 2026-12-05): the process then grew without bound, its
# freed pages never reused as its work moved across the allocator's arenas: in process, 20,000 calls
# of an assistant's mix (searches, lists, notes written) back to back on the demo took it to 1.27 GiB
# and still growing, against 0.19-0.22 GiB, flat, kept 10 s or 3 s (DuckDB's own memory: ~25 MiB in
# each). DuckDB still gives back what a worker peaked above 128 MiB once it is idle for 0.5 s
# (allocator_flush_threshold). A setting of the user's own wins; a process that loaded DuckDB
# already keeps what it has.
KEPT_ALLOCATOR = ("DUCKDB_JE_MALLOC_CONF", "dirty_decay_ms:10000")


def duckdb_engine(kept=False):
    """DuckDB's engine module, imported lazily (start-up that --help and --version do not pay);
    `kept`: for a lease kept across calls (KEPT_ALLOCATOR).
    It is `_duckdb`, the compiled engine that the `duckdb` package re-exports: `connect`, the
    connection and cursor, parsed statements and the exception classes are its own. Since 2.0 the
    package's own `__init__` also loads its relation and expression layers in Python and reads its
    version through importlib.metadata, which this code uses none of: importing `duckdb` took 82.8 ms
    (python -X importtime), `_duckdb` 17.7 ms of it, so every CLI process paid ~65 ms for nothing.
    The pinned duckdb (pyproject.toml) is what tests/test_db_engine_module.py checks this against."""
    if kept and "_duckdb" not in sys.modules:
        os.environ.setdefault(*KEPT_ALLOCATOR)
    import _duckdb
    return _duckdb


def read_only_reason(path):
    """Why the existing database file at `path` cannot be changed here, in words (os_reason's), or
    None when it can (or there is no file: a write makes it, or says why it cannot)."""
    try:
        if not path.is_file():
            return None
    except OSError:
        return None
    for where in (path.parent, path):
        if not os.access(where, os.W_OK):
            try:
                read_only_fs = bool(os.statvfs(where).f_flag & os.ST_RDONLY)
            except (AttributeError, OSError):   # no statvfs (Windows)
                read_only_fs = False
            return os_reason(OSError(errno.EROFS if read_only_fs else errno.EACCES, ""))
    return None


def cannot_change(path, reason):
    return (f"TalkBar can read {path} but not change it: {reason}. To change it, copy it to a folder "
            "TalkBar can write to.")


class _NoTicket:
    """The place in line of a read-only open, which takes none (talkbar/dbqueue.py)."""
    number = None

    def leave(self):
        pass


_NO_TICKET = _NoTicket()


def _is_lock_error(exc):
    text = str(exc).lower()
    return "lock" in text and ("conflicting" in text or "could not set" in text)


# What a file DuckDB refused to open is, told by DuckDB's own message (its words stay out of ours:
# they name byte offsets and block checksums, which tell a user nothing; `-v` shows them).
_NOT_DUCKDB = "not a valid duckdb database file"
_NEWER_STORAGE = ("storage version", "newer version of duckdb")
# the write-ahead log beside the file is another database's, or of another state of this one (a
# file restored from a backup without its log, or a log left from before)
_OTHER_WAL = ("wal does not match", "wal checkpoint iteration does not match")


def _refusal(path, exc):
    """The message for a file DuckDB would not open: not a DuckDB file at all, one written by a
    newer DuckDB than this talkbar-cli's, one whose write-ahead log is not its own, or (anything
    else) a damaged one."""
    text = str(exc).lower()
    events.emit("db.refused", path=str(path), error=f"{type(exc).__name__}: {exc}")
    if any(words in text for words in _OTHER_WAL):
        wal = Path(path).name + ".wal"
        return (f"{path} could not be opened: the log beside it ({wal}) is not this file's, as when the file "
                f"alone is restored from a backup. Move {wal} out of its folder to open the file as it is "
                "(what that log holds is then not applied); TalkBar has not changed either.")
    if _NOT_DUCKDB in text:
        return f"{path} is not a TalkBar database: it is not a DuckDB database file."
    if any(words in text for words in _NEWER_STORAGE):
        return f"{path} was written by a newer version of DuckDB than talkbar-cli's; update talkbar-cli."
    return (f"{path} could not be read: the database file is damaged or incomplete. "
            "Restore it from a backup; TalkBar has not changed it.")


class Database:
    """One database file, leased by this process while it works."""

    def __init__(self, path, *, create, idle_s=IDLE_S, wait_s=None, on_empty=say_empty):
        self.path = Path(path)
        if has_lone_surrogate(str(self.path)):   # bytes that are not UTF-8 (DuckDB opens only UTF-8 paths)
            raise failed(f"{os.fsencode(self.path).decode('utf-8', 'backslashreplace')} cannot hold a TalkBar "
                         "database: its path is not UTF-8 text. Choose a folder (TALKBAR_DATA_ROOT) or a file "
                         "(--db) whose path is.")
        self.create = create
        self.on_empty = on_empty
        self._stand_in = None
        self.idle_s = idle_s
        self.wait_s = wait_s if wait_s is not None else _wait_s()
        self.write_lock = threading.Lock()
        self._guard = threading.RLock()
        self._idle = threading.Condition(self._guard)
        self._reaper = None
        self._idle_since = 0.0
        self._con = None
        self._refs = 0
        self._knock_seen = None
        self._checked = False
        self._busy_at = 0.0   # when an open last gave up waiting for another process
        self._remove_on_close = False
        self._fresh = False   # this lease created the file and nothing has been committed to it yet
        self._read_only = None   # why the file leased now cannot be changed (read_only_reason), or None
        self._shared = False     # the lease reads beside another program's read-only session (_read_beside)
        self.lease_cache = {}
        self.width = Width()   # DuckDB's threads: one, but for work that asks for more (width.wide())
        self.planning = Planning()   # DuckDB's optimiser: all of it, but for work that holds planning.lean()
        self._lock = FileLock(self.path.with_name(self.path.name + ".lock"))
        self._queue = Queue(self.path)
        self._mine = threading.local()   # how many cursors this thread holds (nested uses)

    # ------------------------------------------------------------------ the knock
    @property
    def knock_path(self):
        return self.path.with_name(self.path.name + ".knock")

    def _knock(self):
        """Leave a new knock file (a new inode each time, so that a holder sees every knock, also
        where the filesystem's times are coarse)."""
        tmp = self.knock_path.with_name(f"{self.knock_path.name}.{os.getpid()}.{threading.get_ident()}")
        try:
            tmp.write_text(str(os.getpid()))
            os.replace(tmp, self.knock_path)
        except OSError:
            pass

    def _knock_mark(self):
        """What the knock file is now; a knock changes it. Compared with itself, never with a clock."""
        try:
            st = self.knock_path.stat()
        except OSError:
            return None
        return st.st_ino, st.st_mtime_ns

    def _knocked(self):
        return self._knock_mark() != self._knock_seen

    def knocked(self):
        """Whether another process has asked for the file since this lease began (work that holds it
        long, a range at a time, hands it over at its next step: compact.to_the_end)."""
        return self._con is not None and self._knocked()

    # ------------------------------------------------------------------ open / close
    def _refuse_missing(self):
        if self.path.is_dir():
            raise failed(f"{self.path} is a folder, not a TalkBar database file.")
        if not self.path.exists():
            raise failed(f"No TalkBar database at {self.path}: the file does not exist. "
                         "--db opens an existing TalkBar database and never creates one.")

    def _connect(self, write):
        """Open the file in arrival order (talkbar/dbqueue.py): wait for the tickets taken before
        ours, then for the file, knocking so that a TalkBar process holding it idle lets go; after
        wait_s in all, `busy`. A read finding the file held by a program outside TalkBar reads
        beside it if it can (_read_beside)."""
        duckdb = duckdb_engine(kept=self.idle_s > 0)
        if not self.create:
            self._refuse_missing()
        else:
            paths.private_folder(self.path.parent)
        deadline = time.monotonic() + self.wait_s
        read_only = self._read_only is not None    # no queue or lock: they could not be made
        ticket = _NO_TICKET if read_only else self._queue.join()
        events.emit("db.queue", ticket=ticket.number)
        foreign = None
        knock_at = 0.0
        try:
            while True:
                first = read_only or self._queue.ahead(ticket) == 0
                if first and (read_only or self._lock.try_acquire()):
                    try:
                        return self._connected(duckdb, read_only, ticket)
                    except duckdb.IOException as exc:
                        if _is_lock_error(exc) and not (write or read_only):
                            con = self._read_beside(duckdb, ticket)
                            if con is not None:
                                return con
                        self._lock.release()
                        if not _is_lock_error(exc):  # held by a process that does not take our lock (the app)
                            foreign = _refusal(self.path, exc)
                            break
                    except duckdb.Error as exc:
                        self._lock.release()
                        foreign = _refusal(self.path, exc)
                        break
                if first and time.monotonic() >= knock_at:   # a holder looks every 50 ms
                    self._knock()
                    knock_at = time.monotonic() + KNOCK_EVERY_S
                if time.monotonic() >= deadline:
                    events.emit("db.busy", path=str(self.path), ticket=ticket.number)
                    raise busy()
                time.sleep(FIRST_POLL_S if first else QUEUED_POLL_S)
        finally:
            ticket.leave()
        self._refuse(foreign)

    def _connected(self, duckdb, read_only, ticket):
        started = time.monotonic()
        con = duckdb.connect(str(self.path), read_only=read_only)
        configure(con)
        events.emit("db.open", path=str(self.path), ticket=ticket.number, read_only=read_only,
                    ms=round((time.monotonic() - started) * 1000, 1))
        return con

    def _read_beside(self, duckdb, ticket):
        """The file is held by a program outside TalkBar (TalkBar's own lock is ours): if it opened
        the file read-only (an analyst's DuckDB session, `duckdb -readonly`), DuckDB lets others read
        beside it, and this lease does, holding TalkBar's lock as any lease does. A write then waits
        for the file as usual (Database.cursor): `busy` while the program keeps it."""
        try:
            con = self._connected(duckdb, True, ticket)
        except duckdb.Error:      # it holds the file for writing: wait as for anyone
            return None
        self._shared = True
        events.emit("db.shared", path=str(self.path))
        return con

    def _refuse(self, message):
        """A file that is not TalkBar's: refuse it and leave nothing of ours beside it."""
        for side in (self._lock.path, self.knock_path, self._queue.dir / "next", self._queue.dir):
            try:
                os.rmdir(side) if side == self._queue.dir else os.unlink(side)
            except OSError:
                pass
        raise failed(message)

    def _open(self, write):
        self._read_only = read_only_reason(self.path)
        self._shared = False
        try:
            con = self._connect(write)
        except OSError as exc:   # the data folder, the lock or the queue beside the file (not DuckDB's)
            raise failed(os_problem(exc)) from None
        try:
            self.width.attach(con)
            self.planning.attach(con)
            if not self._checked:
                _prepare(con, self.path, self.create, wide=self.width.wide, read_only=self._read_only,
                         shared=self._shared)
                self._checked = True
        except BaseException as exc:
            self.width.detach()
            self.planning.detach()
            con.close()
            self._lock.release()
            if getattr(exc, "foreign", False):
                self._refuse(exc.message)
            if isinstance(exc, duckdb_engine().IOException):   # a file DuckDB opened but cannot read through
                raise failed(_refusal(self.path, exc)) from None
            raise
        self._con = con
        self._knock_seen = self._knock_mark()  # knocks from now on ask this lease to let go
        self.lease_cache = {}  # facts that only another process could change: valid while the file is held
        for fn in _acquired:
            fn(self.path)

    def _close(self):
        if self._con is None:
            return
        started = time.monotonic()
        for fn in _released:   # work of this process on the file that must not outlive the lease
            fn(self.path, self._knocked)
        self.width.detach()
        self.planning.detach()
        try:
            self._con.close()  # checkpoints what this lease wrote
        finally:
            self._con = None
            self._fresh = self._shared = False
            if self._remove_on_close:
                self._remove_on_close = self._checked = False
                for name in (self.path.name, self.path.name + ".wal"):
                    try:
                        os.unlink(self.path.with_name(name))
                    except OSError:
                        pass
            self._lock.release()
            self._idle.notify_all()
            events.emit("db.release", ms=round((time.monotonic() - started) * 1000, 1))

    def _reap(self):
        """The idle watcher: let go of the file once idle for idle_s, or at once when knocked."""
        with self._idle:
            while True:
                if self._con is None or self._refs > 0:
                    self._idle.wait()
                    continue
                remaining = self._idle_since + self.idle_s - time.monotonic()
                if remaining <= 0 or self._knocked():
                    self._close()
                    continue
                self._idle.wait(timeout=min(remaining, 0.05))

    def leased(self):
        """Whether this process holds the file now."""
        return self._con is not None

    def refusal(self, exc):
        """The error to answer for `exc` where it is DuckDB refusing a write on this lease's file,
        opened read-only (a read that had to write: a workspace never indexed, at its first
        search): `busy` beside another program's session, cannot_change where the file cannot be
        written; None for anything else."""
        if "read-only mode" not in str(exc):
            return None
        if self._shared:       # the program beside it keeps the file: as for any write that cannot get in
            return busy()
        if self._read_only is not None:
            return failed(cannot_change(self.path, self._read_only))
        return None

    def writable(self):
        """Whether the lease held now can change the file: neither read-only (cannot_change) nor read
        beside another program's session."""
        return self._con is not None and self._read_only is None and not self._shared

    def release_now(self):
        with self._guard:
            if self._refs == 0:
                self._close()

    @contextmanager
    def write_turn(self, lock=None, committed=None):
        """A cursor in one write transaction. The write turn (`lock`, default write_lock) is waited
        for before the file is leased, so that while writes queue here another process can still
        get in between them. `committed()` runs once the transaction has committed, before the turn
        passes to the next write (what happens after that may come after the next write's start)."""
        with (lock or self.write_lock), self.written(committed) as cur:
            yield cur

    @contextmanager
    def written(self, committed=None):
        """write_turn's transaction, for a caller that has taken the write turn itself."""
        with self.cursor(write=True) as cur:
            with transaction(cur):
                yield cur
            if committed is not None:
                committed()
        self.kept()

    def kept(self):
        """A write was committed: the file this lease created stays."""
        self._fresh = self._remove_on_close = False

    def undone(self):
        """A write was refused or rolled back (a call refused, an import failing midway). If this
        lease created the file and nothing has been committed to it, the file goes when the lease
        ends, before the lock is released: the data root is as it was, with no database (bad input
        changes nothing); a write committed before then keeps it."""
        if self._fresh:
            self._remove_on_close = True

    # ------------------------------------------------------------------ no database yet
    @property
    def missing(self):
        """True while this data root holds no database that a read could open (a read sees the empty
        workspace in memory)."""
        return self.create and self._con is None and not self.path.exists()

    def _empty_cursor(self):
        """A cursor on the empty workspace in memory (prepared once, announced once)."""
        with self._guard:
            if self._stand_in is None:
                con = duckdb_engine().connect(":memory:")
                _prepare(con, self.path, create=True)
                self._stand_in = con
                events.emit("db.empty", path=str(self.path))
                if self.on_empty is not None:
                    self.on_empty(self.path.parent)
            return self._stand_in.cursor()

    # ------------------------------------------------------------------ the lease
    @contextmanager
    def holding(self):
        """Keep the lease across several operations (a batch, a CLI command). With no database
        yet there is nothing to hold: each call opens what it needs (a write creates the file)."""
        if self.missing:
            yield
            return
        with self.cursor(in_full=False):
            yield

    @contextmanager
    def cursor(self, write=False, in_full=True):
        """A cursor on the leased connection, for one operation (or one batch entry). A read of a
        data root with no database yet gets the empty workspace in memory; `write` creates it.
        `in_full`: its statements are planned with every pass, unless the work is lean
        (talkbar/dbplans.py); False where the passes make no difference: holding() runs no
        statement (the calls inside take cursors of their own), and the MCP server's read of MCP
        Access joins nothing.
        Calls that queued behind an open which waited its 5 s in vain share its `busy` rather than
        each starting a wait of its own (three reads at once answered after 5, 10 and 15 s)."""
        if write:
            reason = self._read_only if self._con is not None else read_only_reason(self.path)
            if reason is not None:
                raise failed(cannot_change(self.path, reason))
        if not write and self.missing:
            cur = self._empty_cursor()
            try:
                yield cur
            finally:
                cur.close()
            return
        asked = time.monotonic()
        nested = getattr(self._mine, "n", 0)
        with self._guard:
            # Another process waits: a new read here lets the lease end and queues behind it. Only
            # for a while (DRAIN_S), and never a write: a write holds the write lock, which work
            # holding the lease may be waiting for.
            drain_until = time.monotonic() + DRAIN_S
            while (self._con is not None and self._refs and not nested and not write and self._knocked()
                   and time.monotonic() < drain_until):
                self._idle.wait(timeout=0.05)
            if write and self._shared and self._con is not None:
                if nested:         # this thread's own read holds the lease that would have to go
                    raise busy()
                while self._refs:  # other threads' reads on it end first
                    self._idle.wait(timeout=0.05)
                self._close()      # and the write waits for the file as any does
            if self._con is None:
                if self._busy_at > asked:
                    raise busy()
                fresh = write and self.missing
                try:
                    self._open(write)
                except OpError as err:
                    if err.code == "busy":
                        self._busy_at = time.monotonic()
                    raise
                self._fresh = fresh
                if fresh:
                    paths.private_file(self.path)
            self._refs += 1
            cur = self._con.cursor()
        self._mine.n = nested + 1
        try:
            with self.planning.in_full() if in_full else nullcontext():
                yield cur
        except BaseException:
            if write:
                self.undone()
            raise
        finally:
            self._mine.n = nested
            try:
                if id(cur) in _bounded:
                    _unbound(cur)
                cur.close()
            finally:
                with self._guard:
                    self._refs -= 1
                    if self._refs == 0:
                        if self.idle_s <= 0 or self._knocked():
                            self._close()
                        else:
                            self._idle_since = time.monotonic()
                            if self._reaper is None:
                                self._reaper = threading.Thread(target=self._reap, daemon=True,
                                                                name="talkbar-db-idle")
                                self._reaper.start()
                            self._idle.notify()


# ---------------------------------------------------------------------- identity and migrations
def _foreign(message):
    err = failed(message)
    err.foreign = True
    return err


def _prepare(con, path, create, wide=nullcontext, read_only=None, shared=False):
    """Check that the file is TalkBar's (or make it so, if it is new), then migrate it (inside
    `wide()` when there is anything to migrate). `read_only`: why the file cannot be changed (it is
    then neither made TalkBar's nor migrated); `shared`: read beside another program, which must let
    go of it before a migration can be written (`busy` until then)."""
    try:
        known = sqlfiles.call(con, "db.identity")   # a TalkBar file: its mark and migrations, in one statement
    except duckdb_engine().CatalogException:             # no meta or no schema_migrations: new, or not ours
        if sqlfiles.call(con, "db.tables") or not create or read_only:
            raise _foreign(f"{path} is a DuckDB database but not TalkBar's: it has no TalkBar metadata.") from None
        sqlfiles.call(con, "migrations.ensure_table")
        _migrate(con, path, done=set(), wide=wide)
        _seed(con, path)
        return
    if known["app"] != APP_ID:
        raise _foreign(f"{path} is a DuckDB database but not TalkBar's.")
    _migrate(con, path, done=set(known["versions"] or []), wide=wide, read_only=read_only, shared=shared)


def _migrate(con, path, done, wide=nullcontext, read_only=None, shared=False):
    """Apply the migrations not in `done` (the versions the file records), each in a transaction."""
    pending = [m for m in sqlfiles.migrations() if m[0] not in done]
    known = {v for v, _, _ in sqlfiles.migrations()}
    if done - known:
        raise failed(f"{path} was written by a newer TalkBar (schema {max(done)}); update talkbar-cli.")
    if not pending:
        return
    if shared:
        raise busy()
    if read_only is not None:
        raise failed(f"{path} was written by an older talkbar-cli and must be brought up to date before it "
                     f"can be read, which means writing to it: {read_only}. Copy it to a folder TalkBar can "
                     "write to.")
    with wide():
        for version, name, text in pending:
            with transaction(con):
                con.execute(text)
                sqlfiles.call(con, "migrations.record", version=version, name=name, now_ms=clock.now_ms())
            events.emit("db.migrate", version=version, name=name)


_bounded = set()   # the cursors (by id) whose work holds DuckDB to bounded memory
_bounded_guard = threading.Lock()


def configure(con):
    """What every connection to a TalkBar file is set to (db.settings), and no progress bar: DuckDB
    draws it on standard output, which is the MCP wire or the CLI's answer."""
    con.execute("SET enable_progress_bar = false")
    sqlfiles.call(con, "db.settings")


def bound_memory(cur):
    """DuckDB held to an import's few hundred MB (sql/import/tables.sql) for the rest of the work on
    `cur`, a cursor from Database.cursor(): its commit, and the checkpoint that follows it, included;
    lifted when the cursor is given back. For a rebuild of the search index outside an import: at
    6 M turns it took 3.4 GiB unbounded, 1.8 GiB with the bound lifted before the commit, 0.6 GiB
    under it throughout, in 1.09x the time."""
    sqlfiles.call(cur, "import.bounded_memory")
    with _bounded_guard:
        _bounded.add(id(cur))


def _unbound(cur):
    with _bounded_guard:
        _bounded.discard(id(cur))
    try:
        sqlfiles.call(cur, "import.usual_memory")
    except Exception:    # a connection failing: it is closed next, and the bound with it
        pass


@contextmanager
def transaction(cur):
    """BEGIN … COMMIT around the block, or ROLLBACK on any error (which then goes on)."""
    cur.execute("BEGIN TRANSACTION")
    try:
        yield cur
    except BaseException:
        try:
            cur.execute("ROLLBACK")
        except Exception:
            pass
        raise
    cur.execute("COMMIT")


def _seed(con, path):
    """The new database's default workspace and profile, with ids fixed by its path (the empty
    workspace that reads see before the file exists is the one the first write creates)."""
    from talkbar.ids import stable_id
    where = str(Path(path).absolute())
    params = {"now_ms": clock.now_ms(), "workspace_id": stable_id("ws", where + ":workspace"),
              "profile_id": stable_id("profile", where + ":profile"), "cursor_secret": os.urandom(16).hex()}
    with transaction(con):
        sqlfiles.call_each(con, ("seed.meta", "seed.profile", "seed.workspace", "seed.license"), **params)
