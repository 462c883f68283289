"""Property test over every operation in the manifest: whatever the arguments, the engine answers
with a result or a proper error envelope — never a crash (a `failed` that says it could not
complete is an unexpected exception inside an operation, i.e. a bug).

Arguments are drawn from each operation's own schema (valid values, real ids from the demo,
values just outside the ranges, wrong types, unknown keys), and run in-process against a copy of
the demo database; writes are rolled back with the test's throwaway copy.
"""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hostile
from talkbar.errors import CODES, OpError
from talkbar.manifest import load

OPS = sorted(load(), key=lambda o: o.id)
CRASH = "TalkBar could not complete"


def value_for(schema, name, ids, depth=0):
    """A strategy for one argument: mostly plausible, sometimes wrong."""
    types = schema.get("type")
    types = types if isinstance(types, list) else ([types] if types else [])
    options = []
    if "enum" in schema:
        options.append(st.sampled_from([e for e in schema["enum"]]))
    if "string" in types:
        if name.endswith("Id"):
            options.append(st.sampled_from(ids))
        options.append(st.text(max_size=12))
        if "enum" not in schema:
            options.append(st.sampled_from(["", " ", "x" * 300, "a\u0000b", "Ёлка Müller", "#ff0000", "2026-11-03", "10:00",
                                            "FREQ=WEEKLY;BYDAY=TU", "0:", "javascript:alert(1)", "/tmp/x"]))
    if "integer" in types or "number" in types:
        lo, hi = schema.get("minimum"), schema.get("maximum")
        options.append(st.integers(min_value=lo if lo is not None else -10, max_value=hi if hi is not None else 2 * 10**12))
        options.append(st.sampled_from([v for v in (lo, hi, (lo or 0) - 1, (hi or 0) + 1, 0, 1795000000000) if v is not None]))
    if "boolean" in types:
        options.append(st.booleans())
    if "null" in types:
        options.append(st.none())
    if "array" in types and depth < 3:
        item = schema.get("items", {})
        options.append(st.lists(value_for(item, name[:-1] if name.endswith("Ids") else name, ids, depth + 1), max_size=4))
    if "object" in types and depth < 3:
        options.append(args_for(schema, ids, depth + 1))
    if "anyOf" in schema and depth < 3:
        options.extend(value_for(s, name, ids, depth + 1) for s in schema["anyOf"])
    options.append(st.sampled_from([None, 7, "wrong", [1], {"k": 1}, True, 1.5]))  # wrong types now and then
    return st.one_of(*options)


def args_for(schema, ids, depth=0):
    props = schema.get("properties", {})
    if not props:
        return st.fixed_dictionaries({}, optional={"stray": st.integers()})
    optional = {k: value_for(v, k, ids, depth) for k, v in props.items() if k != "workspaceId"}
    optional["zzUnknown"] = st.integers()
    return st.fixed_dictionaries({}, optional=optional)


@pytest.fixture(scope="module")
def engine(demo_engine):
    return demo_engine


@pytest.fixture(scope="module")
def ids(demo_doc):
    """Real ids of every kind in the demo, so lookups succeed often enough to reach deep code."""
    return hostile.ids_of(demo_doc)["*"]


@pytest.mark.parametrize("op", OPS, ids=[o.id for o in OPS])
def test_any_arguments_get_a_clean_answer(engine, ids, op, monkeypatch, tmp_path):
    monkeypatch.setenv("TALKBAR_POLICY_FILE", str(tmp_path / "none.json"))
    monkeypatch.setenv("TALKBAR_NOW_MS", "1795000000000")

    @settings(max_examples=25, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
    @given(args=args_for(op.schema, ids))
    def check(args):
        try:
            result = engine.call(op.id, args)
        except OpError as err:
            assert err.code in CODES
            assert not err.message.startswith(CRASH), f"{op.id} crashed on {json.dumps(args, default=str)[:300]}: {err.message}"
            return
        json.dumps(result)  # every result is JSON
    check()


@pytest.mark.parametrize("op", OPS, ids=[o.id for o in OPS])
def test_the_fast_check_never_passes_what_jsonschema_refuses(ids, op):
    from talkbar.fastcheck import compile_schema
    from talkbar.validate import _validator
    fast, full = compile_schema(op.schema), _validator(op)

    @settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
    @given(args=args_for(op.schema, ids))
    def check(args):
        assert fast(args) == full.is_valid(args), json.dumps(args, default=str)[:300]
    check()
