"""Wall-clock time in Unix milliseconds, the only clock the engine reads.

TALKBAR_NOW_MS pins "now" for reproducible tests and demos (the value is read on every call, so
a test can move time forward between processes)."""

import os
import time


def now_ms():
    pinned = os.environ.get("TALKBAR_NOW_MS")
    if pinned:
        return int(pinned)
    return time.time_ns() // 1_000_000
