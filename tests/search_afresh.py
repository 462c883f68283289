"""An index changed step by step against one built afresh from the same data, for the tests that
hold the two to each other (test_search_marks, test_search_greek, test_search_check,
test_search_speakers): each query's matches in both modes on the engine, and the same on a copy of
its database whose index is built again."""

import shutil

from search_ranking_calls import WS
from talkbar.db import Database
from talkbar.engine import CLI, Engine
from talkbar.search import check, index


def answers(engine, queries):
    """Each query's matches in both modes, as (id, score) pairs (the passage shown may differ where
    two score the same: their numbers differ between the two indexes)."""
    out = {}
    for q in queries:
        for match in ("all", "any"):
            found = engine.call("workspace.search", {"query": q, "match": match, "limit": 100})["matches"]
            out[(q, match)] = sorted((m["id"], round(m["score"], 6)) for m in found)
    return out


def rebuilt_copy(engine, path):
    """A copy of the engine's database at `path` whose index is built again from its tables."""
    engine.db.release_now()
    shutil.copy(engine.db.path, path)
    db = Database(path, create=False, idle_s=0)
    with db.cursor() as cur:
        cur.execute("BEGIN TRANSACTION")
        index.after_import(cur, [WS])
        cur.execute("COMMIT")
    return db


def afresh(engine, path, queries):
    """The same queries on a copy of the database whose index is built again from its tables."""
    db = rebuilt_copy(engine, path)
    try:
        return answers(Engine(db, CLI), queries)
    finally:
        db.release_now()


def found(engine, query, match="all"):
    """The ids a search matches, in order."""
    return [m["id"] for m in engine.call("workspace.search", {"query": query, "match": match})["matches"]]


def named_speaker(engine):
    """A session of the demo and one of its named speakers who spoke."""
    for item in engine.call("sessions.list", {"limit": 20})["items"]:
        stats = engine.call("sessions.stats", {"sessionId": item["sessionId"]})
        named = [s for s in stats["speakers"] if s.get("speakerId") and s["talkTimeMs"] > 0]
        if named:
            return item["sessionId"], named[0]["speakerId"]
    raise AssertionError("the demo has a session with a named speaker")


def in_transaction(engine, fn):
    """fn(cursor) in a transaction of its own, committed; its result."""
    with engine.db.cursor() as cur:
        cur.execute("BEGIN TRANSACTION")
        out = fn(cur)
        cur.execute("COMMIT")
    return out


def speakers_go_by(cur, person, sessions):
    """The first speaker who spoke in each of these sessions made to go by `person`, with no name of
    their own (as an imported file may hold them), their turns indexed as an import indexes them;
    the sessions, sorted."""
    named = cur.execute(
        "UPDATE session_participants SET name = NULL, contact_id = $person WHERE (session_id, speaker_id) IN ("
        " SELECT session_id, min(speaker_id) FROM session_participants WHERE spoke AND list_contains($ids, session_id)"
        " GROUP BY session_id) RETURNING session_id", {"person": person, "ids": sessions}).fetchall()
    check.mend_turns_of(cur, WS, [s for (s,) in named])
    return sorted(s for (s,) in named)
