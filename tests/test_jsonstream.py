"""talkbar/jsonstream.py: JSON written piece by piece is json.dumps's very text, and an array made
as it is written has made no more of its items than it has written."""

import json

from hypothesis import given, settings, strategies as st

from talkbar.jsonstream import Streamed, pieces

TEXT = st.text(st.characters(codec=None, exclude_categories=()), max_size=12)   # lone surrogates too
SCALARS = st.none() | st.booleans() | st.integers(min_value=-(10 ** 30), max_value=10 ** 30) \
    | st.floats(allow_nan=False) | TEXT
PLAIN = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(TEXT, inner, max_size=4), max_leaves=20)


def _streamed(value, draw):
    """`value` with some of its arrays made Streamed (where one may be: a dict's value or a Streamed's
    item), and the value json.dumps is given for it."""
    if isinstance(value, dict):
        return {k: _streamed(v, draw) for k, v in value.items()}
    if isinstance(value, list) and draw(st.booleans()):
        items = [_streamed(v, draw) for v in value]
        return Streamed(iter(items))
    return value


@st.composite
def documents(draw):
    plain = draw(PLAIN | st.dictionaries(TEXT, PLAIN, max_size=4) | st.lists(PLAIN, max_size=4))
    return plain, _streamed(plain, draw)


def _forms():
    return st.sampled_from([(True, None), (False, None), (True, 2), (False, 2), (False, 4)])


def _dumps(value, ensure_ascii, indent):
    if indent is None:
        return json.dumps(value, ensure_ascii=ensure_ascii, separators=(",", ":"))
    return json.dumps(value, ensure_ascii=ensure_ascii, indent=indent)


@settings(max_examples=300, deadline=None)
@given(documents(), _forms())
def test_the_pieces_are_json_dumps_text(document, form):
    plain, streamed = document
    ensure_ascii, indent = form
    assert "".join(pieces(streamed, ensure_ascii=ensure_ascii, indent=indent)) == _dumps(plain, ensure_ascii, indent)


def test_nested_streamed_arrays_and_empty_ones():
    plain = {"a": [], "b": [{"c": [[1, {"d": []}], []], "e": "x\ny"}], "f": {"g": [1, 2]}, "h": 1}
    streamed = {"a": Streamed(iter([])),
                "b": Streamed(iter([{"c": Streamed(iter([Streamed(iter([1, {"d": Streamed(iter([]))}])), []])),
                                     "e": "x\ny"}])),
                "f": {"g": Streamed(iter([1, 2]))}, "h": 1}
    for indent in (None, 2):
        rebuilt = _rebuild(plain)
        assert "".join(pieces(rebuilt, indent=indent)) == _dumps(plain, True, indent)
    assert "".join(pieces(streamed, indent=2)) == _dumps(plain, True, 2)


def _rebuild(value):
    if isinstance(value, dict):
        return {k: _rebuild(v) for k, v in value.items()}
    if isinstance(value, list):
        return Streamed(iter([_rebuild(v) for v in value]))
    return value


def test_an_item_is_made_only_after_the_one_before_is_written():
    made, written = [], []

    def items():
        for i in range(5):
            made.append(i)
            yield {"n": i, "text": "x" * 10}

    for piece in pieces({"items": Streamed(items()), "after": 1}):
        written.append(piece)
        shown = sum(f'"n":{i},' in "".join(written) for i in range(5))
        assert len(made) <= shown + 1, (made, written)    # at most the item being written is held
    assert made == [0, 1, 2, 3, 4]
    assert json.loads("".join(written)) == {"items": [{"n": i, "text": "x" * 10} for i in range(5)], "after": 1}
