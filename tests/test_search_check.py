"""The search index checked against the items (talkbar/search/check.py): what writes left out of it
(a write that came while another thread loaded the write hooks, until migration 1230; a change made
in the file by another tool) is mended at the first call after a migration asks (1240), and then
answers as an index built afresh. An older version also left the passages of speakers renamed,
linked or unlinked as they were (tests/test_search_speakers.py): mended the same way."""

import pytest

from search_afresh import afresh, answers, found, in_transaction, named_speaker
from search_ranking_calls import WS
from talkbar import hooks
from talkbar.db import Database
from talkbar.engine import CLI, Engine
from talkbar.search import check, index, passages, postings

QUERIES = ["quokka census", "wombat", "platypus ledger", "axolotl", "quetzalcoatl", "narwhal tusks", "budget",
           "budget review", "pricing", "renewal"]
NOTHING = {"removed": 0, "written": 0, "itemsGone": 0}


def _unindexed(monkeypatch):
    """Writes from here on leave the search index as it is."""
    hooks.load_plugins()
    monkeypatch.setattr(hooks, "_on_change", [h for h in hooks._on_change if h is not index.on_change])


def _checked(heard):
    return [{k: e[k] for k in NOTHING} for e in heard() if e["event"] == "search.checked"]


def _ask_check(engine, monkeypatch):
    """What migration 1240 does for every indexed workspace, and a process that has not seen it yet."""
    in_transaction(engine, lambda cur: cur.execute("INSERT INTO search_checks VALUES (?)", [WS]))
    monkeypatch.setattr(index, "_indexed", set())


def _requests(engine):
    with engine.db.cursor() as cur:
        return [r[0] for r in cur.execute("SELECT workspace_id FROM search_checks").fetchall()]


@pytest.mark.parametrize("sessions_at_once, turns_at_once", [(passages.SESSIONS_AT_ONCE, check.TURNS_AT_ONCE),
                                                               (1, 40)])
def test_what_writes_left_out_of_the_index_is_mended_once_a_check_is_asked(
        fresh_engine, heard, monkeypatch, tmp_path, sessions_at_once, turns_at_once):
    engine = fresh_engine
    assert found(engine, "budget")
    notes = [n["noteId"] for n in engine.call("notes.list", {"limit": 3})["items"]]
    session, speaker = named_speaker(engine)
    with monkeypatch.context() as m:
        _unindexed(m)
        made = engine.call("notes.create", {"title": "Quokka census", "markdown": "Wombat burrows counted"})["noteId"]
        engine.call("notes.update", {"noteId": notes[0], "title": "Platypus ledger"})
        engine.call("sessions.rename", {"sessionId": session, "title": "Axolotl planning"})
        engine.call("sessions.speakers.rename", {"sessionId": session, "speakerId": speaker, "name": "Quetzalcoatl Zyx"})

        def by_hand(cur):     # as another tool's session on the file would
            cur.execute("DELETE FROM notes WHERE note_id = ?", [notes[1]])
            turns = [r[0] for r in cur.execute("SELECT turn_id FROM turns WHERE session_id <> ? ORDER BY turn_id LIMIT 3",
                                               [session]).fetchall()]
            cur.execute("UPDATE turns SET text = 'Narwhal tusks, again', changed_at_ms = changed_at_ms + 1 "
                        "WHERE turn_id = ?", [turns[0]])
            cur.execute("DELETE FROM turns WHERE turn_id = ?", [turns[1]])
            cur.execute("UPDATE turns SET changed_at_ms = changed_at_ms + 1 WHERE turn_id = ?", [turns[2]])
        in_transaction(engine, by_hand)
    for query in ("quokka", "platypus", "axolotl", "quetzalcoatl", "narwhal"):
        assert found(engine, query) == [], query        # the index missed each
    assert _checked(heard) == []

    _ask_check(engine, monkeypatch)
    monkeypatch.setattr(passages, "SESSIONS_AT_ONCE", sessions_at_once)
    monkeypatch.setattr(check, "TURNS_AT_ONCE", turns_at_once)
    assert found(engine, "quokka census") == [made]
    [done] = _checked(heard)
    # the note's 2 passages and the renamed session's title written; the edited note's title, the
    # deleted note's 2 passages, the edited and the deleted turns' passages taken out; the speaker's
    # turns both
    assert done["itemsGone"] == 1 and done["written"] >= 5 and done["removed"] >= done["written"] - 2 + 2
    assert _requests(engine) == [] and _passages_behind_their_turns(engine) == 0
    assert answers(engine, QUERIES) == afresh(engine, tmp_path / "afresh.duckdb", QUERIES)
    assert session in found(engine, "quetzalcoatl") and found(engine, "narwhal tusks")
    found(engine, "budget")
    assert len(_checked(heard)) == 1                       # once

    def decomposed(cur):    # two turns said again with a decomposed accent: one indexed by an import (its
        # passage in NFC), then one indexed one by one (its passage as written)
        first, last = cur.execute("SELECT min(turn_id), max(turn_id) FROM turns WHERE session_id = ?",
                                  [session]).fetchone()
        for tid in (first, last):
            cur.execute("UPDATE turns SET text = 'Cafe\u0301 review', changed_at_ms = (SELECT max(changed_at_ms) + 1 "
                        "FROM turns WHERE session_id = $s) WHERE turn_id = $t", {"s": session, "t": tid})
            if tid == first:
                index.after_import(cur, [WS])
            else:       # and then made final, its words the same, with no index told
                index.index_turns(cur, WS, session)
                cur.execute("UPDATE turns SET changed_at_ms = changed_at_ms + 1 WHERE turn_id = ?", [tid])
        return [cur.execute("SELECT text LIKE '%e\u0301%' FROM search_docs WHERE part = ?", [tid]).fetchone()[0]
                for tid in (first, last)]
    assert in_transaction(engine, decomposed) == [False, True]
    _ask_check(engine, monkeypatch)
    found(engine, "budget")
    assert _checked(heard)[1:] == [NOTHING]                # a mended index: nothing to do (the text compared in NFC)


