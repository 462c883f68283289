"""Loaded by every Python process that has this folder on PYTHONPATH (scripts/test_date_ahead.sh):
the wall clock runs a year ahead (DAYS_AHEAD to change it), ticking; monotonic clocks are untouched,
so timeouts and sleeps behave as usual."""

import datetime
import os

import time_machine

_ahead = datetime.timedelta(days=int(os.environ.get("DAYS_AHEAD", "365")))
time_machine.travel(datetime.datetime.now(datetime.timezone.utc) + _ahead, tick=True).start()
