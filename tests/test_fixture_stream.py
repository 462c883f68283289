"""The streamed import (issue 15): the reader gives what json.loads gives, whatever the layout of
the text and wherever its window ends; a document whose sessions come before their workspace's id
imports the same; refusals name the first bad value and leave the data root as it was."""

import copy
import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from talkbar.fixture import stream


# These tests are about what the operations do, not the process around them: tb and demo run
# their tools/app commands in this process (conftest.InProcessCLI).
pytestmark = pytest.mark.commands_in_process


scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20), st.text(max_size=12),
                    st.floats(allow_nan=False, allow_infinity=False))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                      st.dictionaries(st.text(max_size=6), inner, max_size=4)),
                      max_leaves=25)
sessions = st.lists(st.dictionaries(st.sampled_from(["sessionId", "title", "turns", "x"]), values, max_size=4),
                    max_size=5)
documents = st.fixed_dictionaries({"format": st.just("talkbar-fixture/1"),
                                   "workspaces": st.lists(st.fixed_dictionaries(
                                       {"workspaceId": st.text(max_size=5), "sessions": sessions,
                                        "notes": st.lists(values, max_size=3)}), max_size=3)})


def _read(text, chunk, encoding="utf-8"):
    seen = []

    def on_session(w, s, sess, ws):
        seen.append((w, s))
        return sess
    old = stream.CHUNK
    stream.CHUNK = chunk
    try:
        return stream.read(io.BytesIO(text.encode(encoding)), on_session), seen
    finally:
        stream.CHUNK = old


@settings(max_examples=60, deadline=None)
@given(documents, st.sampled_from([None, 0, 1, 3]), st.integers(1, 7),
       st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32"]))
def test_the_reader_reads_what_json_loads_reads(doc, indent, chunk, encoding):
    """In any of the encodings JSON's own rule (RFC 4627) tells apart, with or without a byte order
    mark: Windows PowerShell 5 writes UTF-16 with one."""
    text = json.dumps(doc, indent=indent, ensure_ascii=indent is None)
    got, seen = _read(text, chunk, encoding)
    assert got == json.loads(text.encode(encoding))
    assert seen == [(w, s) for w, ws in enumerate(doc["workspaces"]) for s in range(len(ws["sessions"]))]


@pytest.mark.parametrize("text,message", [
    ('{"format": "talkbar-fixture/1",\n "workspaces": [ {"sessions": [ {} } ] }', "Expecting ',' delimiter: line 2 column"),
    ('{"a": 1} x', "Extra data: line 1 column 10 (char 9)"),
    ('{"a" 1}', "Expecting ':' delimiter"),
    ('{"workspaces": [{"sessions": [{"turns": [1, 2', "line 1 column"),
    ("", "Expecting value: line 1 column 1 (char 0)"),
])
def test_broken_json_is_named_by_line_and_column(text, message):
    with pytest.raises(stream.NotJson) as exc:
        _read(text, 4)
    assert message in str(exc.value)


def test_sessions_before_their_workspaces_id_import_the_same(tb, tmp_path, demo_doc):
    """Keys in any order: the sessions of a workspace whose id comes last are kept until it is read."""
    doc = copy.deepcopy(demo_doc)
    doc["workspaces"] = [{**{k: v for k, v in ws.items() if k != "workspaceId"}, "workspaceId": ws["workspaceId"]}
                         for ws in doc["workspaces"]]
    first = list(doc["workspaces"][0])
    assert first.index("sessions") < first.index("workspaceId")
    assert tb.import_fixture(doc).code == 0
    other = type(tb)(tmp_path / "other")
    assert other.import_fixture(demo_doc).code == 0
    for op in ("workspace.stats", "sessions.list"):
        assert tb.ok(op) == other.ok(op), op


def test_a_refused_import_into_an_empty_data_root_creates_nothing(tb, demo_doc):
    doc = copy.deepcopy(demo_doc)
    doc["workspaces"][0]["sessions"][-1]["turns"][0]["startMs"] = "late"   # found after every other session was written
    r = tb.import_fixture(doc)
    assert r.code == 1 and "startMs: must be an integer" in r.stderr, r
    assert not tb.db.exists() and not tb.db.with_name(tb.db.name + ".wal").exists()


def test_input_that_is_not_utf8_is_refused(tb, tmp_path):
    bad = tmp_path / "latin1.json"
    bad.write_bytes(b'{"format": "talkbar-fixture/1", "workspaces": [{"name": "Caf\xe9"}]}')
    r = tb.run("--output", "json", "app", "import", bad)
    assert r.code == 1
    assert json.loads(r.stdout)["error"] == {"code": "invalid_arguments", "message": "Input is not UTF-8 text."}


@pytest.mark.parametrize("text,bad", [
    ('{"workspaces": [{"sessions": [{"turns": [{"text": "ok \\ud800 then"}]}]}]}', "\\ud800"),
    ('{"a": "\\udc00"}', "\\udc00"),
    ('{"a": "\\udc00\\ud800"}', "\\udc00"),              # a pair the wrong way round
    ('{"a": "\\ud83d\\ude00 and \\\\ud800 \\ud800x"}', "\\ud800x"),   # after a pair and an escaped backslash
    ('{"key \\uDBFF": 1}', "\\uDBFF"),
])
def test_a_lone_surrogate_is_named_where_it_is(text, bad):
    """Valid JSON, but not text: no database value can hold it (it has no UTF-8)."""
    with pytest.raises(stream.NotUnicode) as exc:
        _read(text, 3)
    at = text.index(bad)
    assert str(exc.value) == f"Lone surrogate {bad[:6]}: line 1 column {at + 1} (char {at})"


@pytest.mark.parametrize("text", ['{"a": "\\ud83d\\ude00"}', '{"a": "\\\\ud800"}', '{"a": "\\\\\\ud83d\\ude00"}'])
def test_pairs_and_escaped_backslashes_are_text(text):
    assert _read(text, 2)[0] == json.loads(text)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(["\ud800", "\udfff", "\udbff\udc00", "\\", "u", "d800", "x", "é"]),
                          st.characters()), max_size=12), st.booleans())
