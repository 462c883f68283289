"""Argument validation, exactly in the order of the spec's "Argument rules" (errors-and-limits).

1. `args` must be an object (or absent/null).
2. Unknown keys are refused by name, at any depth, with the keys the object takes.
3. Wrong values (type, enum, range, lengths, array items, empty ids, control characters) come
   before any lookup. Beyond what each schema declares, every value is held to what the database
   and a UTF-8 reply can take, here and nowhere else: strings are Unicode text (no lone
   surrogate) of at most TEXT_LIMIT characters unless the schema sets its own maxLength, and
   integers lie within ±(2**53 - 1) unless the schema sets its own range.
4. Then missing required arguments, one sentence each (`noteId is required`).
5. Then the operation's combination rules from ops.toml (at_least_one, one_of, any_of,
   not_together, requires).
All are `invalid_arguments`; the face appends the pointer to the operation's schema.
"""

import copy
import re
from functools import lru_cache

from talkbar import untrusted
from talkbar.errors import invalid, or_list

NOTE_TEXT_KEYS = ("content", "text", "body")
_TYPE_WORDS = {"string": "a string", "integer": "an integer", "number": "a number",
               "boolean": "true or false", "array": "an array", "object": "an object", "null": "null"}
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")   # Unicode Cc but tab and line breaks
TEXT_LIMIT = 1_000_000   # characters of one text argument without a maxLength of its own (a note's Markdown)
# Integers without a range of their own: well inside DuckDB's 64-bit BIGINT, so that what SQL adds to
# them (OFFSET $offset after LIMIT $limit, a time plus a duration) cannot overflow, and exactly what
# every JSON reader holds (I-JSON, RFC 7493: a JavaScript client rounds beyond 2**53).
INT_MIN, INT_MAX = -(2**53 - 1), 2**53 - 1


@lru_cache(maxsize=None)
def validator_class():
    from jsonschema import Draft202012Validator, validators
    checker = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _c, v: isinstance(v, int) and not isinstance(v, bool))
    return validators.extend(Draft202012Validator, type_checker=checker)


_validators = {}


def _validator(op):
    v = _validators.get(op.id)
    if v is None:
        v = _validators[op.id] = validator_class()(op.schema)
    return v


def _path(parts):
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{untrusted.shown(p)}" if out else untrusted.shown(p))
    return out


def _words(types):
    types = types if isinstance(types, list) else [types]
    return or_list(_TYPE_WORDS.get(t, t) for t in types)


def _is_trimmed_name(schema):
    return schema.get("pattern") == r"\S"


def _value_message(err, op=None):
    """One sentence for a jsonschema error about a value (not unknown keys, not required)."""
    path = _path(err.absolute_path) or "arguments"
    if err.validator in ("anyOf", "oneOf"):
        return _alternatives_message(err, path, op)
    return f"{path} {reason(err)}"


def reason(err):
    """The predicate of a value error: "must be an integer", "must be one of: a, b"."""
    s, kw = err.schema, err.validator
    if kw == "type":
        return f"must be {_words(s['type'])}"
    if kw in ("enum", "const"):
        allowed = s["enum"] if kw == "enum" else [s["const"]]
        return f"must be one of: {', '.join(str(a) for a in allowed if a is not None)}"
    if kw in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        lo, hi = s.get("minimum"), s.get("maximum")
        if lo is not None and hi is not None:
            return f"must be between {lo} and {hi}"
        if lo is not None:
            return f"must be at least {lo}"
        if hi is not None:
            return f"must be at most {hi}"
        if "exclusiveMinimum" in s:
            return f"must be greater than {s['exclusiveMinimum']}"
        return f"must be less than {s['exclusiveMaximum']}"
    if kw == "minLength":
        if s["minLength"] == 1:
            return "must not be empty"
        return f"must be at least {s['minLength']} characters"
    if kw == "maxLength":
        return f"must be at most {s['maxLength']} characters"
    if kw == "pattern":
        if _is_trimmed_name(s):
            return "must not be empty"
        example = (s.get("examples") or [None])[0]
        return f"must look like {example}" if example else "is not in the expected form"
    if kw == "minItems":
        n = s["minItems"]
        return f"must have at least {n} item{'s' if n != 1 else ''}"
    if kw == "maxItems":
        n = s["maxItems"]
        return f"must have at most {n} item{'s' if n != 1 else ''}"
    if kw == "uniqueItems":
        return "must not repeat a value"
    return f"is not valid: {err.message}"


