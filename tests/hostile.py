"""Hostile input, for the fuzz tests (hypothesis draws the seed of a `random.Random`) and for the
big run of scripts/fuzz_hostile.py (one seeded `random.Random`): one generator, two drivers.

The classes issue 17 names: nesting deeper than any parser should follow, lone surrogates (in ids,
methods, keys and values), integers beyond 64 bits, strings of megabytes, ids that are not
scalars; around them, the ordinary wrongness of a careless client (wrong types, unknown keys,
truncated lines, bytes that are not UTF-8, NaN, JSON-RPC batches, replies nobody asked for).
"""

import json

from talkbar.mcp.tools import FIVE

SURROGATES = ["\ud800", "\udfff", "a\udc00b", "\ud83d", "x\udbff\ud800"]  # the last: low before high
HUGE_INTS = [2**53, -(2**53), 2**63 - 1, 2**63, -(2**63) - 1, 2**64, 10**30, -(10**40), 10**4000]
ODD_STRINGS = ["", " ", "\u0000", "a\u0007b", "\u202eexe.txt", "Ёлка Müller", "𝔘𝔫𝔦", "\ufeff", "x" * 300,
               "'; DROP TABLE notes; --", "$workspace_id", "../../etc/passwd", "null", "NaN"]
BAD_IDS = [[1], {"a": 1}, 1.5, True, None, "\ud800", 10**30, -1, "", [], {}]
METHODS = ["ping", "tools/list", "tools/call", "initialize", "notifications/cancelled", "resources/list",
           "prompts/list", "notifications/initialized", "server/discover", "subscriptions/listen",
           "resources/read", "prompts/get", "", "\ud800", "tools/\udfff"]
MODERN = "io.modelcontextprotocol/protocolVersion"
CAPABILITIES = "io.modelcontextprotocol/clientCapabilities"


def nested(rng, depth, leaf=1):
    """`depth` arrays/objects inside each other."""
    value = leaf
    for _ in range(depth):
        value = [value] if rng.random() < 0.5 else {"a": value}
    return value


def nested_text(rng, depth):
    """The same, written out (so that it never needs a deep json.dumps here)."""
    opens, closes = [], []
    for _ in range(depth):
        if rng.random() < 0.5:
            opens.append("[")
            closes.append("]")
        else:
            opens.append('{"a":')
            closes.append("}")
    return "".join(opens) + "1" + "".join(reversed(closes))


def text(rng):
    roll = rng.random()
    if roll < 0.3:
        return rng.choice(SURROGATES)
    if roll < 0.6:
        return rng.choice(ODD_STRINGS)
    if roll < 0.603:
        return "y" * rng.choice([1_000_001, 2_000_000])   # past the text limit
    return "".join(chr(rng.randrange(0x20, 0x3000)) for _ in range(rng.randrange(0, 12)))


def scalar(rng):
    roll = rng.random()
    if roll < 0.3:
        return text(rng)
    if roll < 0.55:
        return rng.choice(HUGE_INTS + [0, 1, -1, 7, 1796108400000])
    if roll < 0.65:
        return rng.choice([1.5, -0.0, 1e300, 3.0])
    return rng.choice([True, False, None])


def value(rng, depth=0):
    """Any JSON value, mostly shallow, sometimes deep."""
    roll = rng.random()
    if roll < 0.04:
        return nested(rng, rng.choice([30, 70, 200, 500]))
    if depth >= 3 or roll < 0.6:
        return scalar(rng)
    if roll < 0.8:
        return [value(rng, depth + 1) for _ in range(rng.randrange(0, 4))]
    return {key(rng): value(rng, depth + 1) for _ in range(rng.randrange(0, 4))}


def key(rng):
    return rng.choice(["a", "tool", "args", "noteId", "limit", "\ud800", "x" * 50, "", "__proto__"])


def _plausible(rng, name, schema, ids):
    types = schema.get("type")
    types = types if isinstance(types, list) else [types]
    if "enum" in schema and rng.random() < 0.7:
        return rng.choice(schema["enum"])
    if "string" in types:
        if name.endswith("Id"):
            known = ids.get(name) or ids.get("*") or ["no-such-id"]
            return rng.choice(known)
        return (schema.get("examples") or ["plain words"])[0]
    if "integer" in types:
        lo = schema.get("minimum", 0)
        return rng.randint(lo, schema.get("maximum", lo + 1000))
    if "boolean" in types:
        return rng.random() < 0.5
    if "array" in types:
        item = schema.get("items", {})
        return [_plausible(rng, name[:-1] if name.endswith("Ids") else name, item, ids)
                for _ in range(rng.randrange(0, 3))]
    if "object" in types:
        return arguments(rng, schema, ids, hostile=0.2)
    return None


