"""What the kept-text tests share (chat_facts, suggestion_facts, note_facts, card_facts,
action_item_facts: talkbar/kept_text.py): the items whose kept text is not what it would be made
now, the ids a list answers, the counts of items and facts, an item written anew, and a workspace
replaced by fewer items."""

import json

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


def retitled_and_rewritten(engine, found, create, update, key, text):
    """An item created as "Zebra plans" with "Straße works in Łódź" as its `text`, then retitled
    "Okapi plans", then given "Only the giraffe now": after each write the list (`found`) finds it
    by what it holds now and by nothing it held before. Returns its id (`key`)."""
    item = engine.call(create, {"title": "Zebra plans", text: "Straße works in Łódź"})[key]
    assert found(engine, "zebra lodz") == found(engine, "strasse") == [item]
    engine.call(update, {key: item, "title": "Okapi plans"})
    assert found(engine, "zebra") == [] and found(engine, "okapi strasse") == [item]
    engine.call(update, {key: item, text: "Only the giraffe now"})
    assert found(engine, "strasse") == [] and found(engine, "okapi giraffe") == [item]
    return item


def counts(path, table, facts, workspace_id=None):
    """(items of `table`, rows of `facts`, items of `table` in `workspace_id`)."""
    con = duckdb.connect(str(path), read_only=True)
    try:
        return con.execute(f"SELECT (SELECT count(*) FROM {table}), (SELECT count(*) FROM {facts}), "
                           f"(SELECT count(*) FROM {table} WHERE workspace_id = $ws)", {"ws": workspace_id}).fetchone()
    finally:
        con.close()


def replace_keeping_named(demo, demo_doc, tmp_path, section, key, field):
    """The demo's first workspace imported again with --replace, holding only the items of `section`
    that something else in it names (the others could not go), the first of them with `field` set to
    a text no other item holds ("A platypus, and nothing else"); returns (its workspace id, the
    items kept)."""
    doc = json.loads(json.dumps(demo_doc))
    ws = doc["workspaces"][0]
    rest = json.dumps({k: v for k, v in ws.items() if k != section})
    kept = [x for x in ws[section] if x[key] in rest]
    assert 1 < len(kept) < len(ws[section])
    ws[section] = kept
    kept[0][field] = "A platypus, and nothing else"
    path = tmp_path / f"fewer-{section}.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    r = demo.import_fixture(path, "--replace")
    assert r.code == 0, r.stderr
    return ws["workspaceId"], kept
