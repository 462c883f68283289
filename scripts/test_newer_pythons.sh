#!/usr/bin/env bash
# The suite and the installed wheel on the Pythons newer than this machine's (Debian sid's 3.14 and
# 3.15), in a Debian sid chroot: by hand, before a release; not in CI (it needs root, Debian's
# mirror and PyPI, and a suite run per Python). The chroot is made once (~40 s, 1.8 GB) and kept.
#
#   sudo scripts/test_newer_pythons.sh [ROOT] [PYTHONS] [-- pytest args]
#     ROOT     the chroot's folder (default /tmp/talkbar-sid)
#     PYTHONS  which, e.g. "3.14" (default "3.14 3.15")
#
# What it runs for each Python, on a fresh clone of HEAD inside the chroot: scripts/test.sh (the
# suite) and scripts/wheel_check.sh (the wheel installed into a fresh venv and smoked from /; it
# also tries the other Pythons it finds there), each with PYTHON set to that Python. Exit 0 only
# when every run passed.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
ROOT=/tmp/talkbar-sid
PYTHONS="3.14 3.15"
if [ $# -gt 0 ] && [ "$1" != "--" ]; then ROOT=$1; shift; fi
if [ $# -gt 0 ] && [ "$1" != "--" ]; then PYTHONS=$1; shift; fi
if [ "${1:-}" = "--" ]; then shift; fi
PYTEST_ARGS=$(printf ' %q' "$@")
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

inside() {   # inside COMMAND: run it in the chroot with a clean environment (as a person's shell)
    chroot "$ROOT" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM=xterm \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_CERT=/etc/ssl/certs/ca-certificates.crt /bin/sh -c "$*"
}

unmount() {
    for m in dev/pts dev proc sys; do
        mountpoint -q "$ROOT/$m" && umount "$ROOT/$m" || true
    done
}

if [ ! -x "$ROOT/usr/bin/apt-get" ]; then
    command -v debootstrap >/dev/null || apt-get install -y -q debootstrap >/dev/null
    debootstrap --variant=minbase sid "$ROOT" "$MIRROR"
fi
trap unmount EXIT
mountpoint -q "$ROOT/proc" || mount -t proc proc "$ROOT/proc"
mountpoint -q "$ROOT/sys" || mount -t sysfs sysfs "$ROOT/sys"
mountpoint -q "$ROOT/dev" || mount --bind /dev "$ROOT/dev"
mountpoint -q "$ROOT/dev/pts" || mount --bind /dev/pts "$ROOT/dev/pts"
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
# A mirror snapshot's Release may be past its Valid-Until; a proxy that inspects TLS has its own CA.
echo 'Acquire::Check-Valid-Until "false";' > "$ROOT/etc/apt/apt.conf.d/99no-check-valid-until"
packages="git ca-certificates"
for v in $PYTHONS; do packages="$packages python$v python$v-venv"; done
inside "apt-get update -q >/dev/null && apt-get install -y -q --no-install-recommends $packages >/dev/null"
if ls /usr/local/share/ca-certificates/*.crt >/dev/null 2>&1; then
    cp /usr/local/share/ca-certificates/*.crt "$ROOT/usr/local/share/ca-certificates/"
fi
inside "update-ca-certificates >/dev/null 2>&1 || true"

failed=0
for v in $PYTHONS; do
    # a clone per Python: scripts/test.sh makes the clone's .venv with the Python it is given
    rm -rf "$ROOT/src/talkbar-$v"
    mkdir -p "$ROOT/src"
    git clone -q "$REPO" "$ROOT/src/talkbar-$v"
    echo "== Python $v: $(inside "python$v -V")"
    if inside "cd /src/talkbar-$v && PYTHON=python$v ./scripts/test.sh$PYTEST_ARGS"; then
        echo "== Python $v: the suite passed"
    else
        echo "== Python $v: the suite FAILED"; failed=1
    fi
    # the clone's venv builds the wheel: Debian's own python3.X comes without pip
    if inside "cd /src/talkbar-$v && PYTHON=/src/talkbar-$v/.venv/bin/python bash scripts/wheel_check.sh"; then
        echo "== Python $v: the installed wheel passed its smoke check"
    else
        echo "== Python $v: the installed wheel FAILED its smoke check"; failed=1
    fi
done
exit $failed
