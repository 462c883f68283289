"""What notes.list's text filter reads is kept in note_facts (migration 1140): a note's title and
Markdown, folded. Every writer of a note's text touches it (talkbar/hooks.py) and talkbar/kept_text.py
writes its facts in the same transaction: notes.create, update, append, an import (and the replacing
of a workspace); the migration fills an older file."""

import json

from kept_facts import counts, listed, retitled_and_rewritten, stale
from older_database import workspace_before
from talkbar.db import Database
from talkbar.engine import CLI, Engine


def stale_facts(path):
    """Notes whose kept text is not what their title and Markdown make now (or that have none), facts
    of notes that are gone, and notes the kept text and the text folded now answer differently for a
    few words."""
    return stale(path, "note_facts", "note_id", "notes", differ=(
        "SELECT n.note_id, w FROM notes n JOIN note_facts f USING (note_id), "
        "unnest([['acme'], ['PRICING', 'discount'], ['договор'], ['zoe', 'strasse'], []]) AS t(w) "
        "WHERE tb_has_all_folded(f.hay, w) <> tb_has_all(n.title || ' ' || n.markdown, w)"))


def found(engine_or_tb, words):
    return listed(engine_or_tb, "notes.list", {"search": words, "limit": 100}, "items", "noteId")


def test_an_import_keeps_every_notes_text(demo):
    notes, facts, _ = counts(demo.db, "notes", "note_facts")
    assert notes == facts > 0 and stale_facts(demo.db) == []
    assert found(demo, "zzqx") == [] and found(demo, "acme")


def test_written_notes_are_found_by_their_new_text_only(fresh_engine):
    note = retitled_and_rewritten(fresh_engine, found, "notes.create", "notes.update", "noteId", "markdown")
    fresh_engine.call("notes.append", {"noteId": note, "markdown": "Ёлка at the end"})
    assert found(fresh_engine, "giraffe елка") == [note]
    fresh_engine.db.release_now()
    assert stale_facts(fresh_engine.db.path) == []


def test_a_replaced_workspace_keeps_the_facts_of_its_new_notes_only(demo, demo_doc, tmp_path):
    doc = json.loads(json.dumps(demo_doc))
    ws = doc["workspaces"][0]
    assert len(ws["notes"]) > 1
    ws["notes"] = ws["notes"][:1]
    ws["notes"][0]["markdown"] = "A platypus, and nothing else"
    path = tmp_path / "fewer-notes.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    r = demo.import_fixture(path, "--replace")
    assert r.code == 0, r.stderr
    assert stale_facts(demo.db) == []
    assert found(demo, "platypus") == [ws["notes"][0]["noteId"]]
    notes, facts, here = counts(demo.db, "notes", "note_facts", ws["workspaceId"])
    assert facts == notes and here == 1


def test_a_file_from_before_the_migration_learns_its_notes_text(tmp_path, monkeypatch):
    path = tmp_path / "older.duckdb"
    con, ws = workspace_before(path, 1140, monkeypatch)
    for nid, title, markdown, at in (("note-a", "Straße", "Ёлка budget", 10), ("note-b", "Zoë", "budget", 20)):
        con.execute("INSERT INTO notes (workspace_id, note_id, title, markdown, created_at, updated_at) "
                    "VALUES ($ws, $id, $title, $md, $at, $at)", {"ws": ws, "id": nid, "title": title, "md": markdown, "at": at})
    con.close()

    engine = Engine(Database(path, create=False, idle_s=0), CLI)
    assert found(engine, "strasse елка") == ["note-a"]
    assert found(engine, "budget") == ["note-b", "note-a"]            # most recently changed first
    assert found(engine, "zoe") == ["note-b"]
    engine.db.release_now()
    assert stale_facts(path) == []
