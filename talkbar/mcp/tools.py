"""The five MCP tools: which are listed, their definitions and descriptions, and talkbar_tools.

Everything here is computed from the manifest, MCP Access and the administrator's policy as they
are at the moment they are asked (talkbar/mcp/server.py reads them), so a switch in the app takes
effect on the next call. A View's definitions are computed once (a view is reused while neither
changes).
"""

import json

from talkbar.errors import OpError

INSTRUCTIONS = (
    "TalkBar holds the user's meetings: sessions with summaries and transcripts, notes, projects, "
    "action items, knowledge cards, people and schedules. Find ids with talkbar_find, then read with "
    "talkbar_read and change with talkbar_change; trash, archive and delete go through talkbar_delete, "
    "which the user confirms. Batch with {\"calls\":[...]}: calls run in order and continue past errors "
    "unless stopOnError is true. workspaceId is optional (default: the workspace open in the app). "
    "Notes are Markdown. The live session: sessions.recording. Recording, settings and emptying the "
    "Trash stay in the app. The user turns operations on in TalkBar Settings > MCP Access; item "
    "changes start off.")

OFF_MASTER = ("TalkBar's MCP access is turned off. Ask the user to turn it on in TalkBar Settings > "
              "MCP Access.")
SEARCH_OP = "workspace.search"
RUNNERS = ("talkbar_read", "talkbar_change", "talkbar_delete")
FIVE = ("talkbar_find", "talkbar_read", "talkbar_change", "talkbar_delete", "talkbar_tools")

ANNOTATIONS = {
    "talkbar_find": (True, False, True, False),
    "talkbar_read": (True, False, True, False),
    "talkbar_change": (False, False, False, False),
    "talkbar_delete": (False, True, False, False),
    "talkbar_tools": (True, False, True, False),
}

# `args` is declared an object, so that clients which build arguments from the schema (the MCP
# Inspector CLI JSON-parses a value only for type "object") pass it as one; the server still takes
# `"args": null` or no args, as the spec says (talkbar.engine.unreadable_call).
_ARGS = {"type": "object", "description": "The operation's arguments; leave out or null for none."}
RUN_SCHEMA = {
    "type": "object",
    "properties": {
        "tool": {"type": "string", "description": "Operation id, e.g. sessions.get. With args, not with calls."},
        "args": _ARGS,
        "calls": {"type": "array", "minItems": 1, "maxItems": 20,
                  "description": "1-20 {tool, args} run in order.",
                  "items": {"type": "object", "properties": {"tool": {"type": "string"}, "args": _ARGS},
                            "required": ["tool"], "additionalProperties": False}},
        "stopOnError": {"type": "boolean", "description": "With calls: stop at the first failure (default false)."},
    },
    "additionalProperties": False,
}
KINDS = ["session", "note", "document", "chat", "action_item", "project", "series", "person", "company", "memory"]
FIND_SCHEMA = {
    "type": "object",
    "properties": {
        "query": {"type": "string", "minLength": 1, "description": "What to look for."},
        "kinds": {"type": "array", "items": {"enum": KINDS}, "description": "Only these kinds (memory = knowledge cards)."},
        "match": {"enum": ["any", "all"], "description": "any (default): a natural-language request; all: every word."},
        "projectId": {"type": "string", "minLength": 1},
        "limit": {"type": "integer", "minimum": 1, "maximum": 100, "description": "Default 20."},
        "includeArchived": {"type": "boolean", "description": "Also archived series, people, companies, cards."},
        "workspaceId": {"type": "string", "minLength": 1},
    },
    "required": ["query"],
    "additionalProperties": False,
}
TOOLS_SCHEMA = {
    "type": "object",
    "properties": {"tool": {"type": "string", "description": "An operation id: its arguments and how to run it."}},
    "additionalProperties": False,
}
SCHEMAS = {"talkbar_find": FIND_SCHEMA, "talkbar_read": RUN_SCHEMA, "talkbar_change": RUN_SCHEMA,
           "talkbar_delete": RUN_SCHEMA, "talkbar_tools": TOOLS_SCHEMA}


