"""Smoke check of an installed talkbar-cli (a wheel in a fresh venv), run from outside the checkout.

    python scripts/smoke_installed.py VENV

Checks, each failing loudly: the installed package carries every data file of the repository
(ops.toml, sql/**, the demo) byte for byte and reads them from the venv, not the checkout; `tools
list` shows the 144 operations; the bundled demo imports into a fresh data root and
`workspace.stats` answers from it; a search finds its budget session, and a note just written is
found by a word of it in another form (the installed stemmer); the MCP server answers `tools/list`
to the official SDK client.
The running Python needs the `mcp` SDK (the test venv has it); the venv under test needs nothing.
"""

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

REPO = Path(__file__).resolve().parent.parent
SHIPPED = {"ops.toml": REPO / "ops.toml", "demo.json": REPO / "fixtures" / "demo.json"}
OPERATIONS = 144


def fail(message):
    sys.exit(f"smoke check failed: {message}")


def shipped_files():
    """Each file the package must carry, by its path under talkbar/_data/, with the repo's copy."""
    files = dict(SHIPPED)
    for path in sorted((REPO / "sql").rglob("*.sql")):
        files["sql/" + path.relative_to(REPO / "sql").as_posix()] = path
    return files


class Installed:
    def __init__(self, venv, root):
        self.bin = Path(venv) / "bin"
        self.env = {k: v for k, v in os.environ.items()
                    if not k.startswith(("TALKBAR_", "PYTHON", "VIRTUAL_ENV"))}
        self.env.update(TALKBAR_DATA_ROOT=str(root), TALKBAR_POLICY_FILE=str(Path(root) / "no-policy.json"))

    def run(self, *args, program="talkbar-cli"):
        proc = subprocess.run([str(self.bin / program), *args], capture_output=True, text=True,
                              env=self.env, cwd="/", timeout=300)
        if proc.returncode != 0:
            fail(f"`{program} {' '.join(args)}` exited {proc.returncode}: {proc.stderr.strip()[-2000:]}")
        return proc.stdout

    def json(self, *args):
        return json.loads(self.run("--output", "json", *args))


def check_data_files(cli, venv):
    where = Path(cli.run("-c", "from talkbar.resources import data_dir; print(data_dir())",
                         program="python").strip())
    if not where.resolve().is_relative_to(Path(venv).resolve()):
        fail(f"the installed package reads its data from {where}, outside the venv {venv}")
    missing, differ = [], []
    for name, source in shipped_files().items():
        installed = where / name
        if not installed.is_file():
            missing.append(name)
        elif installed.read_bytes() != source.read_bytes():
            differ.append(name)
    if missing or differ:
        fail(f"the wheel misses {missing or 'nothing'} and differs in {differ or 'nothing'} under {where}")
    return len(shipped_files())


async def mcp_tools(cli):
    params = StdioServerParameters(command=str(cli.bin / "talkbar-cli"), args=["serve", "--transport", "stdio"],
                                   env=cli.env, cwd="/")
    with open(os.devnull, "w") as log:
        async with stdio_client(params, errlog=log) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                listed = await session.list_tools()
    return sorted(t.name for t in listed.tools)


def main(venv):
    with tempfile.TemporaryDirectory() as tmp:
        cli = Installed(venv, Path(tmp) / "root")
        files = check_data_files(cli, venv)
        ops = cli.json("tools", "list")
        if len(ops) != OPERATIONS:
            fail(f"`tools list` shows {len(ops)} operations, not {OPERATIONS}")
        imported = cli.json("app", "import", "--demo")
        stats = cli.json("tools", "call", "workspace.stats")
        if not imported["imported"]["sessions"] or not stats["sessions"]["total"]:
            fail(f"the demo did not import: {imported} / {stats}")
        found = cli.json("tools", "call", "workspace.search", "--args", '{"query": "budget planning", "match": "all"}')
        if "Budget planning 2027" not in [m["title"] for m in found["matches"]]:
            fail(f"a search of the demo did not find its budget planning session: {found}")
        note = cli.json("tools", "call", "notes.create", "--args", '{"title": "Wheel check", "markdown": "quokkas"}')
        found = cli.json("tools", "call", "workspace.search", "--args", '{"query": "quokka"}')
        if [m["id"] for m in found["matches"]] != [note["noteId"]]:
            fail(f"a note just written was not found by a word of it (stemmed): {found}")
        cli.run("app", "access", "mcp", "on")
        tools = anyio.run(mcp_tools, cli)
        if not {"talkbar_find", "talkbar_read", "talkbar_tools"} <= set(tools):
            fail(f"the MCP server listed {tools}")
    print(f"installed talkbar-cli ok: {files} data files, {len(ops)} operations, demo imported "
          f"({stats['sessions']['total']} sessions) and searched, a note written and found, "
          f"MCP tools/list: {', '.join(tools)}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
