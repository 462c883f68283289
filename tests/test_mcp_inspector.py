"""The MCP Inspector CLI (`@modelcontextprotocol/inspector`, its 0.x `--cli` and its 2.x) passes
`--tool-arg 'args={…}'` as an object, so an operation's arguments reach it.

Runs only where the Inspector is already installed: in TALKBAR_INSPECTOR_DIR (a folder holding
node_modules/@modelcontextprotocol/inspector, e.g. after `npm install @modelcontextprotocol/inspector`
there) or in npm's global folder. The suite never downloads it.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO

INSPECTOR = Path("@modelcontextprotocol") / "inspector"
CLI_0 = INSPECTOR / "cli" / "build" / "cli.js"              # 0.x: node cli.js --cli SERVER… --method …
CLI_2 = INSPECTOR / "clients" / "cli" / "build" / "index.js"  # 2.x: node index.js --method … -- SERVER…


def _node(at_least=0):
    """A node of at least this major version: TALKBAR_INSPECTOR_NODE, else the one on PATH."""
    for node in (os.environ.get("TALKBAR_INSPECTOR_NODE"), shutil.which("node")):
        if node:
            shown = subprocess.run([node, "--version"], capture_output=True, text=True, timeout=60).stdout
            if shown.startswith("v") and int(shown[1:].split(".")[0]) >= at_least:
                return node
    return None


def _inspectors():
    """[(what, command(server, env, method_args))] for every Inspector CLI installed: in
    TALKBAR_INSPECTOR_DIR (a folder holding node_modules/@modelcontextprotocol/inspector) or in
    npm's global folder. Its 2.x needs node 22 (TALKBAR_INSPECTOR_NODE may name one) and passes the
    server only the variables given with -e."""
    roots = []
    if os.environ.get("TALKBAR_INSPECTOR_DIR"):
        roots.append(Path(os.environ["TALKBAR_INSPECTOR_DIR"]) / "node_modules")
    npm = shutil.which("npm")
    if npm is not None:
        found = subprocess.run([npm, "root", "-g"], capture_output=True, text=True, timeout=60)
        if found.returncode == 0 and found.stdout.strip():
            roots.append(Path(found.stdout.strip()))
    out = []
    for root in roots:
        version = json.loads((root / INSPECTOR / "package.json").read_text())["version"] \
            if (root / INSPECTOR / "package.json").is_file() else "?"
        if (root / CLI_0).is_file() and _node():
            out.append((f"Inspector {version}", lambda server, env, method, cli=root / CLI_0:
                        [_node(), str(cli), "--cli", *server, *method]))
        if (root / CLI_2).is_file() and _node(22):
            for era in ("legacy", "auto", "modern"):    # the handshake era, server/discover first, 2026-07-28
                out.append((f"Inspector {version} ({era})", lambda server, env, method, cli=root / CLI_2, era=era:
                            [_node(22), str(cli), "--protocol-era", era,
                             *[a for k, v in env.items() if k.startswith(("TALKBAR_", "PYTHON")) for a in ("-e", f"{k}={v}")],
                             *method, "--", *server]))
    return out


def _tool_call(demo, command, *tool_args):
    env = demo.env()
    method = ["--method", "tools/call", "--tool-name", "talkbar_read"]
    for arg in tool_args:
        method += ["--tool-arg", arg]
    argv = command([sys.executable, "-m", "talkbar", "serve", "--transport", "stdio"], env, method)
    proc = subprocess.run(argv, capture_output=True, text=True, env={**env, "MCP_CATALOG_PATH": str(demo.root / "mcp.json")},
                          cwd=str(REPO), timeout=120)
    answer = json.loads(proc.stdout) if proc.stdout.strip() else {}
    # the 2.x CLI exits 5 when the tool's result is an error, and prints it all the same
    assert proc.returncode == 0 or (proc.returncode == 5 and answer.get("isError")), proc.stderr
    return json.loads(answer["content"][0]["text"]), answer["isError"]


def test_the_inspector_cli_passes_args_to_the_operation(demo):
    inspectors = _inspectors()
    if not inspectors:
        pytest.skip("the MCP Inspector is not installed (set TALKBAR_INSPECTOR_DIR to a folder where "
                    "`npm install @modelcontextprotocol/inspector` ran; its 2.x needs node 22: TALKBAR_INSPECTOR_NODE)")
    assert demo.run("app", "access", "mcp", "on").code == 0
    for what, command in inspectors:
        page, is_error = _tool_call(demo, command, "tool=sessions.list", 'args={"limit":1}')
        assert not is_error and len(page["items"]) == 1 and page["hasMore"] is True, what
        refused, is_error = _tool_call(demo, command, "tool=workspace.list", 'args={"limit":1}')
        assert is_error and refused["error"]["code"] == "invalid_arguments", what
        assert refused["error"]["message"].startswith("workspace.list does not take `limit`."), what
        listed, is_error = _tool_call(demo, command, "tool=workspace.list")
        assert not is_error and listed["workspaces"], what
