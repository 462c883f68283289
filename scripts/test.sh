#!/usr/bin/env bash
# Install talkbar-cli with its test extras into .venv and run the whole test suite.
# Needs only Python 3.11+ with pip. pytest's exit 5 (no tests collected) fails too.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
"$PY" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "talkbar-cli needs Python 3.11 or newer")'
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test]'
exec .venv/bin/python -m pytest -n "${TEST_WORKERS:-2}" -p no:cacheprovider "$@"
