#!/usr/bin/env bash
# The whole suite with the wall clock a year ahead (DAYS_AHEAD=N for another distance) in every
# Python process it starts: time-machine moves time.time(), datetime.now() and friends, loaded by
# scripts/date_ahead/sitecustomize.py. No test may depend on the date; this shows it.
# (libfaketime was tried first: it shifts CLOCK_MONOTONIC too, which breaks Python's timed waits,
# and with FAKETIME_DONT_FAKE_MONOTONIC=1 Python 3.11's time.sleep fails with EINVAL.)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || { echo "run ./scripts/test.sh once first (it makes .venv)" >&2; exit 1; }
ahead=$(PYTHONPATH="$PWD/scripts/date_ahead${PYTHONPATH:+:$PYTHONPATH}" .venv/bin/python -c 'import datetime; print(datetime.date.today())')
echo "the suite's processes believe today is $ahead" >&2
PYTHONPATH="$PWD/scripts/date_ahead${PYTHONPATH:+:$PYTHONPATH}" \
  exec .venv/bin/python -m pytest -n "${TEST_WORKERS:-2}" -p no:cacheprovider -W ignore::pytest.PytestAssertRewriteWarning "$@"
