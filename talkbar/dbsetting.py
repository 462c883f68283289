"""A setting of the DuckDB instance that work holds while it runs: DuckDB's threads
(talkbar/dbwidth.py) and its optimiser's passes (talkbar/dbplans.py).

Such a setting belongs to the instance, so what one cursor sets holds for every cursor of the
file's connection (and for any other connection of this process to the file). Holders are counted,
so that nested and side-by-side holders share it, and the setting is changed only when what is
wanted flips: a change costs DuckDB more than reading that nothing changed.
"""

import threading
from abc import ABC, abstractmethod
from contextlib import contextmanager


class HeldSetting(ABC):
    """One leased connection's setting: `_wanted()` says what it should be (from `_holders`, the
    count held(); a subclass may add state of its own, changed through `_change`), `_set(value)`
    sets it through `_setter`, a cursor of the connection kept only for that. A setting never
    attached (a context with no lease) sets nothing."""

    def __init__(self):
        self._lock = threading.Lock()
        self._holders = 0
        self._applied = None       # what the instance is set to (None: not known yet)
        self._setter = None

    def attach(self, con):
        """A new lease's connection: set what is wanted now (work may hold the setting already,
        e.g. an import opening the file)."""
        with self._lock:
            self._setter = con.cursor()
            self._applied = None
            self._attached(self._setter)
            self._apply()

    def detach(self):
        with self._lock:
            if self._setter is not None:
                try:
                    self._detaching()
                except Exception:   # a connection going away with an error: it is closed next
                    pass
                self._setter.close()
            self._setter = None
            self._applied = None

    @contextmanager
    def held(self):
        """The setting for the block (and for any other work running meanwhile)."""
        with self._lock:
            self._holders += 1
            self._apply()
        try:
            yield
        finally:
            with self._lock:
                self._holders -= 1
                self._apply()

    def _change(self, update):
        """Change a subclass's own state (update(), under the lock) and apply what it wants now."""
        with self._lock:
            update()
            self._apply()

    def _apply(self):
        wanted = self._wanted()
        if self._setter is None or wanted == self._applied or not self._settable():
            return
        self._set(wanted)
        self._applied = wanted

    # what a setting says of itself
    def _attached(self, setter):
        """Learn from a new lease's connection what the setting needs, or what it is set to
        (`_applied`; not known by default)."""

    def _detaching(self):
        """What the lease's end leaves the instance set to (another connection to it, a
        compaction's, may outlive the lease): as it is, by default."""

    def _settable(self):
        return True

    def _wanted(self):
        return self._holders > 0

    @abstractmethod
    def _set(self, wanted):
        """Set the instance to `wanted` through `_setter`."""
