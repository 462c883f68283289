"""ops.toml: one row per operation, loaded once and checked against the manifest's own schema.

A row names the operation, how it is exposed (kind, MCP tool, default toggle, policy group,
category), how it is described, its arguments (JSON Schema properties, closed by the loader) and
how it runs: its SQL file (sql/ops/<id>.sql by default), an optional pure post-processor, or a
handler for operations of several steps. See the top of ops.toml for every field.
"""

import importlib
import json
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path

from talkbar import parsecache
from talkbar.declarations import DECLARED_FIELDS, ITEM_SCHEMA, Declared, Item, declared_from_row
from talkbar.resources import data_dir

KINDS = ("read", "change")
TOOLS = ("talkbar_read", "talkbar_change", "talkbar_delete")
GROUPS = ("metadata", "content", "contentChanges", "scheduling", "scheduler", "exports")

ROW_SCHEMA = {
    "type": "object",
    "required": ["id", "kind", "tool", "default", "group", "category", "title", "summary"],
    "additionalProperties": False,
    "properties": {
        "id": {"type": "string", "pattern": r"^[a-z_]+(\.[a-z_]+)+$"},
        "kind": {"enum": list(KINDS)},
        "tool": {"enum": list(TOOLS)},
        "default": {"enum": ["on", "off"]},
        "group": {"enum": list(GROUPS)},
        "category": {"type": "string"},
        "title": {"type": "string", "minLength": 1},
        "summary": {"type": "string", "minLength": 1},
        "run": {"type": "string", "pattern": r"^talkbar\.[a-z_.]+:[a-z_0-9]+$"},
        "post": {"type": "string", "pattern": r"^talkbar\.[a-z_.]+:[a-z_0-9]+$"},
        "sql": {"type": "string"},
        "missing": {"type": "string"},
        "required": {"type": "array", "items": {"type": "string"}},
        "at_least_one": {"type": "array", "items": {"type": "string"}, "minItems": 2},
        "one_of": {"type": "array", "items": {"type": "array", "items": {"type": "string"}, "minItems": 2}},
        "any_of": {"type": "array", "items": {"type": "array", "items": {"type": "string"}, "minItems": 2}},
        "not_together": {"type": "array", "items": {"type": "array", "items": {"type": "string"},
                                                      "minItems": 2, "maxItems": 2}},
        "requires": {"type": "object", "additionalProperties": {"type": "string"}},
        "session": {"type": "string"},
        "touches": {"type": "array", "items": {"type": "string", "pattern": r"^[a-z_]+:[A-Za-z]+$"}},
        "paging": {"enum": ["none", "cursor", "offset", "turnOffset", "beforeSequence", "after"]},
        "workspace": {"type": "boolean"},
        "outside_queue": {"type": "boolean"},
        "lean_plans": {"type": "boolean"},
        "args": {"type": "object", "additionalProperties": {"type": "object"}},
        **DECLARED_FIELDS,
    },
}


@dataclass(frozen=True)
class Op:
    id: str
    kind: str
    tool: str
    default_on: bool
    group: str
    category: str
    title: str
    summary: str
    schema: dict
    run: str = None
    post: str = None
    sql: str = None
    missing: str = None
    at_least_one: tuple = ()
    one_of: tuple = ()
    any_of: tuple = ()
    not_together: tuple = ()
    requires: dict = field(default_factory=dict)
    session: str = None
    touches: tuple = ()
    paging: str = "none"
    outside_queue: bool = False
    lean_plans: bool = False
    declared: Declared = field(default_factory=Declared)

    @property
    def is_read(self):
        return self.kind == "read"

    @property
    def arg_names(self):
        return tuple(self.schema["properties"])

    @property
    def required(self):
        return tuple(self.schema.get("required", ()))

    def resolve(self, dotted):
        module, _, name = dotted.partition(":")
        return getattr(importlib.import_module(module), name)


def _close(schema, name):
    """Close every object schema and make …Id strings (and …Ids items) non-empty."""
    if not isinstance(schema, dict):
        return schema
    out = dict(schema)
    types = out.get("type")
    types = types if isinstance(types, list) else [types]
    if "object" in types and "properties" in out:
        out.setdefault("additionalProperties", False)
        out["properties"] = {k: _close(v, k) for k, v in out["properties"].items()}
    if "array" in types and "items" in out:
        out["items"] = _close(out["items"], name[:-1] if name.endswith("Ids") else "")
    if "string" in types and name.endswith("Id"):
        out.setdefault("minLength", 1)
    for key in ("anyOf", "oneOf"):
        if key in out:
            out[key] = [_close(s, name) for s in out[key]]
    return out


