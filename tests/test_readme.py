"""The README names the CLI commands that do what TalkBar Settings > MCP Access does, next to the
refusals an assistant relays, quoted word for word as the server sends them."""

from conftest import REPO

from talkbar.cli.app_cmd import access
from talkbar.mcp.tools import OFF_MASTER

PER_OPERATION = "notes.create is turned off in TalkBar. Ask the user to turn it on in TalkBar Settings > MCP Access."


def _prose(text):
    return " ".join(text.split())


def test_readme_quotes_the_refusals_and_names_every_access_command():
    readme = _prose((REPO / "README.md").read_text(encoding="utf-8"))
    assert f'"{OFF_MASTER}"' in readme
    assert f'"{PER_OPERATION}"' in readme
    for name in access.commands:
        assert f"`app access {name}" in readme, name
    assert "talkbar-cli completion bash|zsh|fish" in readme
