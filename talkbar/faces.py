"""The two faces over the engine, and how each words its pointers (kept light: the CLI's
`tools info` needs them without loading the engine)."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Face:
    """How a face words pointers: to an operation's schema, and to the list of operations."""
    name: str  # "cli" | "mcp"

    def schema_pointer(self, op_id):
        if self.name == "mcp":
            return 'Arguments: talkbar_tools {"tool":"%s"}' % op_id
        return f"Arguments: talkbar-cli tools info {op_id}"

    def list_pointer(self):
        if self.name == "mcp":
            return "Call talkbar_tools to see the operations you can run."
        return "Run talkbar-cli tools list to see them."


CLI = Face("cli")
MCP = Face("mcp")
