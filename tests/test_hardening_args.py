"""Argument values are checked in one place before SQL sees them (issue 17, groups 3 and 5):
Unicode text (no lone surrogate, at any depth), integers within ±(2**53 - 1) unless the schema
gives a range, text within its limit. Each was `failed` with DuckDB's own words before.

Most run in-process through the engine on a copy of the demo database (a process per case would
only cost time); the issue's own reproductions run the real CLI.
"""

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hostile
from talkbar.errors import CODES, OpError
from talkbar.manifest import load
from talkbar.validate import INT_MAX, INT_MIN, TEXT_LIMIT

OPS = sorted(load(), key=lambda o: o.id)
CRASH = ("TalkBar could not complete", "talkbar-cli failed")


@pytest.fixture(scope="module")
def engine(demo_engine):
    return demo_engine


@pytest.fixture(autouse=True)
def _no_policy(monkeypatch, tmp_path):
    monkeypatch.setenv("TALKBAR_POLICY_FILE", str(tmp_path / "none.json"))


def _refusal(engine, op_id, args):
    with pytest.raises(OpError) as caught:
        engine.call(op_id, args)
    return caught.value


def _types(schema):
    t = schema.get("type")
    return t if isinstance(t, list) else [t]


def test_the_issues_reproductions_answer_invalid_arguments(tb):
    tb.ok("workspace.list")
    code, out = tb.call("notes.get", {"noteId": "\ud800"})
    assert code == 1 and out["error"]["code"] == "invalid_arguments"
    assert out["error"]["message"].startswith("noteId must be Unicode text")
    code, out = tb.call("projects.list", {"offset": 9223372036854775808})
    assert code == 1 and out["error"]["code"] == "invalid_arguments"
    assert out["error"]["message"].startswith(f"offset must be between 0 and {INT_MAX}")
    r = tb.run("--output", "json", "tools", "call", "notes.get", "--args", '{"noteId":' + "[" * 1100 + "]" * 1100 + "}")
    assert r.code == 1 and r.json["error"] == {"code": "invalid_arguments",
                                               "message": "Invalid JSON arguments: nesting deeper than 64 levels"}
    assert "Traceback" not in r.stderr and "RecursionError" not in r.stdout + r.stderr


def test_a_lone_surrogate_in_any_text_argument_is_invalid_arguments(engine):
    checked = 0
    for op in OPS:
        for name, schema in op.schema["properties"].items():
            if "string" in _types(schema) and "enum" not in schema:
                err = _refusal(engine, op.id, {name: "a\udfffb"})
                assert err.code == "invalid_arguments", (op.id, name, err.message)
                assert err.message.startswith(f"{name} must "), (op.id, name, err.message)  # or match its pattern
                checked += 1
            items = schema.get("items", {})
            if "array" in _types(schema) and "string" in _types(items) and "enum" not in items:
                err = _refusal(engine, op.id, {name: ["ok", "\ud800"]})
                assert err.code == "invalid_arguments" and err.message.startswith(f"{name}[1] must "), \
                    (op.id, name, err.message)
    assert checked > 150
    err = _refusal(engine, "notes.get", {"noteId": "\ud800"})
    assert err.message == "noteId must be Unicode text: it holds a lone surrogate, which UTF-8 cannot carry"
    err = _refusal(engine, "exports.preview", {"sessionIds": ["s"], "destinationIds": ["d"],
                                               "selection": {"summarySectionKeys": ["\ud83d"]}})
    assert err.message.startswith("selection.summarySectionKeys[0] must be Unicode text")
    err = _refusal(engine, "notes.get", {"noteId": "n", "\udc00": 1})
    assert err.code == "invalid_arguments" and "`\\udc00`" in err.message


