"""What knowledge.list's text filter reads is kept in card_facts (migration 1160): a knowledge card's
title and text, folded. Every writer of a card's text touches it ("memory", talkbar/hooks.py) and
talkbar/kept_text.py writes its facts in the same transaction: knowledge.create and update,
sessions.cards.add, an approved suggestion, an import (and the replacing of a workspace); the
migration fills an older file."""

from kept_facts import counts, listed, replace_keeping_named, retitled_and_rewritten, stale
from older_database import workspace_before
from talkbar.db import Database
from talkbar.engine import CLI, Engine

ALL = ["approved", "outdated", "archived"]


def stale_facts(path):
    """Cards whose kept text is not what their title and text make now (or that have none), facts of
    cards that are gone, and cards the kept text and the text folded now answer differently for a
    few words."""
    return stale(path, "card_facts", "memory_id", "knowledge_cards", differ=(
        "SELECT c.memory_id, w FROM knowledge_cards c JOIN card_facts f USING (memory_id), "
        "unnest([['acme'], ['TERM', 'discount'], ['договор'], ['zoe', 'strasse'], []]) AS t(w) "
        "WHERE tb_has_all_folded(f.hay, w) <> tb_has_all(c.title || ' ' || c.body, w)"))


def found(engine_or_tb, words, **args):
    return listed(engine_or_tb, "knowledge.list", {"query": words, "statuses": ALL, "limit": 200, **args},
                  "cards", "memoryId")


def test_an_import_keeps_every_cards_text(demo):
    cards, facts, _ = counts(demo.db, "knowledge_cards", "card_facts")
    assert cards == facts > 0 and stale_facts(demo.db) == []
    assert found(demo, "zzqx") == [] and found(demo, "acme")


def test_written_cards_are_found_by_their_new_text_only(fresh_engine):
    card = retitled_and_rewritten(fresh_engine, found, "knowledge.create", "knowledge.update", "memoryId", "body")

    session = fresh_engine.call("sessions.list", {"limit": 1})["items"][0]["sessionId"]
    added = fresh_engine.call("sessions.cards.add", {"sessionId": session, "title": "Ёлка in the lobby",
                                                     "body": "A platypus too", "sessionOnly": True})["memoryId"]
    assert found(fresh_engine, "елка platypus") == [added]
    assert found(fresh_engine, "platypus", sessionId=session) == [added]

    pending = fresh_engine.call("knowledge.suggestions.list", {"query": "Tuesday release window"})["suggestions"]
    assert len(pending) == 1
    applied = fresh_engine.call("knowledge.suggestions.approve",
                                {"suggestionId": pending[0]["suggestionId"]})["appliedCardId"]
    assert found(fresh_engine, "northwind tuesday") == [applied]
    fresh_engine.db.release_now()
    assert stale_facts(fresh_engine.db.path) == []


def test_a_replaced_workspace_keeps_the_facts_of_its_new_cards_only(demo, demo_doc, tmp_path):
    ws, kept = replace_keeping_named(demo, demo_doc, tmp_path, "knowledge", "memoryId", "body")
    assert stale_facts(demo.db) == []
    assert found(demo, "platypus") == [kept[0]["memoryId"]]
    cards, facts, here = counts(demo.db, "knowledge_cards", "card_facts", ws)
    assert facts == cards and here == len(kept)


def test_a_file_from_before_the_migration_learns_its_cards_text(tmp_path, monkeypatch):
    path = tmp_path / "older.duckdb"
    con, ws = workspace_before(path, 1160, monkeypatch)
    for mid, title, body, at in (("memory-a", "Straße", "Ёлка budget", 10), ("memory-b", "Zoë", "budget", 20)):
        con.execute("INSERT INTO knowledge_cards (workspace_id, memory_id, title, body, type, status, pinned, "
                    "created_by, created_at, updated_at) VALUES ($ws, $id, $title, $body, 'fact', 'approved', false, "
                    "'user', $at, $at)", {"ws": ws, "id": mid, "title": title, "body": body, "at": at})
    con.close()

    engine = Engine(Database(path, create=False, idle_s=0), CLI)
    assert found(engine, "strasse елка") == ["memory-a"]
    assert found(engine, "budget") == ["memory-b", "memory-a"]            # most recently changed first
    assert found(engine, "zoe") == ["memory-b"]
    engine.db.release_now()
    assert stale_facts(path) == []
