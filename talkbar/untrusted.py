"""Text that comes from outside (a wire line, --args, a batch file, the policy file): parsed as
strict JSON with a bound on nesting, and strings checked for what no UTF-8 text can hold.

`json.loads` recurses once per level, so a 2 KB line of `[[[[…` raises RecursionError (not
ValueError) and kills whoever does not expect it; it also reads `NaN`/`Infinity`, which are not
JSON, and `1e400` as an infinite float no reply could encode. `parse` turns all of these into a
ValueError saying what was wrong. A lone surrogate (`"\\ud800"` in JSON) is valid JSON but not
Unicode text: it cannot be encoded as UTF-8, so no reply, log line or database value may hold it.
"""

import json
import math
import re

MAX_DEPTH = 64   # arrays and objects inside each other; TalkBar's deepest real message is ~10
_LONE_SURROGATE = re.compile(r"[\ud800-\udfff]")


def text_codec(head):
    """The codec to read a file of outside JSON with (--args-file, a batch file, a fixture, the
    policy file), from its first 4 bytes, as RFC 4627 tells it (json.detect_encoding): UTF-8 with
    or without a byte order mark (Notepad writes one), UTF-16 (what Windows PowerShell 5's `>` and
    Out-File write) or UTF-32, by the mark or by where the first characters' zero bytes are."""
    codec = json.detect_encoding(head[:4])
    return "utf-8-sig" if codec == "utf-8" else codec


def decode(data):
    """The text of a whole file of outside JSON (text_codec); UnicodeDecodeError if it is none."""
    return data.decode(text_codec(data[:4]))


def _reject_constant(name):
    raise ValueError(f"{name} is not JSON")


def _finite(text):
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:40]} is too large")
    return value


def parse(text):
    """Strict JSON with at most MAX_DEPTH levels of nesting; ValueError otherwise."""
    try:
        value = json.loads(text, parse_constant=_reject_constant, parse_float=_finite)
    except RecursionError:
        raise ValueError(f"nesting deeper than {MAX_DEPTH} levels") from None
    if text.count("[") + text.count("{") > MAX_DEPTH and depth(value) > MAX_DEPTH:
        raise ValueError(f"nesting deeper than {MAX_DEPTH} levels")
    return value


def depth(value):
    """How many arrays/objects deep `value` goes (walked without recursion)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, level)
        stack.extend((child, level + 1) for child in children if isinstance(child, (dict, list)))
    return deepest


def has_lone_surrogate(text):
    return _LONE_SURROGATE.search(text) is not None


def shown(text):
    """`text` safe to write anywhere: a lone surrogate becomes the visible escape `\\ud800`."""
    if not has_lone_surrogate(text):
        return text
    return text.encode("utf-8", "backslashreplace").decode("utf-8")
