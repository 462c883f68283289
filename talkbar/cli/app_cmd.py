"""`talkbar-cli app …`: the stand-in for the desktop app (a contract: ../shared/app-commands.md).

These are the user's own actions, never reachable over MCP and not listed by `tools list`:
import/export fixtures, the workspace open in the app, the licence, and the MCP Access page.
"""

import click

from talkbar import policy
from talkbar.cli import output
from talkbar.cli.completion import switch_words
from talkbar.cli.state import G, open_db
from talkbar.errors import OpError

ON_OFF = click.Choice(["on", "off"])


def _run(fn):
    """Run fn(db, cur) in one write transaction; OpError -> the CLI's error output, exit 1."""
    db = open_db()
    try:
        with db.write_turn() as cur:
            return fn(db, cur)
    except OpError as err:
        output.fail(err.envelope())


def _read(fn):
    """Run fn(cur) in one read transaction (a data root with no database yet stays without one)."""
    from talkbar.db import transaction
    try:
        with open_db().cursor() as cur, transaction(cur):
            return fn(cur)
    except OpError as err:
        output.fail(err.envelope())


@click.group()
def app():
    """Stand-in for the TalkBar app: import, licence, open workspace, MCP Access, search index."""


# ---------------------------------------------------------------------- import / export
@app.command("import")
@click.argument("file", metavar="FILE|-", required=False)
@click.option("--replace", is_flag=True, help="Replace workspaces whose ids already exist.")
@click.option("--demo", is_flag=True, help="Import the demo workspace that comes with talkbar-cli.")
def import_(file, replace, demo):
    """Import a talkbar-fixture/1 document (all or nothing)."""
    import os
    from talkbar.cli.progress import Progress
    from talkbar.fixture.importer import FixtureError, import_stream
    from talkbar.fixture.stream import NotText
    if demo == (file is not None):
        raise click.UsageError("Give a fixture FILE (or - for standard input), or --demo.")
    if demo:
        from talkbar.resources import demo_path
        file = str(demo_path())
    binary = output.open_input(file)
    try:
        source = "the demo workspace" if demo else "standard input" if file == "-" else file
        size = None if file == "-" else os.fstat(binary.fileno()).st_size
        with Progress(f"Importing {source}"):
            summary = import_stream(open_db(), binary, replace=replace, total_bytes=size)
    except NotText as exc:
        output.fail({"error": {"code": "invalid_arguments", "message": str(exc)}})
    except FixtureError as exc:
        output.fail({"error": {"code": "invalid_arguments", "message": f"Fixture not imported: {exc}"}})
    except OpError as err:
        output.fail(err.envelope())
    except OSError as exc:
        output.cannot_read(file, exc)
    finally:
        if file != "-":
            binary.close()
    output.result(summary)


@app.command("export")
@click.option("--workspace", "workspace_id", metavar="ID", help="Only this workspace.")
def export_(workspace_id):
    """Write the data root (or one workspace) as talkbar-fixture/1 to standard output."""
    from talkbar.cli.progress import Progress
    from talkbar.fixture.exporter import export
    try:
        title = "Exporting the data root" if workspace_id is None else f"Exporting {workspace_id}"
        with Progress(title, prints=True), export(open_db(), workspace_id) as doc:
            output.result(doc)
    except OpError as err:
        output.fail(err.envelope())


# ---------------------------------------------------------------------- workspace
@app.group()
def workspace():
    """The workspace open in the app."""


@workspace.command("open")
@click.argument("workspace_id", metavar="ID")
def workspace_open(workspace_id):
    """Make ID the workspace open in the app (the default for calls without workspaceId)."""
    from talkbar import sqlfiles
    from talkbar.errors import not_found

    def go(_db, cur):
        found = sqlfiles.call(cur, "workspace.resolve", workspace_id=workspace_id)
        if found is None:
            raise not_found(f"Workspace not found: {workspace_id}")
        sqlfiles.call(cur, "import.set_active", workspace_id=workspace_id)
        return {"workspaceId": workspace_id, "active": True}
    output.result(_run(go))


# ---------------------------------------------------------------------- search index
@app.group("search-index")
def search_index():
    """The search index of the data root's workspaces."""


