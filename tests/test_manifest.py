"""ops.toml is the contract: every row valid, equal to spec/operations.tsv, and fully wired."""

import csv
import json
import re
from pathlib import Path

import pytest

from talkbar import sqlfiles
from talkbar.manifest import WORKSPACE_ID, ManifestError, check_rows, load

REPO = Path(__file__).resolve().parent.parent
TSV = Path(__file__).parent / "spec" / "operations.tsv"
SHARED_TSV = REPO.parent / "shared" / "spec" / "operations.tsv"
GOLDEN = Path(__file__).parent / "golden"


def spec_rows():
    with open(TSV, newline="", encoding="utf-8") as f:
        return {r["operation"]: r for r in csv.DictReader(f, delimiter="\t")}


def test_vendored_tsv_is_the_spec():
    if not SHARED_TSV.exists():
        pytest.skip("../shared/spec is not beside this checkout")
    assert TSV.read_text() == SHARED_TSV.read_text()


def test_spec_counts():
    rows = spec_rows()
    assert len(rows) == 144
    assert sum(r["kind"] == "read" for r in rows.values()) == 57
    assert sum(r["mcp_default"] == "on" for r in rows.values()) == 81


def test_rows_match_their_schema():
    assert check_rows() == []


def test_shared_shapes_expand_with_the_rows_own_keys(tmp_path):
    ops = {op.id: op for op in load()}
    schedule = ops["calendar.schedule"].schema["properties"]["preparedSetup"]
    prepare = ops["calendar.prepare"].schema["properties"]["preparedSetup"]
    assert schedule["type"] == "object" and prepare["type"] == ["object", "null"]
    assert schedule["properties"] == prepare["properties"] and "summaryModel" in schedule["properties"]
    assert ops["knowledge.create"].schema["properties"]["type"]["default"] == "fact"
    assert "default" not in ops["knowledge.update"].schema["properties"]["type"]
    bad = tmp_path / "ops.toml"
    bad.write_text('[shape.used]\ntype = "string"\n[shape.idle]\ntype = "string"\n\n'
                   '[[op]]\nid = "a.b"\nkind = "read"\ntool = "talkbar_read"\ndefault = "on"\n'
                   'group = "content"\ncategory = "x"\ntitle = "t"\nsummary = "s"\n'
                   '[op.args]\nx = { shape = "used" }\ny = { shape = "nowhere" }\n')
    assert check_rows(bad) == ["a.b: args/y: unknown shape 'nowhere'", "shape 'idle' is used by no operation"]
    with pytest.raises(ManifestError, match="a.b.y names the unknown shape 'nowhere'"):
        load(bad)


def test_every_row_equals_the_spec():
    spec = spec_rows()
    for op in load():
        assert op.id in spec, f"{op.id} is not an operation of the spec"
        row = spec[op.id]
        assert (op.kind, op.tool, "on" if op.default_on else "off", op.group, op.category) == (
            row["kind"], row["tool"], row["mcp_default"], row["policy_group"], row["category"]), op.id


def _objects(schema, path="args"):
    if isinstance(schema, dict):
        types = schema.get("type")
        types = types if isinstance(types, list) else [types]
        if "object" in types and "properties" in schema:
            yield path, schema
        for key in ("properties",):
            for name, sub in schema.get(key, {}).items():
                yield from _objects(sub, f"{path}.{name}")
        if "items" in schema:
            yield from _objects(schema["items"], f"{path}[]")
        for key in ("anyOf", "oneOf"):
            for i, sub in enumerate(schema.get(key, [])):
                yield from _objects(sub, f"{path}|{i}")


def test_schemas_closed_and_valid():
    from jsonschema import Draft202012Validator
    for op in load():
        Draft202012Validator.check_schema(op.schema)
        for path, obj in _objects(op.schema):
            assert obj.get("additionalProperties") is False, f"{op.id}: {path} is not closed"
        props = op.schema["properties"]
        if op.id == "workspace.list":
            assert props == {}
        else:
            assert props.get("workspaceId") == WORKSPACE_ID and WORKSPACE_ID["minLength"] == 1, op.id
            assert "workspaceId" not in op.schema.get("required", [])
        for name in op.schema.get("required", []):
            assert name in props, f"{op.id}: required {name} has no schema"
        for group in (op.at_least_one, *op.one_of, *op.any_of, *op.not_together, *op.requires.items()):
            for name in group:
                assert name in props, f"{op.id}: combination rule names unknown {name}"


def test_handlers_and_sql_resolve():
    registry = sqlfiles.load_all()
    for op in load():
        if op.run:
            assert callable(op.resolve(op.run)), op.id
        if op.post:
            assert callable(op.resolve(op.post)), op.id
        if not op.run:
            decl = op.declared
            names = list(decl.steps) + [n for n in (op.sql, decl.answer) if n]
            if not names and not decl.lifecycle:   # a trash/restore/pin row runs its item's queries
                names = [op.id]
            for name in names:
                assert name in registry, f"{op.id}: no SQL query {name!r} and no handler"
        own = REPO / "sql" / "ops" / f"{op.id}.sql"
        if own.exists():
            first = [q.name for q in sqlfiles.parse_file(own)][0]
            assert first == op.id, f"{own.name} must open with `-- name: {op.id}`"


def test_sql_files_are_named_after_their_operation():
    ops = {op.id for op in load()}
    for path in (REPO / "sql" / "ops").glob("*.sql"):
        for q in sqlfiles.parse_file(path):
            base = q.name.split("@")[0].split(":")[0]   # <op>:<part>@<variant>
            assert base == path.stem, f"{path.name}: query {q.name} belongs in {base}.sql"
            assert base in ops or base.startswith("_"), f"{path.name}: no operation {base} in ops.toml"


def test_every_operation_has_golden_cases():
    missing = []
    for op in load():
        cases = [json.loads(p.read_text()) for p in (GOLDEN / op.id).glob("*.json")]
        if not any("expect" in c for c in cases) or (not any("error" in c for c in cases) and op.id not in NO_ERROR_CASE):
            missing.append(op.id)
    assert missing == [], f"operations without a success and an error golden case: {missing}"


# Operations that take no arguments besides workspaceId still refuse an unknown workspace, so every
# operation can have an error case; this set stays empty unless an operation truly cannot fail.
NO_ERROR_CASE = set()


def test_compact_list_is_the_manifest(tb):
    r = tb.run("tools", "list", "--compact")
    assert r.code == 0, r
    lines = [line.split("\t") for line in r.stdout.splitlines()]
    assert [(l[0], l[1]) for l in lines] == [(op.id, op.kind) for op in load()]
    assert all(len(l) == 3 and l[2] for l in lines)
