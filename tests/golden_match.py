"""Matching a golden expectation against a real answer.

Exact JSON equality, except for these placeholders in the expectation:
  "<any>"  anything          "<str>"  any string        "<id>"  a non-empty string
  "<int>"  any integer       "<ms>"   a Unix-ms integer  "<bool>" true or false
  "<null-or-ms>"  null or a Unix-ms integer
  {"$contains": "text"}     a string containing text
  {"$subset": {...}}        an object holding at least these keys (matched recursively)
  {"$len": n}               a list of n items
  {"$each": pattern}        a list whose every item matches pattern
"""


def mismatch(expected, actual, path="$"):
    """None when `actual` matches `expected`, else a sentence saying where and how it differs."""
    if isinstance(expected, str) and expected.startswith("<") and expected.endswith(">"):
        ok = {
            "<any>": True,
            "<str>": isinstance(actual, str),
            "<id>": isinstance(actual, str) and actual != "",
            "<int>": isinstance(actual, int) and not isinstance(actual, bool),
            "<ms>": isinstance(actual, int) and not isinstance(actual, bool) and actual > 10**12,
            "<bool>": isinstance(actual, bool),
            "<null-or-ms>": actual is None or (isinstance(actual, int) and actual > 10**12),
        }.get(expected)
        if ok is None:
            return None if expected == actual else f"{path}: expected {expected!r}, got {actual!r}"
        return None if ok else f"{path}: expected {expected}, got {actual!r}"
    if isinstance(expected, dict) and len(expected) == 1 and next(iter(expected)).startswith("$"):
        (op, arg), = expected.items()
        if op == "$contains":
            return None if isinstance(actual, str) and arg in actual else f"{path}: expected text containing {arg!r}, got {actual!r}"
        if op == "$len":
            return None if isinstance(actual, list) and len(actual) == arg else f"{path}: expected {arg} items, got {actual!r}"
        if op == "$each":
            if not isinstance(actual, list):
                return f"{path}: expected a list, got {actual!r}"
            for i, item in enumerate(actual):
                m = mismatch(arg, item, f"{path}[{i}]")
                if m:
                    return m
            return None
        if op == "$subset":
            if not isinstance(actual, dict):
                return f"{path}: expected an object, got {actual!r}"
            for k, v in arg.items():
                if k not in actual:
                    return f"{path}.{k}: missing"
                m = mismatch(v, actual[k], f"{path}.{k}")
                if m:
                    return m
            return None
        raise ValueError(f"unknown matcher {op}")
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return f"{path}: expected an object, got {actual!r}"
        if set(expected) != set(actual):
            return (f"{path}: keys differ: missing {sorted(set(expected) - set(actual))}, "
                    f"unexpected {sorted(set(actual) - set(expected))}")
        for k in expected:
            m = mismatch(expected[k], actual[k], f"{path}.{k}")
            if m:
                return m
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return f"{path}: expected {len(expected)} items, got {actual!r}"[:600]
        for i, (e, a) in enumerate(zip(expected, actual)):
            m = mismatch(e, a, f"{path}[{i}]")
            if m:
                return m
        return None
    if type(expected) is not type(actual) and not (isinstance(expected, (int, float)) and isinstance(actual, (int, float)) and not isinstance(actual, bool)):
        return f"{path}: expected {expected!r}, got {actual!r}"
    return None if expected == actual else f"{path}: expected {expected!r}, got {actual!r}"
