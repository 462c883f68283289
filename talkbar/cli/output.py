"""How the CLI prints: results only on stdout (indented on a terminal, compact when piped),
errors on stderr as `Error: …` (and, with --output json, also the envelope on stdout)."""

import codecs
import sys

from talkbar import jsonstream
from talkbar.cli.state import G, stdout_is_terminal, terminal_width
from talkbar.errors import os_reason
from talkbar.streams import to_nowhere


class Exit(Exception):
    """Leave the command with an exit code (0 done, 1 refused or failed, 2 usage)."""

    def __init__(self, code):
        super().__init__(code)
        self.code = code


def dumps(value, pretty=None):
    """JSON for standard output: its text as it is where the stream takes any character (UTF-8),
    else escaped (`\\u0434`), which is the same JSON to every reader (a Windows file redirect,
    PYTHONIOENCODING=ascii)."""
    return "".join(jsonstream.pieces(value, **_json_form(pretty)))


def _json_form(pretty=None):
    """How standard output takes JSON: indented on a terminal, and escaped where it cannot take
    every character."""
    pretty = stdout_is_terminal() if pretty is None else pretty
    return {"ensure_ascii": not takes_any_text(sys.stdout), "indent": 2 if pretty else None}


def takes_any_text(stream):
    """Whether `stream` can encode every character (a UTF encoding)."""
    try:
        return codecs.lookup(stream.encoding).name.startswith("utf")
    except (AttributeError, LookupError, TypeError):
        return False


def readable_everywhere():
    """Standard output and error that cannot encode a character write it escaped (`\\u0434`)
    rather than fail: a table or an error message in Russian on an ASCII or cp1252 stream."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None and not takes_any_text(stream):
            try:
                stream.reconfigure(errors="backslashreplace")
            except (AttributeError, ValueError, OSError):
                pass


class Unwritable(Exception):
    """Standard output is closed, or refuses what is written (a full disk, an I/O error): the
    answer is lost, and main() says so on stderr. A reader that went away (`| head`) stays
    BrokenPipeError, which ends the run quietly."""

    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


def out(text):
    """Write to standard output: every line of the CLI's answers goes through here."""
    _on_stdout(lambda stream: stream.write(text))


def flush():
    _on_stdout(lambda stream: stream.flush())


def _on_stdout(act):
    stream = sys.stdout
    if stream is None:
        raise Unwritable("it is closed")
    try:
        act(stream)
    except BrokenPipeError:
        to_nowhere(stream)
        raise
    except OSError as exc:
        to_nowhere(stream)
        raise Unwritable(os_reason(exc)) from None
    except ValueError:
        if getattr(stream, "closed", False):    # a file object closed under us
            raise Unwritable("it is closed") from None
        raise


def standard_input():
    """Standard input's bytes, for `-`; invalid_arguments when there is none (closed)."""
    if sys.stdin is None:
        fail({"error": {"code": "invalid_arguments",
                        "message": "Standard input is closed, so - has nothing to read; pipe the input in or give a file."}})
    return sys.stdin.buffer


def open_input(source):
    """The bytes of a file the user named for input (`-`: standard input, left open for the caller);
    `failed` naming it when it cannot be read (cannot_read)."""
    if source == "-":
        return standard_input()
    try:
        return open(source, "rb")
    except OSError as exc:
        cannot_read(source, exc)


def cannot_read(source, exc):
    fail({"error": {"code": "failed", "message": f"Cannot read {source}: {os_reason(exc)}."}})


def say(text):
    """A line on stderr, if there is one to write to (nowhere else to tell of a failure)."""
    try:
        sys.stderr.write(text)
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):
        pass


WRITE_AT = 1 << 20   # characters of a result gathered before each write


def result(value):
    """The result as JSON on standard output (dumps), written a megabyte at a time as it is made: a
    value's `Streamed` arrays (talkbar/jsonstream.py) are read as their items are written, so a
    result too large to hold as one text (`app export`) never is."""
    gathered, size = [], 0
    for piece in jsonstream.pieces(value, **_json_form()):
        gathered.append(piece)
        size += len(piece)
        if size >= WRITE_AT:
            out("".join(gathered))
            gathered, size = [], 0
    out("".join(gathered) + "\n")
    flush()


def error(envelope, *, also_stdout=None):
    """Print an error envelope: `Error: message` on stderr, the envelope on stdout with --output json."""
    say(f"Error: {envelope['error']['message']}\n")
    if also_stdout if also_stdout is not None else G.output == "json":
        result(envelope)


def fail(envelope):
    error(envelope)
    raise Exit(1)


def text(line):
    """A line of prose on stdout; on a terminal, wrapped to its width (between words)."""
    width = terminal_width(sys.stdout)
    if width:
        from talkbar.cli import columns
        if columns.cols(line) > width:
            line = "\n".join(columns.wrap(line, width))
    out(line + "\n")


def table(rows, headers, **fit):
    """A table on stdout; on a terminal, fitted to its width (talkbar/cli/tables.py: `flex`, `wrap`,
    `min_flex`, `style`); piped, exactly tabulate's simple table."""
    from talkbar.cli import tables
    width = terminal_width(sys.stdout)
    out(tables.render(rows, headers, width, **(fit if width else {})) + "\n")
