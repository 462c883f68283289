"""What chats.list filters and orders a chat by is kept in chat_facts (migration 1100): its title and
messages folded, and its latest message's moment. Each writer of a chat's text keeps it: an import
(and the replacing of a workspace), chats.update's rename, and the migration for an older file."""

import json

from kept_facts import counts, listed, stale
from older_database import workspace_before
from talkbar.db import Database
from talkbar.engine import CLI, Engine

HIRING = "chat-vtb39c2anrf7n78ncpgv8vm7"     # "Backend hiring — where are we?", candidates in its messages


def stale_facts(path):
    """Chats whose kept facts are not what their title and messages make now (or that have none),
    and facts of chats that are gone."""
    return stale(path, "chat_facts", "chat_id", "chats", ("hay", "last_message_at"))


def found(engine_or_tb, words):
    return listed(engine_or_tb, "chats.list", {"search": words}, "items", "chatId")


def test_an_import_keeps_every_chats_facts(demo):
    chats, facts, _ = counts(demo.db, "chats", "chat_facts")
    assert chats == facts > 0 and stale_facts(demo.db) == []
    assert found(demo, "РАХУЛ menon") == []                       # not a word of any chat
    assert found(demo, "rahul shortlist") == [HIRING]             # both in its messages, not its title
    assert found(demo, "backend ШОРТЛИСТ") == []


def test_a_renamed_chat_is_found_by_its_new_title_only(fresh_engine):
    before = found(fresh_engine, "hiring")
    assert HIRING in before
    fresh_engine.call("chats.update", {"chatId": HIRING, "title": "Zebra crossing — Łódź"})
    assert found(fresh_engine, "hiring") == [c for c in before if c != HIRING]
    assert found(fresh_engine, "zebra lodz") == found(fresh_engine, "rahul zebra") == [HIRING]
    fresh_engine.db.release_now()
    assert stale_facts(fresh_engine.db.path) == []


def test_a_replaced_workspace_keeps_the_facts_of_its_new_chats_only(demo, demo_doc, tmp_path):
    doc = json.loads(json.dumps(demo_doc))
    ws = doc["workspaces"][0]
    kept = [c for c in ws["chats"] if c["chatId"] == HIRING]
    assert kept and len(ws["chats"]) > 1
    kept[0]["messages"] = kept[0]["messages"][:1]                  # the shortlist answer is gone
    ws["chats"] = kept
    path = tmp_path / "fewer-chats.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    r = demo.import_fixture(path, "--replace")
    assert r.code == 0, r.stderr
    assert stale_facts(demo.db) == []
    assert found(demo, "rahul shortlist") == [] and found(demo, "backend candidates") == [HIRING]


def test_a_file_from_before_the_migration_learns_its_chats_facts(tmp_path, monkeypatch):
    path = tmp_path / "older.duckdb"
    con, ws = workspace_before(path, 1100, monkeypatch)
    for chat, title, at in (("chat-a", "Straße plans", 10), ("chat-b", "Other", 20), ("chat-c", "Quiet", 30)):
        con.execute("INSERT INTO chats (workspace_id, chat_id, title, created_at, updated_at) "
                    "VALUES ($ws, $id, $title, $at, $at)", {"ws": ws, "id": chat, "title": title, "at": at})
    for chat, n, text, at in (("chat-a", 1, "Ёлка budget", 100), ("chat-b", 1, "budget", 50), ("chat-b", 2, "later", 120)):
        con.execute("INSERT INTO chat_messages (chat_id, message_id, sequence, role, content, created_at) "
                    "VALUES ($id, $m, $n, 'user', $text, $at)", {"id": chat, "m": f"{chat}-{n}", "n": n, "text": text, "at": at})
    con.close()

    engine = Engine(Database(path, create=False, idle_s=0), CLI)
    assert found(engine, "strasse елка") == ["chat-a"]
    assert found(engine, "budget") == ["chat-b", "chat-a"]         # by their latest message: 120, then 100
    listed = engine.call("chats.list", {})["items"]
    assert [(c["chatId"], c["lastMessageAtMs"]) for c in listed] == [("chat-b", 120), ("chat-a", 100), ("chat-c", None)]
    engine.db.release_now()
    assert stale_facts(path) == []