def _shaped(prop, shapes, where):
    """An argument written `{ shape = "name", …}`: the named [shape.name] of ops.toml, with the
    row's own keys laid over it (e.g. `type = ["object", "null"]` where null is also taken)."""
    if "shape" not in prop:
        return prop
    own = dict(prop)
    name = own.pop("shape")
    if name not in shapes:
        raise ManifestError(f"ops.toml: {where} names the unknown shape {name!r}")
    return {**shapes[name], **own}


WORKSPACE_ID = {"type": "string", "minLength": 1,
                "description": "From workspace.list; default: the one open in the app."}


def _build_schema(row, shapes):
    props = {}
    if row.get("workspace", True):
        props["workspaceId"] = dict(WORKSPACE_ID)
    for name, prop in row.get("args", {}).items():
        props[name] = _close(_shaped(prop, shapes, f"{row.get('id')}.{name}"), name)
    schema = {"type": "object", "properties": props}
    if row.get("required"):
        schema["required"] = list(row["required"])
    schema["additionalProperties"] = False
    return schema


def _op_from_row(row, shapes, sequences):
    return Op(
        id=row["id"], kind=row["kind"], tool=row["tool"], default_on=row["default"] == "on",
        group=row["group"], category=row["category"], title=row["title"], summary=row["summary"],
        schema=_build_schema(row, shapes), run=row.get("run"), post=row.get("post"), sql=row.get("sql"),
        missing=row.get("missing"), at_least_one=tuple(row.get("at_least_one", ())),
        one_of=tuple(tuple(g) for g in row.get("one_of", ())),
        any_of=tuple(tuple(g) for g in row.get("any_of", ())),
        not_together=tuple(tuple(p) for p in row.get("not_together", ())),
        requires=dict(row.get("requires", {})), session=row.get("session"),
        touches=tuple(row.get("touches", ())), paging=row.get("paging", "none"),
        outside_queue=row.get("outside_queue", False),
        lean_plans=row.get("lean_plans", False),
        declared=declared_from_row(row, sequences),
    )


class ManifestError(Exception):
    pass


class Manifest:
    def __init__(self, ops, items=None, sequences=None):
        self.ops = {op.id: op for op in ops}
        self.items = items or {}           # [item.<name>]: the kinds of item an id names
        self.sequences = sequences or {}   # [sequence]: fixed sequences of named queries

    def __iter__(self):
        return iter(self.ops.values())

    def __len__(self):
        return len(self.ops)

    def get(self, op_id):
        """The operation named op_id; None for anything else (a list or an object included)."""
        return self.ops.get(op_id) if isinstance(op_id, str) else None

    def did_you_mean(self, op_id):
        if not isinstance(op_id, str):
            return None
        import difflib
        close = difflib.get_close_matches(op_id, list(self.ops), n=1, cutoff=0.6)
        return close[0] if close else None

    def unknown(self, op_id, then=""):
        """The not_found for an id that names no operation, with a guess, then `then` (the face's
        pointer to the list)."""
        from talkbar.errors import not_found
        guess = self.did_you_mean(op_id)
        hint = f" Did you mean {guess}?" if guess else ""
        return not_found(f"Unknown operation `{op_id}`.{hint}" + (f" {then}" if then else ""))

    @cached_property
    def delete_ops(self):
        return frozenset(op.id for op in self if op.tool == "talkbar_delete")


def _parse(path):
    import tomllib   # only when the parsed manifest is not cached (talkbar/parsecache.py)
    with open(path, "rb") as f:
        return tomllib.load(f)


def _parsed(path=None):
    path = Path(path or data_dir() / "ops.toml")
    return parsecache.cached("ops", [path], lambda: _parse(path))


@cache
def _shapes():
    return _parsed().get("shape", {})


def shape(name):
    """A [shape.name] of ops.toml: the schema several operations share (and the fixture format's
    vocabulary where it is the same, e.g. card types)."""
    return _shapes()[name]


