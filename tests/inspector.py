"""The MCP Inspector's CLI as another client, where it is installed from npm outside the repository
(the suite never downloads it): MCP_INSPECTOR (its `mcp-inspector` bin), `mcp-inspector` on PATH,
or the bin under TALKBAR_INSPECTOR_DIR or /tmp/mcp-inspector (folders where `npm install
@modelcontextprotocol/inspector` ran). Both its 0.x and its 2.x take `mcp-inspector --cli [-e K=V]
SERVER… --method …`; 2.x also `--protocol-era`, and exits 5 when a tool's result is an error."""

import json
import os
import shutil
from pathlib import Path

MISSING = ("the MCP Inspector CLI is not installed: npm install --prefix /tmp/mcp-inspector "
           "@modelcontextprotocol/inspector (or set MCP_INSPECTOR or TALKBAR_INSPECTOR_DIR)")


def found():
    """The Inspector's `mcp-inspector` bin, or None."""
    candidates = [os.environ.get("MCP_INSPECTOR"), shutil.which("mcp-inspector")]
    for folder in (os.environ.get("TALKBAR_INSPECTOR_DIR"), "/tmp/mcp-inspector"):
        if folder:
            candidates.append(str(Path(folder) / "node_modules" / ".bin" / "mcp-inspector"))
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def env_flags(env):
    """What the server needs of the test's environment, as -e flags (2.x passes it nothing else)."""
    return [flag for k, v in env.items() if k.startswith(("TALKBAR_", "PYTHONPATH")) for flag in ("-e", f"{k}={v}")]


def major():
    """The found Inspector's major version (from its package.json), None if none is found."""
    bin_ = found()
    if bin_ is None:
        return None
    for folder in Path(os.path.realpath(bin_)).parents:
        package = folder / "package.json"
        if package.is_file():
            meta = json.loads(package.read_text(encoding="utf-8"))
            if meta.get("name") == "@modelcontextprotocol/inspector":
                return int(meta["version"].split(".")[0])
    return None
