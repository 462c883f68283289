"""The MCP face: a hand-written stdio JSON-RPC server with five tools (see design-notes.md)."""
