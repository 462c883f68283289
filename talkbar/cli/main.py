"""`talkbar-cli`: the entry point, the global options and the exit codes.

Global options (`--output json|table`, `--db PATH`, `-v/--verbose`) may stand before or after
the command, so they are taken out of argv before click sees it. Exit codes: 0 done, 1 refused or
failed, 2 usage; 130 when Ctrl+C stopped it. No traceback ever reaches the user.
"""

import sys

import click

from talkbar import __version__, events, sigint
from talkbar.cli import output
from talkbar.cli.state import G
from talkbar.errors import OpError
from talkbar.resources import MissingData

# Options of subcommands that take a value: their value is never read as a global option.
_LOCAL_VALUE_OPTIONS = {"--args", "--args-file", "--file", "--workspace", "--project", "--kinds",
                        "--limit", "--match", "--batch", "--timeout", "--destination", "--turns",
                        "--interval-ms", "--transport", "--seed"}


class UsageProblem(Exception):
    pass


def split_globals(argv):
    rest, i = [], 0
    while i < len(argv):
        token = argv[i]
        name, eq, value = token.partition("=")
        if name in ("--output", "--db"):
            if not eq:
                if i + 1 >= len(argv):
                    raise UsageProblem(f"Option '{name}' requires an argument.")
                value = argv[i + 1]
                i += 1
            if name == "--output":
                if value not in ("json", "table"):
                    raise UsageProblem(f"Invalid value for '--output': {value!r} is not one of 'json', 'table'.")
                G.output = value
            else:
                G.db = value
        elif token in ("-v", "--verbose"):
            G.verbose = True
        elif token in _LOCAL_VALUE_OPTIONS and i + 1 < len(argv):
            rest += [token, argv[i + 1]]
            i += 1
        else:
            rest.append(token)
        i += 1
    return rest


class Root(click.Group):
    def resolve_command(self, ctx, args):
        if args and args[0] == "call":
            raise click.UsageError("No such command 'call'. Did you mean 'talkbar-cli tools call'?")
        return super().resolve_command(ctx, args)


@click.group(cls=Root, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="talkbar-cli", message="%(prog)s %(version)s")
# The global options are taken out of argv before click parses it (split_globals); click knows them
# only so that shell completion reads past them (and offers their values).
@click.option("--output", type=click.Choice(["json", "table"]), hidden=True)
@click.option("--db", type=click.Path(dir_okay=False), hidden=True)
@click.option("-v", "--verbose", is_flag=True, hidden=True)
def cli(output, db, verbose):
    """TalkBar from the terminal: run operations, search, serve MCP, deliver exports.

    \b
    Global options (before or after the command):
      --output json|table   JSON instead of tables; errors as JSON on stdout too
      --db PATH             open this existing TalkBar database instead of the data root
      -v, --verbose         internal events as JSON lines on stderr
    """


def _register():
    from talkbar.cli import app_cmd, completion, tools_cmd
    cli.add_command(tools_cmd.tools)
    cli.add_command(app_cmd.app)
    completion.register(cli)
    for module in ("talkbar.cli.serve_cmd", "talkbar.cli.search_cmd", "talkbar.cli.exports_cmd",
                   "talkbar.cli.record_cmd"):
        try:
            mod = __import__(module, fromlist=["register"])
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
            continue
        mod.register(cli)


def _wants_help_or_version(argv):
    return any(a in ("-h", "--help", "-V", "--version") for a in argv) or not argv


def _refuse_if_cli_disabled(argv):
    from talkbar import policy
    if _wants_help_or_version(argv):
        return
    current = policy.current()
    if current.cli_disabled:
        output.fail({"error": {"code": "failed", "message": policy.CLI_DISABLED}})


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    output.readable_everywhere()
    with sigint.noted():
        code = _flushed(_run(argv))
        _finish_compaction()
    sys.exit(code)


