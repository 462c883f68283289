"""A read of the whole database that does not keep everyone else out while it lasts.

`app export` of a ten-year archive reads for most of a minute (51 s at 6 M turns), and held the
file all that time: an assistant's calls waited their 5 s and answered `busy`, and a recorder's
turns waited. snapshot(db) takes the lease only to checkpoint the file (so that it holds every
committed write) and copy it beside itself (at 6 M turns, 2.04 GB: 2.1-2.4 s from a cold cache,
0.55 s warm), lets the file go, and reads the copy: one committed moment of the data, as the read
transaction on the file gave, while the file takes other processes' calls. The copy is opened
read-only and its name removed at once, so its disk space goes back when the read ends, however it
ends; a copy left by a process that died while copying is removed by the next snapshot.

Where no copy is taken, the read is on the file, holding the lease as before: when the read is
short (the caller's `worth`: a copy of a 2 GB file for a small workspace's export held the file
longer than reading that workspace), when the disk has less room than COPY_ROOM copies of the
file, when the file cannot be written (a read-only mount) or is read beside another program's
session (neither can change it meanwhile), or when the copy fails. Either way the read runs in an
import's memory bound (db.bound_memory).
"""

import os
import shutil
from contextlib import contextmanager

from talkbar import events, processes, sqlfiles
from talkbar.db import bound_memory, configure, duckdb_engine, transaction

# the free space a copy needs, in copies of the file: the copy, and as much again for what the
# reader writes (a backup written onto the same disk, about 0.8x the file at 6 M turns)
COPY_ROOM = 2
SNAPSHOT_MARK = ".snapshot-"


@contextmanager
def snapshot(db, worth=None):
    """`with snapshot(db) as cur:` a cursor in one read transaction on all of the file's committed
    data, DuckDB bounded to an import's memory. `worth(cur)`, asked under the lease: whether the
    read will last long enough for a copy to be worth making (None: always)."""
    copy = None
    try:
        with db.cursor() as cur:
            copy = _copy(db, cur, worth)
            if copy is None:
                bound_memory(cur)
                with transaction(cur):
                    yield cur
                return
        db.release_now()
        con = duckdb_engine().connect(str(copy), read_only=True)
    finally:
        if copy is not None:
            _remove(copy)
    try:
        configure(con)
        sqlfiles.call(con, "import.bounded_memory")
        with transaction(con):
            yield con
    finally:
        con.close()
        _remove(copy)        # where an open file's name cannot be removed (Windows): now


def _copy(db, cur, worth):
    """The checkpointed file copied beside itself (its path), or None where no copy is taken."""
    if not db.writable():     # no file yet, or nothing can change it while it is read
        events.emit("db.snapshot", copied=False, reason="unchanging")
        return None
    if worth is not None and not worth(cur):
        events.emit("db.snapshot", copied=False, reason="short")
        return None
    size = db.path.stat().st_size
    if shutil.disk_usage(db.path.parent).free < COPY_ROOM * size:
        events.emit("db.snapshot", copied=False, reason="room", bytes=size)
        return None
    _sweep(db.path)
    copy = db.path.with_name(f"{db.path.name}{SNAPSHOT_MARK}{os.getpid()}")
    try:
        sqlfiles.call(cur, "db.checkpoint")
        shutil.copyfile(db.path, copy)
    except BaseException as exc:     # a disk that fills, or Ctrl+C while copying: no copy left
        _remove(copy)
        if not isinstance(exc, (OSError, duckdb_engine().Error)):
            raise
        events.emit("db.snapshot", copied=False, reason=type(exc).__name__, bytes=size)
        return None
    events.emit("db.snapshot", copied=True, bytes=size)
    return copy


def _sweep(path):
    """Remove the copies of `path` whose process is gone (killed while copying)."""
    for copy in path.parent.glob(f"{path.name}{SNAPSHOT_MARK}*"):
        pid = copy.name[len(path.name) + len(SNAPSHOT_MARK):]
        if pid.isdigit() and not processes.alive(int(pid)):
            _remove(copy)


def _remove(path):
    try:
        os.unlink(path)
    except OSError:
        pass