def _alternatives_message(err, path, op=None):
    """For `(string | object)[]`-style values: explain against the branch of the value's type."""
    json_type = _json_type(err.instance)
    for sub in sorted(err.context or (), key=lambda e: len(e.absolute_path)):
        branch_types = sub.schema.get("type") if isinstance(sub.schema, dict) else None
        branch = sub.relative_schema_path and err.schema[err.validator][sub.relative_schema_path[0]]
        btype = branch.get("type") if isinstance(branch, dict) else branch_types
        btypes = btype if isinstance(btype, list) else [btype]
        if json_type in btypes or (json_type == "integer" and "number" in btypes):
            if sub.validator == "additionalProperties":
                return _unknown_keys_message(op, sub)
            if sub.validator == "required":
                return _required_message(sub)
            return _value_message(sub, op)
    types = []
    for branch in err.schema[err.validator]:
        t = branch.get("type")
        types.extend(t if isinstance(t, list) else [t])
    return f"{path} must be {_words(types)}"


def _json_type(v):
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, int):
        return "integer"
    if isinstance(v, float):
        return "number"
    if isinstance(v, str):
        return "string"
    if isinstance(v, list):
        return "array"
    return "object"


def _unknown_keys_message(op, err):
    props = err.schema.get("properties", {})
    extra = [untrusted.shown(k) for k in err.instance if k not in props]
    keys = ", ".join(f"`{k}`" for k in extra)
    takes = ", ".join(sorted(props))
    if not err.absolute_path and op is not None:
        hint = ""
        if "markdown" in props and any(k in NOTE_TEXT_KEYS for k in extra):
            hint = " Note text goes in markdown."
        takes = f"It takes: {takes}." if takes else "It takes no arguments."
        return f"{op.id} does not take {keys}.{hint} {takes}"
    where = _path(err.absolute_path)
    qualified = ", ".join(f"`{where}.{k}`" for k in extra)
    who = op.id if op is not None else "The operation"
    return f"{who} does not take {qualified}. {where} takes: {takes}."


def _required_message(err):
    missing = err.message.split("'")[1] if "'" in err.message else err.message
    where = _path(err.absolute_path)
    return f"{where}.{missing} is required" if where else f"{missing} is required"


def _bad_value(schema, value, path=()):
    """What no schema needs to say: Unicode text, TEXT_LIMIT, 64-bit integers, no control
    characters. One sentence about the first bad value, or None."""
    schema = schema if isinstance(schema, dict) else {}
    if isinstance(value, str):
        where = _path(path) or "arguments"
        limit = schema.get("maxLength", TEXT_LIMIT)
        if len(value) > limit:  # a declared maxLength was already checked, with its own sentence
            return f"{where} must be at most {limit:,} characters (it has {len(value):,})"
        if untrusted.has_lone_surrogate(value):
            return f"{where} must be Unicode text: it holds a lone surrogate, which UTF-8 cannot carry"
        if _CONTROL.search(value):
            return f"{where} must not contain control characters"
    elif isinstance(value, int) and not isinstance(value, bool):
        if not INT_MIN <= value <= INT_MAX:
            lo, hi = schema.get("minimum", INT_MIN), schema.get("maximum", INT_MAX)
            return f"{_path(path) or 'arguments'} must be between {lo} and {hi}"
    elif isinstance(value, dict):
        props = schema.get("properties", {})
        for k, v in value.items():
            if untrusted.has_lone_surrogate(k):
                return f"{_path(path + (k,))} is not a name: a key must be Unicode text"
            found = _bad_value(props.get(k), v, path + (k,))
            if found:
                return found
    elif isinstance(value, list):
        item = schema.get("items")
        for i, v in enumerate(value):
            found = _bad_value(item, v, path + (i,))
            if found:
                return found
    return None