def _passages_behind_their_turns(engine):
    """Transcript passages whose change time is not their turn's (the next incremental pass of
    their session starts after its latest passage's)."""
    with engine.db.cursor() as cur:
        return cur.execute("SELECT count(*) FROM search_docs d JOIN search_items i USING (item_no) "
                           "JOIN turns t ON t.session_id = i.item_id AND t.turn_id = d.part "
                           "WHERE d.field = 2 AND d.changed IS DISTINCT FROM t.changed_at_ms").fetchone()[0]


@pytest.mark.parametrize("at_once, one_each", [(check.TURNS_AT_ONCE, False), (40, True)])
def test_a_check_reads_the_transcripts_a_range_of_sessions_at_a_time(fresh_engine, heard, monkeypatch, at_once,
                                                                      one_each):
    """So that what one statement holds does not grow with the archive: about TURNS_AT_ONCE turns, a
    session holding more a range of its own (the demo's hold 40 or more each)."""
    engine = fresh_engine
    monkeypatch.setattr(check, "TURNS_AT_ONCE", at_once)
    with engine.db.cursor() as cur:
        fewest, sessions = cur.execute("SELECT min(n), count(*) FROM (SELECT count(*) AS n FROM turns "
                                       "WHERE workspace_id = ? GROUP BY session_no)", [WS]).fetchone()
    assert fewest >= 40 and sessions > 10
    _ask_check(engine, monkeypatch)
    found(engine, "budget")
    assert _checked(heard) == [NOTHING]
    compared = [e for e in heard() if e.get("name") == "search.check.turns"]
    assert len(compared) == (sessions if one_each else 1)


def test_an_index_built_again_whole_needs_no_check(fresh_engine, heard, monkeypatch):
    engine = fresh_engine
    _ask_check(engine, monkeypatch)
    in_transaction(engine, lambda cur: cur.execute("DELETE FROM search_tokeniser"))   # built under 1
    assert found(engine, "budget")
    assert [e for e in heard() if e["event"] == "search.reindexed"] and _checked(heard) == []
    assert _requests(engine) == []


def test_a_check_rolled_back_with_its_call_is_made_again_by_the_next(fresh_engine, heard, monkeypatch):
    engine = fresh_engine
    _ask_check(engine, monkeypatch)
    with engine.db.cursor() as cur:
        cur.execute("BEGIN TRANSACTION")
        assert index.ensure(cur, WS) == "checked"
        cur.execute("ROLLBACK")
    assert _requests(engine) == [WS]
    made = engine.call("notes.create", {"title": "Quokka census"})["noteId"]   # a write that checks is indexed
    # the check the write makes finds the note already in the items, and indexes it (its title)
    assert _checked(heard) == [NOTHING, {**NOTHING, "written": 1}] and _requests(engine) == []
    assert found(engine, "quokka") == [made]