def test_integers_past_the_bound_are_invalid_arguments_and_at_the_bound_answer_cleanly(engine):
    """Every integer argument: beyond ±(2**53 - 1) refused by name; at the bound, a clean answer
    (not DuckDB's overflow: OFFSET $offset after LIMIT $limit once overflowed at 2**63 - 1)."""
    checked = 0
    for op in OPS:
        for name, schema in op.schema["properties"].items():
            if "integer" not in _types(schema):
                continue
            for wrong in (INT_MAX + 1, INT_MIN - 1, 2**63, -(2**63) - 1, 10**30):
                if wrong > schema.get("maximum", wrong) or wrong < schema.get("minimum", wrong):
                    continue  # the schema's own range, worded by jsonschema
                err = _refusal(engine, op.id, {name: wrong})
                assert err.code == "invalid_arguments", (op.id, name, wrong, err.message)
                lo, hi = schema.get("minimum", INT_MIN), schema.get("maximum", INT_MAX)
                assert err.message.startswith(f"{name} must be between {lo} and {hi}"), err.message
                checked += 1
            for edge in (INT_MAX, INT_MIN):
                try:
                    engine.call(op.id, {name: edge})
                except OpError as err:
                    assert not err.message.startswith(CRASH), (op.id, name, edge, err.message)
    assert checked > 20


def test_text_past_the_limit_is_refused_naming_the_limit(engine):
    err = _refusal(engine, "notes.create", {"title": "Big", "markdown": "x" * (TEXT_LIMIT + 1)})
    assert err.code == "invalid_arguments"
    assert err.message == f"markdown must be at most 1,000,000 characters (it has {TEXT_LIMIT + 1:,})"
    made = engine.call("notes.create", {"title": "Exactly the limit", "markdown": "x" * TEXT_LIMIT})
    err = _refusal(engine, "notes.append", {"noteId": made["noteId"], "markdown": "one more line"})
    assert err.code == "invalid_arguments"
    assert err.message == ("markdown would make the note 1,000,014 characters long; a note holds at most "
                           "1,000,000 characters")
    err = _refusal(engine, "topics.create", {"name": "t" * 81})
    assert err.message == "name must be at most 80 characters"   # a limit the spec gives keeps its words


def test_hostile_argument_sets_get_a_clean_answer_and_the_engine_goes_on(engine, demo_doc):
    """Hypothesis picks the seed of tests/hostile.py's argument generator over every operation
    (deep nesting, lone surrogates, huge integers, megabyte strings, wrong types, unknown keys)."""
    ids = hostile.ids_of(demo_doc)

    @given(seed=st.integers(0, 2**64))
    def run(seed):
        rng = random.Random(seed)
        for _ in range(12):
            op = rng.choice(OPS)
            args = hostile.arguments(rng, op.schema, ids, hostile=rng.choice([0.05, 0.3, 0.7]))
            try:
                json.dumps(engine.call(op.id, args))
            except OpError as err:
                assert err.code in CODES
                assert not err.message.startswith(CRASH), (op.id, err.message)
                json.dumps(err.envelope()).encode("utf-8")   # every refusal can be written out
        assert engine.call("workspace.list", {})["workspaces"]
    run()


def test_search_reads_at_most_a_bounded_piece_of_what_it_matches(tb, demo_doc):
    """A huge note (the app may hold one; arguments can no longer make one) is read for its snippet
    only up to 100,000 characters, so a search's memory does not grow with what it matches."""
    from talkbar import sqlfiles
    import duckdb
    doc = json.loads(json.dumps(demo_doc))
    ws = doc["workspaces"][0]
    note = dict(ws["notes"][0])
    note.update({"noteId": "note-huge", "title": "Huge", "markdown": "zebraword " + "lorem ipsum " * 50000,
                 "ownerSessionId": None, "sessionIds": []})
    ws["notes"].append(note)
    tb.holding(doc)
    found = tb.ok("workspace.search", {"query": "zebraword"})["matches"]
    assert [m["id"] for m in found] == ["note-huge"] and len(found[0]["snippet"]) < 200
    con = duckdb.connect(str(tb.db))
    try:
        [row] = sqlfiles.call(con.cursor(), "search.show.note", workspace_id=ws["workspaceId"], ids=["note-huge"])
    finally:
        con.close()
    assert len(row["body"]) == 100_000
