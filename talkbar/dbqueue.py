"""The order in which processes waiting for the database file get it: a ticket queue beside the lock.

Retrying with backoff alone let the processes that kept losing the race for the file give up after
5 s (`busy`) while newer ones got in. Here every process that wants the file takes a ticket (a
number from a counter file, `<database>.queue/next`, under its own short lock) and waits as a file
`<database>.queue/<ticket>.<pid>`, locked by it for as long as it waits. It tries the file only
when no earlier ticket is still waiting: tickets are served in arrival order. A ticket whose file
is no longer locked belongs to a process that died waiting; the next process that looks removes it.

A ticket's file is locked under a temporary name and then renamed into the queue, so that no
process ever sees a queued ticket that is not yet locked by its owner.
"""

import os
import threading
import time
from pathlib import Path

from talkbar.filelock import FileLock

_counter_guard = threading.Lock()


class Ticket:
    def __init__(self, number, path, lock):
        self.number, self.path, self._lock = number, path, lock

    def leave(self):
        try:
            os.unlink(self.path)
        except OSError:
            pass
        self._lock.release()


class Queue:
    def __init__(self, db_path):
        db_path = Path(db_path)
        self.dir = db_path.with_name(db_path.name + ".queue")

    def join(self):
        """A ticket after every one taken before it."""
        self.dir.mkdir(exist_ok=True)
        number = self._next_number()
        tag = f"{os.getpid()}.{threading.get_ident()}"
        tmp = self.dir / f"joining.{tag}"
        lock = FileLock(tmp)
        lock.try_acquire()   # a new file of our own: always free
        path = self.dir / f"{number:012d}.{tag}"
        os.replace(tmp, path)
        return Ticket(number, path, lock)

    def _next_number(self):
        counter = FileLock(self.dir / "next")
        with _counter_guard:
            while not counter.try_acquire():
                time.sleep(0.0005)
            try:
                with open(self.dir / "next", "r+", encoding="ascii") as f:
                    text = f.read().strip()
                    number = int(text) if text.isdigit() else 0
                    f.seek(0)
                    f.write(str(number + 1))
                    f.truncate()
            finally:
                counter.release()
        return number

    def ahead(self, ticket):
        """How many live tickets were taken before this one (dead ones are cleared on the way)."""
        waiting = 0
        try:
            names = os.listdir(self.dir)
        except OSError:
            return 0
        for name in names:
            number, _, _ = name.partition(".")
            if not number.isdigit() or int(number) >= ticket.number:
                continue
            other = FileLock(self.dir / name)
            if other.try_acquire():      # nobody holds it: its process is gone
                try:
                    os.unlink(self.dir / name)
                except OSError:
                    pass
                other.release()
            else:
                waiting += 1
        return waiting
