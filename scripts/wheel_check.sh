#!/usr/bin/env bash
# Build the wheel, install it into a fresh venv outside the checkout and run the smoke check from /
# (scripts/smoke_installed.py): the product must work installed, not only from a checkout. The same
# for each other Python from 3.12 on that this machine has (on PATH, or among pyenv's versions), as
# a person installs it on whichever Python they have.
# Needs the test venv (.venv, made by scripts/test.sh) for the MCP SDK client that drives the check.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
PY=${PYTHON:-python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$PY" -m pip wheel -q --disable-pip-version-check --no-deps -w "$work/dist" . 2>&1 | grep -v '^WARNING: Location' || true
wheel=$(ls "$work"/dist/talkbar-*.whl)

check() {   # check PYTHON NAME: install the wheel with that Python into $work/NAME and smoke it from /
    "$1" -m venv "$work/$2"
    "$work/$2/bin/python" -m pip install -q --disable-pip-version-check "$wheel" 2>&1 | grep -v '^WARNING: Location' || true
    "$work/$2/bin/python" -c 'import talkbar' 2>/dev/null || { echo "the wheel did not install on $("$1" -V)" >&2; exit 1; }
    (cd / && "$REPO/.venv/bin/python" "$REPO/scripts/smoke_installed.py" "$work/$2")
}

check "$PY" venv
main=$("$PY" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
pyenv_root=$(pyenv root 2>/dev/null || true)
for v in 3.12 3.13 3.14 3.15; do
    [ "$v" = "$main" ] && continue
    other=""
    for candidate in "python$v" ${pyenv_root:+"$pyenv_root"/versions/"$v"*/bin/python"$v"}; do
        if "$candidate" -c 'import sys' >/dev/null 2>&1; then other=$candidate; break; fi
    done
    [ -n "$other" ] || continue
    echo "and on $("$other" -V):"
    check "$other" "venv-$v"
done
