"""The MCP Inspector's CLI (tests/inspector.py: its 0.x or its 2.x) passes `--tool-arg
'args={…}'` as an object, so an operation's arguments reach it. Runs only where the Inspector is
installed; test_mcp_eras.py drives it in each protocol era."""

import json
import subprocess
import sys

import pytest

import inspector
from conftest import REPO


def _tool_call(demo, *tool_args):
    argv = [inspector.found(), "--cli", *inspector.env_flags(demo.env()), sys.executable, "-m", "talkbar", "serve",
            "--transport", "stdio", "--method", "tools/call", "--tool-name", "talkbar_read"]
    for arg in tool_args:
        argv += ["--tool-arg", arg]
    proc = subprocess.run(argv, capture_output=True, text=True, env={**demo.env(), "MCP_CATALOG_PATH":
                          str(demo.root / "mcp.json")}, cwd=str(REPO), timeout=120)
    answer = json.loads(proc.stdout) if proc.stdout.strip() else {}
    # 2.x exits 5 when the tool's result is an error, and prints it all the same
    assert proc.returncode == 0 or (proc.returncode == 5 and answer.get("isError")), proc.stderr
    return json.loads(answer["content"][0]["text"]), answer["isError"]


@pytest.mark.skipif(inspector.found() is None, reason=inspector.MISSING)
def test_the_inspector_cli_passes_args_to_the_operation(demo):
    assert demo.run("app", "access", "mcp", "on").code == 0
    page, is_error = _tool_call(demo, "tool=sessions.list", 'args={"limit":1}')
    assert not is_error and len(page["items"]) == 1 and page["hasMore"] is True
    refused, is_error = _tool_call(demo, "tool=workspace.list", 'args={"limit":1}')
    assert is_error and refused["error"]["code"] == "invalid_arguments"
    assert refused["error"]["message"].startswith("workspace.list does not take `limit`.")
    listed, is_error = _tool_call(demo, "tool=workspace.list")
    assert not is_error and listed["workspaces"]
