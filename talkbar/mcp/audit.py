"""The audit log's lines (MCP Access > audit log): one when a tool call arrives, one when it is done.

A line names the operations and their arguments without their free text: ids, values of a fixed
vocabulary (an enum), numbers and true/false as sent; any other string as its length, an array as
its number of items, an object as its keys. A note whose body holds a password is logged as
`"markdown": {"chars": 812}`. Export calls are logged without arguments (spec: the audit log).
"""

import json

from talkbar import untrusted

MAX_ID_CHARS = 200
MAX_IDS = 20
UNKNOWN = "(unknown operation)"


def line(stage, call_id, tool, arguments, manifest, search_op):
    """The text of one audit line (without the `talkbar audit ` prefix)."""
    out = {"audit": stage, "id": call_id, "tool": tool}
    if stage == "call":
        out["operations"] = [_entry(e, manifest) for e in _entries(tool, arguments, search_op)]
    return json.dumps(out, ensure_ascii=True, separators=(",", ":"))


def _entries(tool, arguments, search_op):
    if tool == "talkbar_find":
        return [{"tool": search_op, "args": arguments}]
    if tool == "talkbar_tools":
        return [{"tool": "talkbar_tools", "args": arguments}]
    if isinstance(arguments.get("calls"), list):
        return [e for e in arguments["calls"] if isinstance(e, dict)]
    return [{"tool": arguments.get("tool"), "args": arguments.get("args")}]


def _entry(entry, manifest):
    name, args = entry.get("tool"), entry.get("args")
    if name == "talkbar_tools":
        wanted = args.get("tool") if isinstance(args, dict) else None
        return {"operation": name, "args": {"tool": wanted if isinstance(wanted, str) and manifest.get(wanted) else _size(wanted)}
                if wanted is not None else {}}
    op = manifest.get(name) if isinstance(name, str) else None
    if op is None:
        return {"operation": UNKNOWN}
    if op.id.startswith("exports."):
        return {"operation": op.id}
    if not isinstance(args, dict):
        return {"operation": op.id, "args": _size(args)} if args is not None else {"operation": op.id}
    props = op.schema["properties"]
    return {"operation": op.id, "args": {_key(k): _value(k, v, props.get(k)) for k, v in args.items()}}


def _key(key):
    return untrusted.shown(key)[:MAX_ID_CHARS]


def _value(key, value, schema):
    if isinstance(value, str):
        if key.endswith("Id") or (isinstance(schema, dict) and value in schema.get("enum", ())):
            return untrusted.shown(value)[:MAX_ID_CHARS]
        return _size(value)
    if isinstance(value, list) and key.endswith("Ids") and len(value) <= MAX_IDS \
            and all(isinstance(v, str) for v in value):
        return [untrusted.shown(v)[:MAX_ID_CHARS] for v in value]
    if value is None or isinstance(value, (bool, int, float)):
        return value
    return _size(value)


def _size(value):
    if isinstance(value, str):
        return {"chars": len(value)}
    if isinstance(value, list):
        return {"items": len(value)}
    if isinstance(value, dict):
        return {"keys": sorted(_key(k) for k in value)}
    return value
