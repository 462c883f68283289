"""Issue 19's figures, kept: most operations are a row of ops.toml and its queries, and the
handlers that remain are short (scripts/handler_count.py prints them)."""

import importlib.util
from pathlib import Path

_spec = importlib.util.spec_from_file_location(
    "handler_count", Path(__file__).resolve().parent.parent / "scripts" / "handler_count.py")
handler_count = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(handler_count)


def test_most_operations_have_no_handler_of_their_own():
    c = handler_count.counts()
    assert c["ops"] == 144
    assert c["rows_only"] >= handler_count.GOAL_ROWS_ONLY, c["rows_only"]


def test_every_handler_is_short():
    long = {name: n for name, n in handler_count.counts()["handlers"].items() if n > handler_count.MAX_HANDLER_LINES}
    assert long == {}


def test_rows_point_at_real_code():
    """`run = "module:function"` names the module that defines the function (no alias modules)."""
    aliases = []
    for op in handler_count.load():
        for dotted in (op.run, op.post, op.declared.check):
            if dotted and op.resolve(dotted).__module__ != dotted.partition(":")[0]:
                aliases.append(f"{op.id}: {dotted}")
    assert aliases == []
