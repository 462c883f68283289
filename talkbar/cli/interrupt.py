"""Ctrl+C (SIGINT) and SIGTERM for the CLI's long runs (`exports worker`, `app record`).

A signal only marks the run as stopped; the run ends at its next clean point: between passes or
turns, or at once when it is waiting. It is never cut inside a write, a lock or a DuckDB call (a
KeyboardInterrupt raised there could leave a lock held that the exit then waits for). The handler
sets a flag and nothing else (a lock or Event it touched might be held by the very code it
interrupted); the waits wake through the signal's wakeup pipe (signal.set_wakeup_fd), which the
interpreter writes before any handler runs, so a signal that comes just before a wait still ends it.
"""

import os
import select
import signal

from talkbar import sigint


class Interrupts:
    """Installed for the run's life, from the main thread: `stopped` is set by the first signal.
    With force=True a second signal that comes while the run is busy raises KeyboardInterrupt
    (Ctrl+C twice does not wait for the pass in progress)."""

    def __init__(self, signals=(signal.SIGINT,), force=False):
        self.stopped = False
        self._force = force
        self._read, write = os.pipe()
        os.set_blocking(self._read, False)
        os.set_blocking(write, False)
        self._write = write
        self._previous_fd = signal.set_wakeup_fd(write, warn_on_full_buffer=False)
        self._previous = {sig: signal.signal(sig, self._on_signal) for sig in signals}

    def _on_signal(self, *_):
        if self.stopped and self._force:
            sigint.note()
            raise KeyboardInterrupt
        self.stopped = True

    def wait(self, seconds):
        """Sleep up to `seconds`, less if a signal comes; True once stopped."""
        if not self.stopped:
            select.select([self._read], [], [], seconds)
            self._drain()
        return self.stopped

    def _drain(self):
        try:
            while os.read(self._read, 512):
                pass
        except BlockingIOError:
            pass

    def restore(self):
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)
        signal.set_wakeup_fd(self._previous_fd)
        os.close(self._read)
        os.close(self._write)
