"""JSON written piece by piece: a document too large to hold, as the very text json.dumps gives.

An array in the value that is a `Streamed` (any iterable, read once) is written item by item as its
items are made, so only one item need exist at a time; every other value is encoded whole by the
standard library (its C encoder). A `Streamed` may be a dict's value or a `Streamed`'s item (a
plain list holding one is a programming error, and json says so).

`pieces(value, ensure_ascii=…, indent=…)` joined is exactly `json.dumps(value, ensure_ascii=…,
indent=…)` with `Streamed` read as a list, and with `indent=None` json.dumps's compact separators
(`,` and `:`): tests/test_jsonstream.py holds the two equal. An item encoded whole at some depth
has its lines indented by that depth: json never writes a raw line break inside a string, so every
"\\n" of its text is one of its own line breaks.
"""

import json


class Streamed:
    """An array whose items are made as it is written (`items` is read once)."""

    __slots__ = ("items",)

    def __init__(self, items):
        self.items = items


def pieces(value, *, ensure_ascii=True, indent=None):
    """The text of `value`, in pieces."""
    if indent is None:
        encoder = json.JSONEncoder(ensure_ascii=ensure_ascii, separators=(",", ":"))
    else:
        encoder = json.JSONEncoder(ensure_ascii=ensure_ascii, indent=indent)
    return _Writer(encoder.encode, indent).pieces(value, 0)


class _Writer:
    def __init__(self, encode, indent):
        self.encode = encode
        self.indent = indent
        self.key_separator = ":" if indent is None else ": "

    def pieces(self, value, depth):
        if isinstance(value, Streamed):
            yield from self._array(value.items, depth)
        elif isinstance(value, dict) and _holds_streamed(value):
            yield from self._object(value, depth)
        else:
            yield self._whole(value, depth)

    def _whole(self, value, depth):
        text = self.encode(value)
        return text if self.indent is None or depth == 0 else text.replace("\n", self._line(depth))

    def _line(self, depth):
        return "\n" + " " * (self.indent * depth)

    def _inside(self, depth):
        """What opens each member of a container at `depth`, and what closes the container."""
        if self.indent is None:
            return "", ""
        return self._line(depth + 1), self._line(depth)

    def _array(self, items, depth):
        opening, closing = self._inside(depth)
        first = True
        for item in items:
            yield ("[" if first else ",") + opening
            first = False
            yield from self.pieces(item, depth + 1)
        yield "[]" if first else closing + "]"

    def _object(self, value, depth):
        opening, closing = self._inside(depth)
        separator = "{"
        for key, member in value.items():
            yield separator + opening + self.encode(key) + self.key_separator
            separator = ","
            yield from self.pieces(member, depth + 1)
        yield closing + "}"


def _holds_streamed(value):
    return any(isinstance(v, Streamed) or (isinstance(v, dict) and _holds_streamed(v)) for v in value.values())
