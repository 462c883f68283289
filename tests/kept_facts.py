"""What the kept-text tests share (chat_facts, suggestion_facts, note_facts: talkbar/kept_text.py):
the items whose kept text is not what it would be made now, and the ids a list answers."""

import duckdb

from talkbar.engine import Engine


def stale(path, table, key, source, columns=("hay",), differ=None):
    """Items of `source` whose row in `table` is not what `table`_of makes of them now (or that have
    none), rows of items that are gone, and the rows of the query `differ` (items the kept text and
    the text made on the fly answer differently for some words)."""
    con = duckdb.connect(str(path), read_only=True)
    try:
        unlike = " OR ".join(f"f.{c} IS DISTINCT FROM n.{c}" for c in columns)
        rows = con.execute(
            f"SELECT coalesce(f.{key}, n.{key}) FROM {table} f "
            f"FULL JOIN {table}_of((SELECT coalesce(list({key}), []) FROM {source})) n ON n.{key} = f.{key} "
            f"WHERE {unlike}").fetchall()
        return rows + (con.execute(differ).fetchall() if differ else [])
    finally:
        con.close()


def listed(engine_or_tb, op, args, items, key):
    """The ids (`key`) of the `items` a list operation answers, in order, through the engine in this
    process or a talkbar-cli process (conftest.TB)."""
    out = engine_or_tb.call(op, args) if isinstance(engine_or_tb, Engine) else engine_or_tb.ok(op, args)
    return [x[key] for x in out[items]]
