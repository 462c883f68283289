"""How the CLI prints: results only on stdout (indented on a terminal, compact when piped),
errors on stderr as `Error: …` (and, with --output json, also the envelope on stdout)."""

import json
import sys

from talkbar.cli.state import G, stdout_is_terminal


class Exit(Exception):
    """Leave the command with an exit code (0 done, 1 refused or failed, 2 usage)."""

    def __init__(self, code):
        super().__init__(code)
        self.code = code


def dumps(value, pretty=None):
    pretty = stdout_is_terminal() if pretty is None else pretty
    if pretty:
        return json.dumps(value, ensure_ascii=False, indent=2)
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def result(value):
    sys.stdout.write(dumps(value) + "\n")
    sys.stdout.flush()


def error(envelope, *, also_stdout=None):
    """Print an error envelope: `Error: message` on stderr, the envelope on stdout with --output json."""
    sys.stderr.write(f"Error: {envelope['error']['message']}\n")
    sys.stderr.flush()
    if also_stdout if also_stdout is not None else G.output == "json":
        result(envelope)


def fail(envelope):
    error(envelope)
    raise Exit(1)


def table(rows, headers):
    from tabulate import tabulate  # only table output pays for it
    sys.stdout.write(tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True) + "\n")
