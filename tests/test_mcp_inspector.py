"""The MCP Inspector CLI (`@modelcontextprotocol/inspector --cli`) passes `--tool-arg 'args={…}'` as an
object, so an operation's arguments reach it.

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

PACKAGE = Path("@modelcontextprotocol") / "inspector" / "cli" / "build" / "cli.js"


def _inspector():
    node = shutil.which("node")
    if node is None:
        return None, "node is not installed"
    roots = []
    if os.environ.get("TALKBAR_INSPECTOR_DIR"):
        roots.append(Path(os.environ["TALKBAR_INSPECTOR_DIR"]) / "node_modules")
    npm = shutil.which("npm")
    if npm is not None:
        found = subprocess.run([npm, "root", "-g"], capture_output=True, text=True, timeout=60)
        if found.returncode == 0 and found.stdout.strip():
            roots.append(Path(found.stdout.strip()))
    for root in roots:
        if (root / PACKAGE).is_file():
            return [node, str(root / PACKAGE)], None
    return None, ("the MCP Inspector is not installed (set TALKBAR_INSPECTOR_DIR to a folder where "
                  "`npm install @modelcontextprotocol/inspector` ran)")


def _tool_call(demo, inspector, *tool_args):
    cmd = [*inspector, "--cli", sys.executable, "-m", "talkbar", "serve", "--transport", "stdio",
           "--method", "tools/call", "--tool-name", "talkbar_read"]
    for arg in tool_args:
        cmd += ["--tool-arg", arg]
    proc = subprocess.run(cmd, capture_output=True, text=True, env=demo.env(), cwd=str(REPO), timeout=120)
    assert proc.returncode == 0, proc.stderr
    answer = json.loads(proc.stdout)
    return json.loads(answer["content"][0]["text"]), answer["isError"]


def test_the_inspector_cli_passes_args_to_the_operation(demo):
    inspector, why = _inspector()
    if inspector is None:
        pytest.skip(why)
    assert demo.run("app", "access", "mcp", "on").code == 0
    page, is_error = _tool_call(demo, inspector, "tool=sessions.list", 'args={"limit":1}')
    assert not is_error and len(page["items"]) == 1 and page["hasMore"] is True
    refused, is_error = _tool_call(demo, inspector, "tool=workspace.list", 'args={"limit":1}')
    assert is_error and refused["error"]["code"] == "invalid_arguments"
    assert refused["error"]["message"].startswith("workspace.list does not take `limit`.")
    listed, is_error = _tool_call(demo, inspector, "tool=workspace.list")
    assert not is_error and listed["workspaces"]
