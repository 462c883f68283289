"""`talkbar-cli exports run|worker|notion connect`: deliver queued exports and connect Notion.

    exports run --workspace W --batch B [--wait [--timeout S]]   one pass (or until nothing is
                                                                  scheduled or running); batch JSON
    exports worker --workspace W [--drain] [--interval-ms N]      due automatic and queued exports
                                                                  until Ctrl+C (--drain: once)
    exports notion connect --workspace W --destination D          the token from standard input
"""

import sys

import click

from talkbar.cli import output
from talkbar.cli.state import open_db
from talkbar.errors import OpError


def _engine(db):
    from talkbar.engine import CLI, Engine
    return Engine(db, CLI)


def _failing(fn):
    """Run fn(); an OpError becomes the CLI's error output and exit 1."""
    try:
        return fn()
    except OpError as err:
        from talkbar.faces import CLI
        output.fail(err.envelope(CLI.schema_pointer))


@click.group()
def exports():
    """Deliver queued exports and connect Notion (find WORKSPACE with tools call workspace.list)."""


@exports.command("run")
@click.option("--workspace", "workspace_id", required=True, metavar="ID", help="The workspace of the batch.")
@click.option("--batch", "batch_id", required=True, metavar="ID", help="The export batch (exports.enqueue, exports.history).")
@click.option("--wait", is_flag=True, help="Go on while any delivery of the batch is scheduled or running.")
@click.option("--timeout", type=click.FloatRange(min=0), default=600.0, show_default=True, metavar="SECONDS",
              help="With --wait: stop waiting after this many seconds and exit 1.")
def run(workspace_id, batch_id, wait, timeout):
    """Run one pass of an export batch, then print the batch as JSON."""
    from talkbar.cli.progress import Progress
    from talkbar.db import STEP_IDLE_S
    from talkbar.exports.commands import active, run_batch
    db = open_db(idle_s=STEP_IDLE_S)   # one open for the run, not four per delivery; a knock takes it at once

    def go():
        with Progress("Exporting"):
            return run_batch(_engine(db), workspace_id, batch_id, wait, timeout)
    try:
        batch, timed_out = _failing(go)
    finally:
        db.release_now()
    output.result(batch)
    if timed_out:
        left = len(active(batch))
        output.error({"error": {"code": "failed", "message": f"Timed out after {timeout:g} seconds with {left} "
                                                             "deliveries still scheduled or running."}},
                     also_stdout=False)
        raise output.Exit(1)


@exports.command("worker")
@click.option("--workspace", "workspace_id", required=True, metavar="ID", help="The workspace to export from.")
@click.option("--drain", is_flag=True, help="Run the exports that are due now, then exit.")
@click.option("--interval-ms", type=click.IntRange(min=100), default=5000, show_default=True, metavar="N",
              help="How often to look for due exports.")
def worker(workspace_id, drain, interval_ms):
    """Run automatic and queued exports as they come due, until Ctrl+C; print each batch that moved."""
    from talkbar.cli.interrupt import Interrupts
    from talkbar.cli.progress import Progress
    from talkbar.db import STEP_IDLE_S
    from talkbar.exports.commands import worker_pass
    db = open_db(idle_s=STEP_IDLE_S)   # kept through a pass's steps (a knock takes it at once), let go after it
    engine = _engine(db)

    def one_pass():
        try:
            with Progress("Exports worker"):   # wiped before the pass's batches print
                return worker_pass(engine, workspace_id)
        finally:
            db.release_now()
    interrupts = Interrupts(force=True)   # Ctrl+C ends the run after the pass in progress; twice, at once
    try:
        while not interrupts.stopped:
            for batch in _failing(one_pass):
                output.result(batch)
            if drain or interrupts.wait(interval_ms / 1000):
                return
    except KeyboardInterrupt:
        return
    finally:
        interrupts.restore()


@exports.group("notion")
def notion():
    """Connect a Notion destination."""


@notion.command("connect")
@click.option("--workspace", "workspace_id", required=True, metavar="ID", help="The destination's workspace.")
@click.option("--destination", "destination_id", required=True, metavar="ID", help="A notion export destination.")
def connect(workspace_id, destination_id):
    """Read a Notion token from standard input and store it encrypted for a notion destination."""
    from talkbar.exports.commands import connect_notion, read_token
    token = _failing(lambda: read_token(sys.stdin))
    output.result(_failing(lambda: connect_notion(_engine(open_db()), workspace_id, destination_id, token)))


def register(cli):
    cli.add_command(exports)