def _flushed(code):
    try:
        output.flush()
    except output.Unwritable as exc:
        return _lost_answer(exc) if code == 0 else code
    except BrokenPipeError:
        return code or 1
    except KeyboardInterrupt:
        return _interrupted()
    return code


def _run(argv):
    """The command's exit code; every way it can end is told here, once."""
    code = 0
    try:
        try:
            argv = split_globals(argv)
        except UsageProblem as exc:
            click.echo(f"Usage: talkbar-cli [OPTIONS] COMMAND [ARGS]...\nTry 'talkbar-cli --help' for help.\n\nError: {exc}", err=True)
            raise output.Exit(2) from None
        if G.verbose:
            events.enable()
        _refuse_if_cli_disabled(argv)
        _register()
        try:
            rv = cli.main(args=argv, prog_name="talkbar-cli", standalone_mode=False)
            if isinstance(rv, int) and not isinstance(rv, bool):
                code = rv
        except click.exceptions.NoArgsIsHelpError as exc:
            click.echo(exc.ctx.get_help() if exc.ctx else str(exc))
            code = 2
        except click.UsageError as exc:
            exc.show()
            code = 2
        except click.exceptions.Abort:
            if sigint.seen():      # click's word for a KeyboardInterrupt it met
                return _interrupted()
            click.echo("Aborted!", err=True)
            code = 1
        except click.ClickException as exc:
            exc.show()
            code = exc.exit_code
    except output.Exit as exc:
        code = exc.code
    except KeyboardInterrupt:
        code = _interrupted()
    except BrokenPipeError:
        code = 1
    except MissingData as exc:
        code = _report({"error": {"code": "failed", "message": str(exc)}})
    except output.Unwritable as exc:
        code = _lost_answer(exc)
    except OpError as exc:    # a refusal in our words met outside an operation (e.g. a pinned clock)
        code = _report(exc.envelope())
    except Exception as exc:  # never a traceback nor its text: a bug is still a clean `failed`
        from talkbar.errors import unexpected
        events.emit("cli.crash", error=f"{type(exc).__name__}: {exc}")
        if sigint.seen():     # DuckDB's own error for a query Ctrl+C cut short
            return _interrupted()
        code = _report({"error": {"code": "failed", "message": f"talkbar-cli failed: {unexpected(exc)} "
                                                               "(-v shows the details)."}})
    return code


def _interrupted():
    """Ctrl+C stopped the run: said as such (not as a failure of what it was doing); 130, as a shell
    reports a command a SIGINT ended. Every operation is one transaction (an import too), so the one
    cut short left nothing in the database."""
    output.say(INTERRUPTED + "\n")
    return 130


INTERRUPTED = ("talkbar-cli: interrupted (Ctrl+C). Nothing of the operation cut short is kept in TalkBar; "
               "what was answered before it is.")


def _report(envelope):
    """An error that ends the run: on stderr (and stdout with --output json, if it takes it); 1."""
    try:
        output.error(envelope)
    except output.Unwritable:
        pass            # said on stderr already
    return 1


def _lost_answer(exc):
    """Standard output would not take the answer (closed, a full disk): say so where we can. What
    the command did is done (a write is committed); only its answer is lost."""
    output.say(f"talkbar-cli: the answer could not be written to standard output: {exc.reason}. "
               "Anything the command changed is kept.\n")
    return 1


def _finish_compaction():
    """A search compaction this run started gets a few seconds at exit to finish (none when another
    process knocks for the file), then ends the range of keys under way, under a progress line
    (Ctrl+C: no more seconds; the ranges built are kept, and a later write goes on from them)."""
    compact = sys.modules.get("talkbar.search.compact")   # loaded only by runs that indexed something
    if compact is None or not compact.started():
        return
    from talkbar.cli.progress import Progress
    try:
        with Progress("Compacting the search index"):
            compact.finish()
    except KeyboardInterrupt:
        compact.finish(wait_s=0)