def test_a_file_from_before_1240_has_its_index_checked_at_the_first_call(fresh_engine, monkeypatch, heard):
    """The file as an older version left it: indexed, one note missed by the index, and no 1240."""
    engine = fresh_engine
    kept = engine.call("notes.create", {"title": "Wombat burrows"})["noteId"]
    with monkeypatch.context() as m:
        _unindexed(m)
        missed = engine.call("notes.create", {"title": "Quokka census"})["noteId"]
    assert found(engine, "quokka") == []
    in_transaction(engine, lambda cur: cur.execute("DROP TABLE search_checks; DELETE FROM schema_migrations "
                                                   "WHERE version = 1240"))
    engine.db.release_now()
    monkeypatch.setattr(index, "_indexed", set())
    engine = Engine(Database(engine.db.path, create=False, idle_s=0), CLI)
    assert WS in _requests(engine) and sorted(_requests(engine)) == sorted(_indexed_workspaces(engine))  # each one
    assert found(engine, "quokka") == [missed] and found(engine, "wombat") == [kept]
    assert _checked(heard) == [{"removed": 0, "written": 1, "itemsGone": 0}]   # its title (its text is empty)
    assert WS not in _requests(engine)
    engine.db.release_now()


def _indexed_workspaces(engine):
    with engine.db.cursor() as cur:
        return [r[0] for r in cur.execute("SELECT DISTINCT workspace_id FROM search_stats").fetchall()]


def test_a_check_inside_a_lean_search_plans_with_every_pass_and_leaves_it_lean(fresh_engine, heard, monkeypatch):
    """A search plans lean (talkbar/dbplans.py); the check its first call makes joins whole tables,
    and plans with every pass (at 6 M turns 4.5 against 7.3 s through the CLI), the lean setting put
    back for the rest of the search."""
    engine = fresh_engine
    _ask_check(engine, monkeypatch)
    assert found(engine, "budget")
    ran = [e["name"] for e in heard() if e["event"] == "sql"]
    full = ran.index("db.optimizers.full")
    lean_again = ran.index("db.optimizers.lean", full)
    compared = [i for i, name in enumerate(ran) if name in ("search.check.items", "search.check.docs",
                                                            "search.bulk.turn_ranges", "search.check.turns")]
    assert ran.index("db.optimizers.lean") < full < min(compared) and max(compared) < lean_again
    assert "db.optimizers.lean" not in ran[full:lean_again] and "db.optimizers.full" not in ran[lean_again:]
    assert any(name.startswith("workspace.search") for name in ran[lean_again:])    # the search goes on, lean


def test_a_file_whose_check_doubled_a_turns_passage_is_built_again_at_the_first_call(fresh_engine, monkeypatch, heard):
    """The check as 1240 first ran it wrote a second passage for a turn, with another session's words,
    where another session held a turn of the same id (tests/test_app_search_index.py): migration 1250
    has such a workspace built again whole at its first call (and none other)."""
    engine = fresh_engine
    session, _speaker = named_speaker(engine)

    def doubled(cur):
        item_no, part, t_ms, changed = cur.execute(
            "SELECT d.item_no, d.part, d.t_ms, d.changed FROM search_docs d JOIN search_items i USING (item_no) "
            "WHERE i.item_id = ? AND d.field = 2 ORDER BY d.doc_no LIMIT 1", [session]).fetchone()
        writer = postings.Writer(cur, WS)
        writer.add(item_no, 2, part, "Someone: the narwhal tusks of another session", t_ms, changed)
        writer.flush()
        cur.execute("DELETE FROM schema_migrations WHERE version = 1250")
    in_transaction(engine, doubled)
    assert found(engine, "narwhal tusks") == [session]
    engine.db.release_now()
    monkeypatch.setattr(index, "_indexed", set())
    engine = Engine(Database(engine.db.path, create=False, idle_s=0), CLI)
    with engine.db.cursor() as cur:       # migrated: this workspace marked as built under tokeniser 1, no other
        marked = cur.execute("SELECT workspace_id FROM search_tokeniser WHERE version = 1").fetchall()
    assert marked == [(WS,)] and len(_indexed_workspaces(engine)) > 1
    assert found(engine, "narwhal tusks") == []
    assert [e["workspace"] for e in heard() if e["event"] == "search.reindexed"] == [WS]
    with engine.db.cursor() as cur:
        assert cur.execute("SELECT count(*) FROM search_docs WHERE field = 2 GROUP BY item_no, part "
                           "HAVING count(*) > 1").fetchall() == []
    engine.db.release_now()
