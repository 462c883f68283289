#!/usr/bin/env bash
# The whole suite with a CPU hog beside it: one busy loop per core (HOGS=N to change) for as long
# as the suite runs. No test may depend on how busy the machine is; this shows it.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || { echo "run ./scripts/test.sh once first (it makes .venv)" >&2; exit 1; }
hogs=()
for _ in $(seq "${HOGS:-$(nproc)}"); do
  ( while :; do :; done ) &
  hogs+=($!)
done
trap 'kill "${hogs[@]}" 2>/dev/null || true' EXIT
echo "${#hogs[@]} busy loops beside the suite; load: $(cat /proc/loadavg)" >&2
.venv/bin/python -m pytest -n "${TEST_WORKERS:-2}" -p no:cacheprovider "$@"
