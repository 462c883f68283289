"""A passage removed from the settled term lists is marked, not cut out of them (migration 1000):
whatever edits and compactions come in between, a search answers as it does on the index built
afresh from the same data. The lists here are given fronts from 30 postings (the product's bound is
100,000), so that the front forms of the ranking meet marks too."""

import random

from search_afresh import afresh, answers, in_transaction
from search_ranking_calls import WS
from talkbar.search import compact, index

FRONT_AT = 30
WORDS = ["zebu", "budget", "census", "herd", "review", "pricing", "renewal", "security", "quokka", "Acme",
         "discount", "timeline"]
QUERIES = ["zebu", "budget", "review", "pricing review", "budget census", "security review", "Acme renewal",
           "quokka herd", "discount timeline budget", "renewal"]


def _answers(engine):
    return answers(engine, QUERIES)


def _afresh(engine, path):
    return afresh(engine, path, QUERIES)


def _edit(engine, rng, kind, notes, sessions):
    words = lambda n: " ".join(rng.choice(WORDS) for _ in range(n))  # noqa: E731
    if kind == "create":
        notes.append(engine.call("notes.create", {"title": words(3), "markdown": words(12)})["noteId"])
    elif kind == "rename":
        engine.call("notes.update", {"noteId": rng.choice(notes), "title": words(3)})
    elif kind == "text":
        engine.call("notes.update", {"noteId": rng.choice(notes), "markdown": words(20), "force": True})
    elif kind == "session":
        engine.call("sessions.rename", {"sessionId": rng.choice(sessions), "title": words(3)})
    elif kind == "turn":   # a transcript turn said again in other words, as the app's edit does: its
        def turn(cur):     # change time after the session's last (the index reads on from there)
            sid, tid = rng.choice(cur.execute("SELECT session_id, turn_id FROM turns WHERE workspace_id = $ws "
                                              "ORDER BY turn_id", {"ws": WS}).fetchall())
            cur.execute("UPDATE turns SET text = $t, changed_at_ms = (SELECT max(changed_at_ms) + 1 FROM turns "
                        "WHERE session_id = $sid) WHERE turn_id = $id", {"t": words(8), "id": tid, "sid": sid})
            index.index_turns(cur, WS, sid)
        in_transaction(engine, turn)
    else:                  # a compaction, built and swapped in here rather than in the background
        with engine.db.cursor() as cur:
            compact.build(cur)
        assert in_transaction(engine, compact.swap) is True


def test_edits_and_compactions_in_any_order_answer_as_an_index_built_afresh(fresh_engine, tmp_path):
    engine = fresh_engine
    with engine.db.cursor() as cur:
        cur.execute(f"CREATE OR REPLACE MACRO tb_front_at() AS {FRONT_AT}")
        cur.execute("BEGIN TRANSACTION")
        index.after_import(cur, [WS])          # every list of FRONT_AT postings or more has its front
        cur.execute("COMMIT")
        assert cur.execute("SELECT count(*) FROM search_fronts").fetchone()[0] > 20
    notes = [n["noteId"] for n in engine.call("notes.list", {"limit": 10})["items"]]
    sessions = [s["sessionId"] for s in engine.call("sessions.list", {"limit": 10})["items"]]
    rng, seen, marked = random.Random(20261204), set(), 0
    kinds = ["create", "rename", "text", "session", "turn", "compact"] * 2
    kinds += [rng.choice(["rename", "text", "session", "turn"]) for _ in range(24 - len(kinds))]
    rng.shuffle(kinds)
    for step, kind in enumerate(kinds):
        _edit(engine, rng, kind, notes, sessions)
        seen.add(kind)
        if step % 6 == 5:
            with engine.db.cursor() as cur:
                marked += cur.execute("SELECT count(*) FROM search_tail WHERE tf < 0").fetchone()[0] > 0
            assert _answers(engine) == _afresh(engine, tmp_path / f"afresh-{step}.duckdb"), (step, sorted(seen))
    assert seen == {"create", "rename", "text", "session", "turn", "compact"} and marked >= 3