@search_index.command("check")
@click.option("--workspace", "workspace_id", metavar="ID", help="Only this workspace.")
def search_index_check(workspace_id):
    """Check the search index against the items and mend what differs (after the file was changed by
    another tool, or to be sure): only the passages that differ are written again."""
    from talkbar import sqlfiles
    from talkbar.errors import not_found
    from talkbar.search import check, index

    if workspace_id is None and open_db().missing:   # nothing indexed, and no database made for it
        output.result({"workspaces": []})
        return

    def go(db, cur):
        ids = [r["workspace_id"] for r in sqlfiles.call(cur, "workspace.ids", workspace_id=workspace_id)]
        if not ids and workspace_id is not None:
            raise not_found(f"Workspace not found: {workspace_id}")
        checked = []
        # it reads every turn and every passage: with the machine's threads (talkbar/dbwidth.py),
        # at 6 M turns 3.6-3.8 s against 5.1-6.9 s on one (602 k: 0.63-0.83 against 0.74-1.08 s)
        with db.width.wide():
            for ws in ids:
                if index.ensure(cur, ws) == "rebuilt":   # never indexed, or under a tokeniser an upgrade cannot follow
                    checked.append({"workspaceId": ws, "rebuilt": True})
                else:
                    checked.append({"workspaceId": ws, "rebuilt": False, **check.mend(cur, ws)})
        return {"workspaces": checked}
    output.result(_run(go))


@search_index.command("compact")
def search_index_compact():
    """Fold what writes have added to the search index since its last compaction into its term
    lists now, in this process, to the end (a write starts this in the background once there is
    enough of it; after a large change made through one-shot calls, this does it in one go). Another
    TalkBar process that asks for the file meanwhile gets it at the end of the range under way; Ctrl+C ends it
    there too, and the next compaction goes on from it."""
    import signal

    from talkbar.cli.interrupt import Interrupts
    from talkbar.search import compact

    interrupts = Interrupts((signal.SIGINT, signal.SIGTERM), force=True)   # twice: at once, the range lost
    try:
        output.result(compact.to_the_end(open_db(), stopped=lambda: interrupts.stopped))
    except OpError as err:
        output.fail(err.envelope())
    finally:
        interrupts.restore()


# ---------------------------------------------------------------------- licence
@app.group()
def license():  # noqa: A001 - the command's name
    """The licence that sets the plan."""


def _license_view(cur):
    from talkbar import clock, plan
    lic = plan.current_plan(cur, clock.now_ms())
    return {"plan": plan.describe(lic["plan"]), "status": lic["status"], "paid": lic["paid"],
            "limits": plan.limits(lic["plan"])}


@license.command("show")
def license_show():
    """Show the activated plan and its limits."""
    view = _read(_license_view)
    if G.output == "json":
        output.result(view)
        return
    output.out(f"Plan: {view['plan']['name']} ({view['status']})\n")
    output.table([(k, "unlimited" if v["max"] is None else v["max"], v["per"]) for k, v in view["limits"].items()],
                 ["Limit", "Max", "Per"])


@license.command("activate")
@click.argument("plan_id", metavar="free|pro|business", type=click.Choice(["free", "pro", "business"]))
def license_activate(plan_id):
    """Activate a plan (what plan.get reports and the limits enforce)."""
    from talkbar import clock, sqlfiles

    def go(_db, cur):
        sqlfiles.call(cur, "import.license", plan=plan_id, now_ms=clock.now_ms())
        return _license_view(cur)
    output.result(_run(go))


# ---------------------------------------------------------------------- MCP Access
@app.group()
def access():
    """The MCP Access settings page."""


def _access_view(cur):
    from talkbar import access as acc
    from talkbar.manifest import manifest
    state = acc.load(cur, manifest())
    pol = policy.current()
    ops = [{"id": op.id, "row": acc.row_of(op), "kind": op.kind, "tool": op.tool,
            "enabled": state.toggles[op.id] and not pol.blocks(op), "default": op.default_on,
            "blocked": pol.blocks(op)} for op in manifest()]
    rows = []
    for row in acc.ROWS:
        entry = {"row": row}
        for side, kind in (("read", "read"), ("change", "change")):
            mine = [o for o in ops if o["row"] == row and o["kind"] == kind and not o["blocked"]]
            entry[side] = f"{sum(o['enabled'] for o in mine)}/{len(mine)}"
        rows.append(entry)
    return {"mcpEnabled": state.mcp_enabled, "deletesWithoutConfirmation": state.deletes_without_confirmation,
            "auditLog": state.audit_log, "managed": pol.managed, "mcpServerDisabled": pol.mcp_server_disabled,
            "rows": rows, "operations": ops}


