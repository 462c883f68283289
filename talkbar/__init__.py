"""TalkBar's local MCP server and command-line tool over a meeting workspace."""

__version__ = "0.1.0"
