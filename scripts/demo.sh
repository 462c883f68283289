#!/usr/bin/env bash
# Install talkbar-cli into .venv, import the bundled demo workspace into a fresh data root
# (.demo-root/) and show real answers from it. Needs only Python 3.11+ with pip.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
"$PY" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "talkbar-cli needs Python 3.11 or newer")'
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e .
export TALKBAR_DATA_ROOT="$PWD/.demo-root"
export TALKBAR_POLICY_FILE="$TALKBAR_DATA_ROOT/policy.json"   # unmanaged, whatever /etc holds
rm -rf "$TALKBAR_DATA_ROOT"
TB=.venv/bin/talkbar-cli
echo "== app import fixtures/demo.json (data root: $TALKBAR_DATA_ROOT)"
$TB app import fixtures/demo.json
echo; echo "== tools call workspace.list"
$TB --output json tools call workspace.list | .venv/bin/python -m json.tool
echo; echo "== tools call workspace.stats"
$TB --output json tools call workspace.stats | .venv/bin/python -m json.tool
echo; echo "== tools list --compact"
$TB tools list --compact
if [ -f scripts/mcp_tools.py ]; then
  echo; echo "== the MCP server's tools (tools/list over stdio; MCP turned on, default switches)"
  .venv/bin/python scripts/mcp_tools.py
fi