@access.command("show")
def access_show():
    """Show the master switch, every operation's switch (and whether blocked), the server settings."""
    view = _read(_access_view)
    if G.output == "json":
        output.result(view)
        return
    onoff = {True: "on", False: "off"}
    output.text(f"MCP: {onoff[view['mcpEnabled']]} · Allow deletes without confirmation: "
                f"{onoff[view['deletesWithoutConfirmation']]} · Audit log: {onoff[view['auditLog']]}")
    output.out("\n")
    output.table([(r["row"], r["read"], r["change"]) for r in view["rows"]], ["Row", "Read", "Change"])
    output.out("\n")
    output.table([(o["id"], o["row"], o["kind"], "blocked" if o["blocked"] else onoff[o["enabled"]],
                   onoff[o["default"]]) for o in view["operations"]],
                 ["Operation", "Row", "Kind", "Switch", "Default"], flex=[1])   # ids stay whole


def _set_and_show(fn):
    def go(db, cur):
        fn(cur)
        return {k: v for k, v in _access_view(cur).items() if k != "operations"}
    output.result(_run(go))


@access.command("mcp")
@click.argument("state", type=ON_OFF)
def access_mcp(state):
    """The master switch (off after install)."""
    from talkbar import access as acc
    _set_and_show(lambda cur: acc.set_setting(cur, "mcp_enabled", state == "on"))


@access.command("set")
@click.argument("args", nargs=-1, required=True, metavar="OP [OP…] on|off", shell_complete=switch_words)
def access_set(args):
    """Switch one or more operations on or off."""
    from talkbar import access as acc
    from talkbar.manifest import manifest
    if len(args) < 2 or args[-1] not in ("on", "off"):
        raise click.UsageError("Give one or more operation ids, then on or off.")
    ops, state = args[:-1], args[-1]
    for op_id in ops:
        if manifest().get(op_id) is None:
            output.fail(manifest().unknown(op_id).envelope())
    _set_and_show(lambda cur: acc.set_ops(cur, ops, state == "on"))


@access.command("row")
@click.argument("row", type=click.Choice(["sessions", "notes", "projects", "action_items", "knowledge", "team",
                                          "topics", "markers", "chats", "documents", "calendar", "series",
                                          "scheduler", "exports", "workspace", "profile"]))
@click.argument("side", type=click.Choice(["read", "change"]))
@click.argument("state", type=ON_OFF)
def access_row(row, side, state):
    """A row's Read or Change toggle: every operation of that row and kind."""
    from talkbar import access as acc
    from talkbar.manifest import manifest
    ops = [op.id for op in manifest() if acc.row_of(op) == row and op.kind == side]
    _set_and_show(lambda cur: acc.set_ops(cur, ops, state == "on"))


@access.command("reset")
def access_reset():
    """Every operation back to its default."""
    from talkbar import access as acc
    _set_and_show(acc.reset)


@access.command("all")
@click.argument("state", type=ON_OFF)
def access_all(state):
    """Every operation on, or every operation off."""
    from talkbar import access as acc
    from talkbar.manifest import manifest
    _set_and_show(lambda cur: acc.set_ops(cur, [op.id for op in manifest()], state == "on"))


@access.command("deletes-without-confirmation")
@click.argument("state", type=ON_OFF)
def access_deletes(state):
    """"Allow deletes without confirmation" for clients that cannot ask (off by default)."""
    from talkbar import access as acc
    _set_and_show(lambda cur: acc.set_setting(cur, "deletes_without_confirmation", state == "on"))


@access.command("audit")
@click.argument("state", type=ON_OFF)
def access_audit(state):
    """The MCP server's audit log on stderr (off by default)."""
    from talkbar import access as acc
    _set_and_show(lambda cur: acc.set_setting(cur, "audit_log", state == "on"))
