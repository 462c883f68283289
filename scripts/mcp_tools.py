"""Show the MCP server's tools/list for the demo data root (used by scripts/demo.sh).

Turns MCP on in that data root (it is off after install), starts `talkbar-cli serve`, sends
initialize and tools/list over stdio, and prints each tool with its annotations and description.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

CLI = str(Path(sys.executable).parent / "talkbar-cli")


def main():
    subprocess.run([CLI, "app", "access", "mcp", "on"], check=True, capture_output=True)
    proc = subprocess.Popen([CLI, "serve", "--transport", "stdio"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, env=os.environ)
    lines = [{"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "demo", "version": "0"}}},
             {"jsonrpc": "2.0", "method": "notifications/initialized"},
             {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}]
    out, _ = proc.communicate("".join(json.dumps(m) + "\n" for m in lines), timeout=60)
    replies = {m["id"]: m for m in map(json.loads, out.splitlines()) if "id" in m}
    info = replies[1]["result"]["serverInfo"]
    print(f"server {info['name']} ({info['title']}) {info['version']}, protocol {replies[1]['result']['protocolVersion']}")
    for tool in replies[2]["result"]["tools"]:
        hints = ", ".join(f"{k}={v}" for k, v in tool["annotations"].items())
        print(f"\n{tool['name']}  [{hints}]\n  {tool['description']}")


if __name__ == "__main__":
    main()
