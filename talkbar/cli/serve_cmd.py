"""`talkbar-cli serve [--transport stdio]`: the MCP server (obeys MCP Access, unlike the CLI)."""

import sys

import click

from talkbar import policy
from talkbar.cli import output


@click.command()
@click.option("--transport", type=click.Choice(["stdio"]), default="stdio", show_default=True,
              help="The only transport: standard input and output.")
def serve(transport):
    """Run the MCP server on standard input and output (your AI app runs this for you)."""
    closed = [name for name, stream in (("input", sys.stdin), ("output", sys.stdout)) if stream is None]
    if closed:
        output.say(f"Error: an MCP client talks to the server over standard input and output, and standard "
                   f"{' and '.join(closed)} {'is' if len(closed) == 1 else 'are'} closed.\n")
        raise output.Exit(1)
    current = policy.current()
    if current.mcp_server_disabled:
        output.fail({"error": {"code": "failed", "message": policy.MCP_DISABLED}})
    from talkbar.cli.state import open_db
    from talkbar.db import IDLE_S
    from talkbar.mcp.server import Server, confirm_timeout, op_delay_from_env, op_gate_from_env, task_after
    db = open_db(idle_s=IDLE_S)  # hold the file across a burst of calls, let it go when idle
    server = Server(db, confirm_timeout_s=confirm_timeout(), op_delay_s=op_delay_from_env(),
                    op_gate=op_gate_from_env(), task_after_s=task_after())
    raise output.Exit(server.serve())


def register(cli):
    cli.add_command(serve)