class View:
    """What the MCP client may see and run right now."""

    def __init__(self, manifest, access, policy):
        self.manifest = manifest
        self.access = access
        self.policy = policy
        self._definitions = None
        self._canonical = None

    def same(self, access, policy):
        """Whether this view is the one for these settings (so its definitions hold)."""
        return self.policy == policy and self.access == access

    def visible(self, op):
        return not self.policy.broken and not self.policy.blocks(op)

    def on(self, op):
        return self.visible(op) and self.access.enabled(op.id)

    def ops_on(self, tool=None):
        return [op for op in self.manifest if self.on(op) and (tool is None or op.tool == tool)]

    def gate(self, op):
        """The MCP Access check of one operation (after lookup and policy)."""
        if not self.access.mcp_enabled:
            raise OpError("turned_off", OFF_MASTER)
        if not self.access.enabled(op.id):
            raise OpError("turned_off", f"{op.id} is turned off in TalkBar. Ask the user to turn it on in "
                                        "TalkBar Settings > MCP Access.")

    # ---------------------------------------------------------------- the list
    def listed(self):
        if not self.access.mcp_enabled:
            return []
        on = self.ops_on()
        names = []
        if any(op.id == SEARCH_OP for op in on):
            names.append("talkbar_find")
        for tool in RUNNERS:
            if any(op.tool == tool for op in on):
                names.append(tool)
        if on:
            names.append("talkbar_tools")
        return names

    def definitions(self):
        """The listed tools' definitions (computed once; shared, so never changed by a caller)."""
        if self._definitions is None:
            self._definitions = [self.definition(name) for name in self.listed()]
        return self._definitions

    def canonical(self):
        """The definitions as one comparable string: whoever knew another one hears of the change."""
        if self._canonical is None:
            self._canonical = json.dumps(self.definitions(), sort_keys=True)
        return self._canonical

    def definition(self, name):
        ro, destructive, idem, open_world = ANNOTATIONS[name]
        return {"name": name, "title": TITLES[name], "description": self.description(name),
                "inputSchema": SCHEMAS[name],
                "annotations": {"readOnlyHint": ro, "destructiveHint": destructive,
                                "idempotentHint": idem, "openWorldHint": open_world}}

    def description(self, name):
        if name == "talkbar_read":
            return ("Run reads: {tool, args} or {calls: [...]} (1-20, in order). Reads that are on, "
                    "with required args: " + compact(self.ops_on("talkbar_read"), with_args=True))
        return STATIC_DESCRIPTIONS[name]

    # ---------------------------------------------------------------- talkbar_tools
    def index(self):
        out = {tool: {op.id: op.summary for op in self.ops_on(tool)} for tool in RUNNERS}
        out = {k: v for k, v in out.items() if v}
        off = [op for op in self.manifest if self.visible(op) and not self.access.enabled(op.id)]
        if off:
            out["off"] = ("Turned off; the user can turn them on in TalkBar Settings > MCP Access: "
                          + compact(off, with_args=False))
        return out

    def describe(self, op_id):
        op = self.manifest.get(op_id)
        if op is None:
            raise self.manifest.unknown(op_id, "Call talkbar_tools with no arguments to see the operations "
                                               "you can run.")
        self.policy.refuse_blocked(op)
        self.gate(op)
        return {"tool": op.id, "kind": op.kind, "runWith": op.tool, "summary": op.summary, "args": op.schema}


TITLES = {"talkbar_find": "Find in TalkBar", "talkbar_read": "Read from TalkBar",
          "talkbar_change": "Change in TalkBar", "talkbar_delete": "Trash, archive or delete in TalkBar",
          "talkbar_tools": "TalkBar operations"}

STATIC_DESCRIPTIONS = {
    "talkbar_find": ("Search the workspace by name and content, transcript snippets included; usually the "
                     "first step, to turn a name or phrase into ids. match: any (default) reads a "
                     "natural-language request, all requires every word."),
    "talkbar_change": ("Run writes that remove nothing (create, change, file, pin, restore): {tool, args} or "
                       "{calls: [...]} (1-20, in order). Operation ids and arguments: talkbar_tools."),
    "talkbar_delete": ("Trash, archive or delete, after the user confirms: {tool, args} or {calls: [...]} "
                       "(1-20, in order); a batch may also hold other writes. Ids and arguments: talkbar_tools."),
    "talkbar_tools": ("The operation index. No arguments: every operation you can run now, by tool, and "
                      "those switched off. {\"tool\": \"<id>\"}: that operation's arguments (JSON Schema)."),
}


def compact(ops, with_args):
    """`notes.list|get(noteId)|trash.list; sessions.get(sessionId)|…`: grouped by area, in manifest order."""
    groups = {}
    for op in ops:
        area, _, rest = op.id.partition(".")
        required = [r for r in op.required if r != "workspaceId"]
        label = rest + (f"({','.join(required)})" if with_args and required else "")
        groups.setdefault(area, []).append(label)
    return "; ".join(f"{area}." + "|".join(labels) for area, labels in groups.items())
