#!/usr/bin/env bash
# Build the wheel, install it into a fresh venv outside the checkout and run the smoke check from /
# (scripts/smoke_installed.py): the product must work installed, not only from a checkout.
# Needs the test venv (.venv, made by scripts/test.sh) for the MCP SDK client that drives the check.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
PY=${PYTHON:-python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$PY" -m pip wheel -q --disable-pip-version-check --no-deps -w "$work/dist" . 2>&1 | grep -v '^WARNING: Location' || true
wheel=$(ls "$work"/dist/talkbar-*.whl)
"$PY" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install -q --disable-pip-version-check "$wheel" 2>&1 | grep -v '^WARNING: Location' || true
"$work/venv/bin/python" -c 'import talkbar' 2>/dev/null || { echo "the wheel did not install" >&2; exit 1; }
cd /
"$REPO/.venv/bin/python" "$REPO/scripts/smoke_installed.py" "$work/venv"
