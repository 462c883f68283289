"""How the CLI prints: results only on stdout (indented on a terminal, compact when piped),
errors on stderr as `Error: …` (and, with --output json, also the envelope on stdout)."""

import json
import sys

from talkbar.cli.state import G, stdout_is_terminal, terminal_width


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


def text(line):
    """A line of prose on stdout; on a terminal, wrapped to its width (between words)."""
    width = terminal_width(sys.stdout)
    if width and len(line) > width:
        import textwrap
        line = "\n".join(textwrap.wrap(line, width, break_on_hyphens=False))
    sys.stdout.write(line + "\n")


def table(rows, headers, **fit):
    """A table on stdout; on a terminal, fitted to its width (talkbar/cli/tables.py: `flex`, `wrap`,
    `min_flex`, `style`); piped, exactly tabulate's simple table."""
    from talkbar.cli import tables
    width = terminal_width(sys.stdout)
    sys.stdout.write(tables.render(rows, headers, width, **(fit if width else {})) + "\n")
