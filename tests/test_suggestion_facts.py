"""What knowledge.suggestions.list's text filter reads is kept in suggestion_facts (migration 1130):
every value of a suggestion's proposal and its evidence quotes, folded. Only an import writes a
suggestion's text (and the replacing of a workspace removes it); the migration fills an older file."""

import json

from kept_facts import counts, listed, stale
from older_database import workspace_before
from talkbar.db import Database
from talkbar.engine import CLI, Engine

KAZAN = "suggestion-g0zujn3ltf1wq4azlu3c1djs"      # proposal in Russian, quote "в филиале в Казани"
HANNAH = "suggestion-d9vcy4f3yd8j7h52yb11yeyr"     # a contact: name, email, role


def stale_facts(path):
    """Suggestions whose kept text is not what their proposal and evidence make now (or that have
    none), facts of suggestions that are gone, and suggestions the kept text and the text parsed now
    answer differently for a few words."""
    return stale(path, "suggestion_facts", "suggestion_id", "suggestions", differ=(
        "SELECT s.suggestion_id, w FROM suggestions s JOIN suggestion_facts f USING (suggestion_id), "
        "unnest([['казани'], ['LEGAL', 'counsel'], ['tuesday', 'ФИЛИАЛЕ'], ['nowhere'], []]) AS t(w) "
        "WHERE tb_has_all_folded(f.hay, w) <> tb_has_all(array_to_string(json_extract_string(s.proposal_json, "
        "'$.*'), ' ') || ' ' || array_to_string(json_extract_string(s.evidence_json, '$[*].quote'), ' '), w)"))


def found(engine_or_tb, words, **args):
    return listed(engine_or_tb, "knowledge.suggestions.list", {"query": words, "status": "pending", **args},
                  "suggestions", "suggestionId")


def test_an_import_keeps_every_suggestions_text(demo):
    suggestions, facts, _ = counts(demo.db, "suggestions", "suggestion_facts")
    assert suggestions == facts > 0 and stale_facts(demo.db) == []
    assert found(demo, "КАЗАНИ весной") == [KAZAN]                  # a proposal's value, folded
    assert found(demo, "hannah counsel") == [HANNAH]                # its name and its quote
    assert found(demo, "hannah nowhere") == []


def test_a_reviewed_suggestion_is_found_by_the_same_text(fresh_engine):
    assert found(fresh_engine, "казани") == [KAZAN]
    fresh_engine.call("knowledge.suggestions.dismiss", {"suggestionId": KAZAN})
    assert found(fresh_engine, "казани") == [] and found(fresh_engine, "казани", status="dismissed") == [KAZAN]
    fresh_engine.db.release_now()
    assert stale_facts(fresh_engine.db.path) == []


def test_a_replaced_workspace_keeps_the_facts_of_its_new_suggestions_only(demo, demo_doc, tmp_path):
    doc = json.loads(json.dumps(demo_doc))
    ws = doc["workspaces"][0]
    ws["suggestions"] = [s for s in ws["suggestions"] if s["suggestionId"] == HANNAH]
    ws["suggestions"][0]["proposal"]["role"] = "Finance lead"
    ws["suggestions"][0]["evidence"][0]["quote"] = "Hannah from the finance team"
    path = tmp_path / "fewer-suggestions.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    r = demo.import_fixture(path, "--replace")
    assert r.code == 0, r.stderr
    assert stale_facts(demo.db) == []
    assert found(demo, "казани") == found(demo, "hannah counsel") == [] and found(demo, "hannah team") == [HANNAH]


def test_a_file_from_before_the_migration_learns_its_suggestions_text(tmp_path, monkeypatch):
    path = tmp_path / "older.duckdb"
    con, ws = workspace_before(path, 1130, monkeypatch)
    for sid, proposal, evidence, at in (
            ("sg-a", {"title": "Straße works", "body": "Ёлка"}, [{"quote": "we close at nine"}], 10),
            ("sg-b", {"name": "Zoë"}, [], 20),
            ("sg-c", {}, [{"quote": "Ёлка budget"}], 30)):
        con.execute("INSERT INTO suggestions (workspace_id, suggestion_id, kind, action, status, proposal_json, "
                    "evidence_json, created_at, updated_at) VALUES ($ws, $id, 'memory', 'create', 'pending', "
                    "$p, $e, $at, $at)", {"ws": ws, "id": sid, "p": json.dumps(proposal), "e": json.dumps(evidence), "at": at})
    con.close()

    engine = Engine(Database(path, create=False, idle_s=0), CLI)
    assert found(engine, "strasse nine") == ["sg-a"]
    assert found(engine, "zoe") == ["sg-b"]
    assert found(engine, "елка") == ["sg-c", "sg-a"]                  # newest first
    engine.db.release_now()
    assert stale_facts(path) == []