def _order_key(op, err):
    props = list(op.schema["properties"])
    top = err.absolute_path[0] if err.absolute_path else None
    return (props.index(top) if top in props else len(props), len(err.absolute_path), list(map(str, err.absolute_path)))


def _trimmed_length_errors(schema, value, path=()):
    """Length limits of trimmed names (pattern \\S) apply to the trimmed text."""
    if isinstance(value, dict) and schema.get("properties"):
        for k, v in value.items():
            sub = schema["properties"].get(k)
            if sub:
                msg = _trimmed_length_errors(sub, v, path + (k,))
                if msg:
                    return msg
    elif isinstance(value, str) and _is_trimmed_name(schema):
        n = len(value.strip())
        if "maxLength" in schema and n > schema["maxLength"]:
            return f"{_path(path)} must be at most {schema['maxLength']} characters"
    return None


def _fast_valid(op, args):
    """The compiled yes/no check (talkbar/fastcheck.py): most calls never import jsonschema."""
    from talkbar.fastcheck import checker
    return checker(op.schema)(args)


def check(op, args):
    """Validate `args` for `op`; return a deep copy with top-level defaults filled in."""
    if args is None:
        args = {}
    if not isinstance(args, dict):
        raise invalid("arguments must be an object")
    errors = [] if _fast_valid(op, args) else list(_validator(op).iter_errors(args))
    unknown = [e for e in errors if e.validator == "additionalProperties"]
    if unknown:
        unknown.sort(key=lambda e: len(e.absolute_path))
        raise invalid(_unknown_keys_message(op, unknown[0]))
    values = [e for e in errors if e.validator != "required"]
    if values:
        raise invalid(_value_message(min(values, key=lambda e: _order_key(op, e)), op))
    bad = _bad_value(op.schema, args)
    if bad:
        raise invalid(bad)
    trimmed = _trimmed_length_errors(op.schema, args)
    if trimmed:
        raise invalid(trimmed)
    required = [e for e in errors if e.validator == "required"]
    if required:
        top = [e for e in required if not e.absolute_path]
        raise invalid(_required_message((top or required)[0]))
    _check_combinations(op, args)
    out = copy.deepcopy(args)
    for name, prop in op.schema["properties"].items():
        if name not in out and "default" in prop:
            out[name] = copy.deepcopy(prop["default"])
    return out


def _given(args, name):
    return name in args


def _set(args, name):
    return name in args and args[name] is not False


def _check_combinations(op, args):
    for a, b in op.not_together:  # a flag sent as false is not "given" here (generalOnly: false)
        if _set(args, a) and _set(args, b):
            raise invalid(f"{a} cannot be combined with {b}")
    for group in op.one_of:
        present = [g for g in group if _given(args, g)]
        if len(present) > 1:
            raise invalid(f"Give {' or '.join(group)}, not both" if len(group) == 2
                          else f"Give only one of: {', '.join(group)}")
        if not present:
            raise invalid(f"Give {' or '.join(group)}" if len(group) == 2
                          else f"Give one of: {', '.join(group)}")
    for group in op.any_of:
        if not any(_given(args, g) for g in group):
            raise invalid(f"Give at least one of: {', '.join(group)}")
    for name, needed in op.requires.items():
        if _given(args, name) and not _given(args, needed):
            raise invalid(f"{name} requires {needed}")
    if op.at_least_one and not any(_given(args, g) for g in op.at_least_one):
        raise invalid(f"Give at least one of: {', '.join(op.at_least_one)}")