def load(path=None):
    parsed = _parsed(path)
    rows, shapes, sequences = parsed.get("op", []), parsed.get("shape", {}), parsed.get("sequence", {})
    ops, seen = [], set()
    for i, row in enumerate(rows):
        if row.get("id") in seen:
            raise ManifestError(f"ops.toml: operation {row.get('id')!r} appears twice")
        seen.add(row.get("id"))
        ops.append(_op_from_row(row, shapes, sequences))
    items = {name: Item(name=name, **fields) for name, fields in parsed.get("item", {}).items()}
    return Manifest(ops, items, sequences)


def check_rows(path=None):
    """Validate every raw row against ROW_SCHEMA; return a list of problems (empty when clean)."""
    from jsonschema import Draft202012Validator
    parsed = _parse(Path(path or data_dir() / "ops.toml"))
    rows, shapes = parsed.get("op", []), parsed.get("shape", {})
    validator = Draft202012Validator(ROW_SCHEMA)
    problems, used = [], set()
    for row in rows:
        for err in validator.iter_errors(row):
            where = "/".join(str(p) for p in err.absolute_path)
            problems.append(f"{row.get('id', '?')}: {where}: {err.message}")
        for name, prop in row.get("args", {}).items():
            if isinstance(prop, dict) and "shape" in prop:
                used.add(prop["shape"])
                if prop["shape"] not in shapes:
                    problems.append(f"{row.get('id', '?')}: args/{name}: unknown shape {prop['shape']!r}")
                elif "description" in prop and prop["description"] == shapes[prop["shape"]].get("description"):
                    problems.append(f"{row.get('id', '?')}: args/{name}: repeats the description of shape "
                                    f"{prop['shape']!r}; leave it out")
    problems += [f"shape {name!r} is used by no operation" for name in sorted(set(shapes) - used)]
    problems += _declared_problems(parsed, rows)
    return problems


def _declared_problems(parsed, rows):
    """[item.*] tables against ITEM_SCHEMA; every item, sequence and step a row names exists."""
    from jsonschema import Draft202012Validator
    items, sequences = parsed.get("item", {}), parsed.get("sequence", {})
    problems = [f"item {name}: {'/'.join(map(str, e.absolute_path))}: {e.message}"
                for name, item in items.items() for e in Draft202012Validator(ITEM_SCHEMA).iter_errors(item)]
    for row in rows:
        for field_name in ("live", "exists"):
            for arg, kind in row.get(field_name, {}).items():
                if kind not in items:
                    problems.append(f"{row.get('id', '?')}: {field_name}/{arg}: unknown item {kind!r}")
        if row.get("bump") and row["bump"].split(":")[0] not in items:
            problems.append(f"{row.get('id', '?')}: bump: unknown item {row['bump']!r}")
        for step in row.get("steps", ()):
            if step.startswith("@") and step[1:] not in sequences:
                problems.append(f"{row.get('id', '?')}: steps: unknown sequence {step!r}")
    return problems


DESCRIPTION_MAX = 200


def undescribed(op):
    """Every argument property of the operation's schema, nested ones included (object properties,
    array items, anyOf/oneOf branches), whose `description` is missing, empty, more than one line
    or longer than DESCRIPTION_MAX: ["<op id>: <path>: <why>"]. `if`/`then` conditions are not
    arguments and are not walked."""
    problems = []

    def walk(schema, path):
        if not isinstance(schema, dict):
            return
        for name, sub in schema.get("properties", {}).items():
            where = f"{path}.{name}" if path else name
            text = sub.get("description") if isinstance(sub, dict) else None
            if not isinstance(text, str) or not text.strip():
                problems.append(f"{op.id}: {where}: no description")
            elif "\n" in text or "\r" in text:
                problems.append(f"{op.id}: {where}: description is more than one line")
            elif len(text) > DESCRIPTION_MAX:
                problems.append(f"{op.id}: {where}: description is {len(text)} characters (at most {DESCRIPTION_MAX})")
            walk(sub, where)
        walk(schema.get("items"), f"{path}[]")
        for key in ("anyOf", "oneOf"):
            for sub in schema.get(key, ()):
                walk(sub, path)

    walk(op.schema, "")
    return problems


_MANIFEST = None


def manifest():
    global _MANIFEST
    if _MANIFEST is None:
        _MANIFEST = load()
    return _MANIFEST


def schema_json(op):
    return json.dumps(op.schema, ensure_ascii=False)
