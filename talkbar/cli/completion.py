"""Shell completion: `talkbar-cli completion bash|zsh|fish` prints the script to source, and the
arguments that name operations complete to operation ids.

The script (click's) runs `talkbar-cli` with _TALKBAR_CLI_COMPLETE=<shell>_complete and the words
typed so far in COMP_WORDS/COMP_CWORD; click answers with the candidates. Commands, options and
fixed choices complete through click; an operation id through `operation_ids` below.
"""

import click

SHELLS = ("bash", "zsh", "fish")
COMPLETE_VAR = "_TALKBAR_CLI_COMPLETE"


def _items(ops, incomplete):
    from click.shell_completion import CompletionItem
    return [CompletionItem(op.id, help=op.summary) for op in ops if op.id.startswith(incomplete)]


def operation_ids(ctx, param, incomplete):
    """The operations this user may run from the CLI (the administrator's blocks left out)."""
    from talkbar import policy
    from talkbar.manifest import manifest
    current = policy.current()
    return _items([op for op in manifest() if not current.blocks(op)], incomplete)


def switch_words(ctx, param, incomplete):
    """`app access set OP [OP…] on|off`: every operation id, then on/off once one is given."""
    from click.shell_completion import CompletionItem
    from talkbar.manifest import manifest
    given = ctx.params.get(param.name) or ()
    states = [CompletionItem(s) for s in ("on", "off") if given and s.startswith(incomplete)]
    return _items(manifest(), incomplete) + states


@click.command()
@click.argument("shell", type=click.Choice(SHELLS))
def completion(shell):
    """Print the shell completion script for SHELL.

    \b
    bash:  eval "$(talkbar-cli completion bash)"         (in ~/.bashrc)
    zsh:   eval "$(talkbar-cli completion zsh)"          (in ~/.zshrc)
    fish:  talkbar-cli completion fish > ~/.config/fish/completions/talkbar-cli.fish
    """
    from click.shell_completion import get_completion_class
    root = click.get_current_context().find_root().command
    script = get_completion_class(shell)(root, {}, "talkbar-cli", COMPLETE_VAR).source()
    click.echo(script, nl=not script.endswith("\n"))


def register(cli):
    cli.add_command(completion)
