"""What action_items.list's text filter reads is kept in action_item_facts (migration 1180): an action
item's title and details, folded. Every writer of an item's text touches it ("action_item",
talkbar/hooks.py) and talkbar/kept_text.py writes its facts in the same transaction:
action_items.create, update, set_status, remove, an import (and the replacing of a workspace); the
migration fills an older file."""

from kept_facts import counts, listed, replace_keeping_named, retitled_and_rewritten, stale
from older_database import workspace_before
from talkbar.db import Database
from talkbar.engine import CLI, Engine


def stale_facts(path):
    """Items whose kept text is not what their title and details make now (or that have none), facts
    of items that are gone, and items the kept text and the text folded now answer differently for a
    few words."""
    return stale(path, "action_item_facts", "item_id", "action_items", differ=(
        "SELECT a.item_id, w FROM action_items a JOIN action_item_facts f USING (item_id), "
        "unnest([['acme'], ['QUOTE', 'revised'], ['договор'], ['zoe', 'strasse'], []]) AS t(w) "
        "WHERE tb_has_all_folded(f.hay, w) <> tb_has_all(a.title || ' ' || coalesce(a.details, ''), w)"))


def found(engine_or_tb, words, **args):
    return listed(engine_or_tb, "action_items.list", {"text": words, "limit": 200, "includeStopped": True, **args},
                  "items", "itemId")


def test_an_import_keeps_every_items_text(demo):
    items, facts, _ = counts(demo.db, "action_items", "action_item_facts")
    assert items == facts > 0 and stale_facts(demo.db) == []
    assert found(demo, "zzqx") == [] and found(demo, "acme quote")


def test_written_items_are_found_by_their_new_text_only(fresh_engine):
    item = retitled_and_rewritten(fresh_engine, found, "action_items.create", "action_items.update", "itemId", "details")
    fresh_engine.call("action_items.update", {"itemId": item, "details": None})
    assert found(fresh_engine, "giraffe") == [] and found(fresh_engine, "okapi") == [item]
    fresh_engine.call("action_items.set_status", {"itemId": item, "status": "done"})
    assert found(fresh_engine, "okapi") == [item]
    fresh_engine.call("action_items.remove", {"itemId": item})
    assert found(fresh_engine, "okapi") == []
    fresh_engine.db.release_now()
    assert stale_facts(fresh_engine.db.path) == []


def test_a_replaced_workspace_keeps_the_facts_of_its_new_items_only(demo, demo_doc, tmp_path):
    ws, kept = replace_keeping_named(demo, demo_doc, tmp_path, "actionItems", "itemId", "details")
    assert stale_facts(demo.db) == []
    assert not kept[0].get("hidden") and found(demo, "platypus") == [kept[0]["itemId"]]
    items, facts, here = counts(demo.db, "action_items", "action_item_facts", ws)
    assert facts == items and here == len(kept)


def test_a_file_from_before_the_migration_learns_its_items_text(tmp_path, monkeypatch):
    path = tmp_path / "older.duckdb"
    con, ws = workspace_before(path, 1180, monkeypatch)
    for iid, title, details, at in (("outcome-a", "Straße", "Ёлка budget", 10), ("outcome-b", "Zoë", None, 20)):
        con.execute("INSERT INTO action_items (workspace_id, item_id, item_type, title, details, status, origin, hidden, "
                    "carry_stopped, created_at, updated_at) VALUES ($ws, $id, 'task', $title, $details, 'open', 'manual', "
                    "false, false, $at, $at)", {"ws": ws, "id": iid, "title": title, "details": details, "at": at})
    con.close()

    engine = Engine(Database(path, create=False, idle_s=0), CLI)
    assert found(engine, "strasse елка") == ["outcome-a"]
    assert found(engine, "budget") == ["outcome-a"]
    assert found(engine, "zoe") == ["outcome-b"]
    engine.db.release_now()
    assert stale_facts(path) == []
