"""Wall-clock time in Unix milliseconds, the only clock the engine reads.

TALKBAR_NOW_MS pins "now" for reproducible tests and demos (the value is read on every call, so
a test can move time forward between processes)."""

import os
import time

from talkbar.errors import failed
from talkbar.untrusted import shown


LATEST_MS = 253_402_300_799_999      # 9999-12-31T23:59:59.999Z: the last moment a date can name


def now_ms():
    pinned = os.environ.get("TALKBAR_NOW_MS")
    if pinned:
        return _pinned(pinned)
    return time.time_ns() // 1_000_000


def _pinned(text):
    """TALKBAR_NOW_MS as a moment: whole milliseconds from 1970 to the end of the year 9999 (the
    dates TalkBar writes and reads); anything else is refused in words, not used."""
    value = text.strip()
    if value.isascii() and value.isdigit() and int(value) <= LATEST_MS:
        return int(value)
    raise failed(f"TALKBAR_NOW_MS must be a whole number of milliseconds since 1970, at most {LATEST_MS} "
                 f"(the end of the year 9999); it is {shown(text[:40])!r}. Unset it to use the real time.")