def test_the_reader_refuses_exactly_the_strings_that_are_not_text(parts, ascii_only):
    """Strings of surrogates, pairs, backslashes and the letters of an escape, written as JSON
    escapes: refused exactly when what JSON decodes is not text."""
    value = "".join(parts)
    text = json.dumps({"workspaces": [{"sessions": [{"title": value}]}]}, ensure_ascii=True)
    if not ascii_only:
        text = text.replace('"title"', '"titlé"')
    if _has_lone(*json.loads(text)["workspaces"][0]["sessions"][0].values()):   # a pair in the JSON is one character
        with pytest.raises(stream.NotUnicode):
            _read(text, 5)
    else:
        assert _read(text, 5)[0] == json.loads(text)


def _has_lone(value):
    try:
        value.encode("utf-8")
        return False
    except UnicodeEncodeError:
        return True


def test_a_fixture_with_a_lone_surrogate_is_refused_and_changes_nothing(tb, demo_doc):
    doc = copy.deepcopy(demo_doc)
    doc["workspaces"][0]["sessions"][-1]["turns"][0]["text"] = "broken \ud800 text"
    r = tb.import_fixture(doc)
    assert r.code == 1 and "(document): a string that is not Unicode text: Lone surrogate \\ud800: line" in r.stderr, r
    assert "internal" not in r.stderr
    assert not tb.db.exists() and not tb.db.with_name(tb.db.name + ".wal").exists()


def test_a_turn_holding_the_packing_separator_imports_as_written(tb, demo_doc):
    """import.turns takes the turns' never-NULL strings joined by U+001F; a chunk where one of them
    holds that character goes as JSON instead (import.turns:json), and reads back the same."""
    doc = copy.deepcopy(demo_doc)
    session = doc["workspaces"][0]["sessions"][0]
    said = "column one\x1fcolumn two\x1f"
    session["turns"][3]["text"] = said
    assert tb.import_fixture(doc).code == 0
    import duckdb
    with duckdb.connect(str(tb.db), read_only=True) as con:
        texts = [r[0] for r in con.execute("SELECT text FROM turns WHERE session_id = $s ORDER BY seq",
                                           {"s": session["sessionId"]}).fetchall()]
    assert texts == [t["text"] for t in session["turns"]] and texts[3] == said


@pytest.mark.parametrize("values, packed", [
    (["a", "b c", ""], "a\x1fb c\x1f"),
    ([""], ""),
    (["one"], "one"),
    (["a", None], None),
    (["a\x1fb", "c"], None),
    (["a", "\x1f"], None),
])
def test_strings_pack_only_when_they_split_back_the_same(values, packed):
    from talkbar.fixture.rows import packed_text
    assert packed_text(values) == packed
    if packed is not None:
        assert packed.split("\x1f") == values