def arguments(rng, schema, ids=None, hostile=0.5):
    """Arguments for an operation's schema: each given argument plausible, or (with probability
    `hostile`) one of the hostile classes; now and then a key it does not take. `ids`: the ids
    of a workspace by argument name ({"noteId": [...], "*": every id}), so that lookups succeed
    often enough to reach deep code."""
    ids = ids or {}
    props = schema.get("properties", {})
    required = set(schema.get("required", ()))
    out = {}
    for name, sub in props.items():
        if name == "workspaceId" and rng.random() < 0.9 or name not in required and rng.random() < 0.5:
            continue
        out[name] = value(rng) if rng.random() < hostile else _plausible(rng, name, sub, ids)
    if rng.random() < 0.1:
        out[key(rng)] = value(rng)
    return out


def wire_line(rng, ops, ids=None):
    """One line for a running server: bytes without a newline."""
    roll = rng.random()
    if roll < 0.06:
        return (nested_text(rng, rng.choice([65, 100, 1100, 5000, 50000]))).encode()
    if roll < 0.10:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(0, 64))).replace(b"\n", b" ")
    if roll < 0.14:
        return rng.choice([b"NaN", b"[]", b"[1,2]", b'"text"', b"42", b"{}", b"null",
                           b'{"jsonrpc":"2.0","id":' + b"9" * rng.choice([30, 5000]) + b',"method":"ping"}',
                           b'{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":1e400}}',
                           b'{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":Infinity}}'])
    msg = message(rng, ops, ids)
    if rng.random() < 0.1:   # the same text, but a lone surrogate written raw: not UTF-8
        data = json.dumps(msg, ensure_ascii=False).encode("utf-8", "surrogatepass")
    else:
        data = json.dumps(msg).encode()
    if rng.random() < 0.05:
        data = data[:rng.randrange(0, max(1, len(data)))]   # cut short
    return data


def message(rng, ops, ids=None):
    roll = rng.random()
    msg = {"jsonrpc": "2.0" if rng.random() < 0.95 else rng.choice(["1.0", 2, None])}
    if rng.random() < 0.85:
        msg["id"] = rng.choice(BAD_IDS) if rng.random() < 0.3 else rng.randrange(10**6)
    if roll < 0.55:
        op = rng.choice(ops)
        tool = op.tool if rng.random() < 0.9 else rng.choice(FIVE)
        call = {"tool": op.id, "args": arguments(rng, op.schema, ids)}
        if rng.random() < 0.1:
            other = rng.choice(ops).id if rng.random() < 0.7 else rng.choice(BAD_IDS)
            call = {"calls": [call, {"tool": other, "args": value(rng)}]}
        msg["method"] = "tools/call"
        msg["params"] = {"name": tool, "arguments": call if rng.random() < 0.9 else value(rng)}
    elif roll < 0.65:
        msg.pop("id", None)
        msg["method"] = "notifications/cancelled"
        msg["params"] = {"requestId": rng.choice(BAD_IDS + [1, "x"]), "reason": text(rng)}
    elif roll < 0.72:
        msg["result" if rng.random() < 0.5 else "error"] = value(rng)   # a reply nobody asked for
    else:
        msg["method"] = rng.choice(METHODS) if rng.random() < 0.8 else text(rng)
        if rng.random() < 0.7:
            msg["params"] = value(rng) if rng.random() < 0.5 else {"name": rng.choice(list(FIVE) + [text(rng)]),
                                                                  "arguments": value(rng)}
    if isinstance(msg.get("params"), dict) and rng.random() < 0.3:
        _modern(rng, msg["params"])
    return msg


def _modern(rng, params):
    """The 2026-07-28 envelope (per-request version and capabilities), right or wrong, and now and
    then the fields of a confirmed delete's second round."""
    meta = {MODERN: rng.choice(["2026-07-28", "2026-07-28", "2025-06-18", "2099-01-01", 5, None, "\ud800"])}
    if rng.random() < 0.9:
        meta[CAPABILITIES] = rng.choice([{}, {"elicitation": {}}, {"elicitation": {"form": {}}}, [], "x"])
    if rng.random() < 0.2:
        meta["progressToken"] = rng.choice([1, "p", [1], None, 1.5])
    params["_meta"] = meta
    if rng.random() < 0.1:
        params["inputResponses"] = rng.choice([{"confirm": {"action": "accept"}}, value(rng)])
        params["requestState"] = rng.choice([text(rng), "x.y", value(rng)])


def ids_of(doc):
    """{argument name: the ids of that name in a fixture document, "*": all of them}."""
    found = {}

    def walk(v, key=""):
        if isinstance(v, dict):
            for k, x in v.items():
                walk(x, k)
        elif isinstance(v, list):
            for x in v:
                walk(x, key[:-1] if key.endswith("Ids") else key)
        elif isinstance(v, str) and key.endswith("Id") and v:
            found.setdefault(key, set()).add(v)
            found.setdefault("*", set()).add(v)
    walk(doc)
    return {k: sorted(v) for k, v in found.items()}
