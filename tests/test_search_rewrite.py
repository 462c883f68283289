"""Many transcript passages replaced at once (talkbar/search/rewrite.py: a person renamed whom the
speakers of many sessions go by, or a check finding a range's passages stale) write in SQL exactly
what the Writer writes one passage at a time: the same passages, postings, marks, dead postings,
fronts and counts, table by table; so a search answers as an index built afresh, and a check finds
nothing to mend. Where the demo's lists are too short for a front, a front bound they reach is set
(as test_search_fronts does), so the fronts follow through both ways too."""

import shutil

import pytest

from search_afresh import afresh, answers, in_transaction, speakers_go_by
from search_ranking_calls import WS, fronts_afresh
from talkbar.db import Database
from talkbar.engine import CLI, Engine
from talkbar.search import check, postings, rewrite

from conftest import DB_FILE

QUERIES = ["wombat person", "axolotl person", "capybara", "budget", "budget review", "pricing", "renewal"]
TABLES = ("search_docs", "search_tail", "search_dead", "search_fronts", "search_stats", "search_lists")
SCRATCH = ("search_gone", "search_stage", "search_vocab")
FRONT_AT = 30


def _copy(demo_template, path):
    path.mkdir()
    shutil.copy(demo_template / DB_FILE, path / DB_FILE)
    return Engine(Database(path / DB_FILE, create=False, idle_s=30), CLI)


def _speakers_go_by_a_person(engine):
    """Six demo sessions' first speakers made to go by a new person (as an imported file may hold
    them, their passages settled in the lists as an import leaves them), with a front bound the
    demo's lists reach."""
    person = engine.call("contacts.create", {"name": "Wombat Person"})["contactId"]
    sessions = [s["sessionId"] for s in engine.call("sessions.list", {"limit": 6})["items"]]

    def go_by(cur):
        cur.execute(f"CREATE OR REPLACE MACRO tb_front_at() AS {FRONT_AT}")
        named = speakers_go_by(cur, person, sessions)
        postings.settle(cur)        # their passages in the lists, as an import leaves them
        fronts_afresh(cur)
        return len(named)
    assert in_transaction(engine, go_by) >= 3
    return person


def _renamed(engine, person):
    """The person renamed twice: the first rename takes passages out of the settled lists (marks,
    fronts followed), the second the first's out of the tail (dead postings)."""
    for name in ("Axolotl Person", "Capybara Person"):
        engine.call("contacts.update", {"contactId": person, "name": name})


def _renamed_by_hand(engine, person):
    """The person renamed in the table alone, as an older version left it, then the check."""
    in_transaction(engine, lambda cur: cur.execute("UPDATE contacts SET name = 'Capybara Person' WHERE contact_id = ?",
                                                   [person]))
    done = in_transaction(engine, lambda cur: check.mend(cur, WS))
    assert done["removed"] > 0 and done["written"] == done["removed"]


def _tables(engine):
    with engine.db.cursor() as cur:
        out = {t: sorted(cur.execute(f"SELECT * FROM {t}").fetchall(), key=repr) for t in TABLES + SCRATCH}
    return out


@pytest.mark.parametrize("change", [_renamed, _renamed_by_hand])
def test_many_passages_rewritten_at_once_write_what_the_writer_writes(demo_template, tmp_path, heard, monkeypatch,
                                                                       change):
    ways = {}
    for way, at_once in (("one by one", 10**9), ("at once", 1)):
        monkeypatch.setattr(rewrite, "AT_ONCE", at_once)
        engine = _copy(demo_template, tmp_path / way.replace(" ", "-"))
        try:
            person = _speakers_go_by_a_person(engine)
            before = len(heard())
            change(engine, person)
            ran = [e.get("name") for e in heard()[before:]]
            assert ("search.rewrite.marks" in ran) == (way == "at once")
            if way == "at once":
                assert "search.fronts.cut" in ran and "search.rewrite.dead" in ran
                assert answers(engine, QUERIES) == afresh(engine, tmp_path / "afresh.duckdb", QUERIES)
            ways[way] = _tables(engine)
            assert _mends(engine) == {"removed": 0, "written": 0, "itemsGone": 0}
        finally:
            engine.db.release_now()
    assert ways["at once"]["search_fronts"] and ways["at once"]["search_tail"]
    for table in TABLES + SCRATCH:
        assert ways["at once"][table] == ways["one by one"][table], table
    assert not any(ways["at once"][t] for t in SCRATCH)


def _mends(engine):
    """What a check would mend now, rolled back."""
    with engine.db.cursor() as cur:
        cur.execute("BEGIN TRANSACTION")
        try:
            return check.mend(cur, WS)
        finally:
            cur.execute("ROLLBACK")
