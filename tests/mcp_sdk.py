"""The official MCP SDK client as the peer: start the real server over stdio and talk to it."""

import json
import sys
from contextlib import asynccontextmanager

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from conftest import REPO


class Seen:
    """Notifications the server sent us."""

    def __init__(self):
        self.list_changed = 0

    async def __call__(self, message):
        method = getattr(getattr(message, "root", message), "method", None)
        if method == "notifications/tools/list_changed":
            self.list_changed += 1


@asynccontextmanager
async def session(tb, env=None, elicitation=None, errlog=None):
    params = StdioServerParameters(command=sys.executable, args=["-m", "talkbar", "serve", "--transport", "stdio"],
                                   env=tb.env(**(env or {})), cwd=str(REPO))
    seen = Seen()
    log = errlog if errlog is not None else open("/dev/null", "w")
    try:
        async with stdio_client(params, errlog=log) as (read, write):
            kwargs = {"message_handler": seen}
            if elicitation is not None:
                kwargs["elicitation_callback"] = elicitation
            async with ClientSession(read, write, **kwargs) as s:
                init = await s.initialize()
                s.seen = seen
                s.init = init
                yield s
    finally:
        if errlog is None:
            log.close()


def payload(result):
    """A CallToolResult -> (parsed JSON of its one text item, isError)."""
    assert len(result.content) == 1 and result.content[0].type == "text"
    return json.loads(result.content[0].text), bool(result.is_error)


def run(fn, *args):
    return anyio.run(fn, *args)
