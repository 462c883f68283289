#!/usr/bin/env python3
"""Relevance benchmark: workspace.search (what talkbar_find runs) against SQLite FTS5 on the same
turns, in the same run.

    python bench/relevance.py                     # QMSum topics + the Russian set
    python bench/relevance.py --workdir /tmp/tb-rel   # keep (and reuse) the imported workspaces
    python bench/relevance.py --misses 20         # also print the topics where we rank worse

1. QMSum (232 real meetings, 129,177 utterances), read from ../shared/datasets/qmsum/ and turned
   into a workspace by its own to_fixture.py. Each annotated **topic** is a query; it names its
   meeting and the utterance spans that cover it. A session's title is only the meeting's id
   (to_fixture.py puts the first topic in it, which would answer a quarter of the queries), and no
   timeline points (they hold the topics). Both systems get every turn as "speaker: text", so both
   see the same speaker names. `--titles fixture` keeps to_fixture.py's titles instead (FTS5 still
   sees the turns only) and asks only the topics that are not in a title: how much a title holding
   other words of the meeting helps or misleads.
   The same topics are then asked as questions: each put, in turn, into one of the ways of asking
   that issue 20 gives as examples ("what did the group discuss about ...", "summarise the decision
   on ...", its words of asking: talk about, what was said, summarize, discussion, team, think,
   opinion). Not the held-back questions (we do not have them): a check that a question's own words
   do not pull the answer away from the meeting, for us or for FTS5.
2. The Russian set (bench/relevance_ru.py): questions over the demo's Russian sessions and over a
   generated all-Russian workspace (fixtures/generate.py --lang ru), where the words asked for stand
   in other grammatical forms than the transcript's (stemming by script must show).

Per query, ours is workspace.search with match `any` (limit 10) through the engine; FTS5 is
`porter unicode61 remove_diacritics 2` over the same turns, the query's words OR'ed, rows by bm25(),
meetings in the order of their best turn. Printed per set: MRR@10 at meeting (session) level, and
passage-in-span@1 — the first answer is the right meeting and the passage it points to lies in one
of the topic's spans (Russian set: is one of the relevant turns) — for both, and ours / FTS5. A
second FTS5 row drops our function words and words of asking from its queries (for reference).
Where a session has a summary (the demo's), our first answer may be the right session matched in
that summary, which carries no passage: counted apart, as a miss of passage-in-span.
"""

import argparse
import importlib.util
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from talkbar.db import Database  # noqa: E402
from talkbar.engine import CLI, Engine  # noqa: E402
from talkbar.search import text  # noqa: E402

import relevance_ru  # noqa: E402
from common import say  # noqa: E402

QMSUM_WS = "ws-qmsum"
FTS_ROWS = 1000          # FTS5 rows read per query to find its top 10 meetings
ASKING = ("What did the group discuss about {}?", "Summarise the decision on {}.", "What was said about {}?",
          "Can you summarize the discussion of {}?", "What did the team think about {}?",
          "What was the group's opinion on {}?", "What did they talk about regarding {}?")


def shared_dir():
    """../shared as seen from the main checkout or a worktree beside it (or $TALKBAR_SHARED)."""
    env = os.environ.get("TALKBAR_SHARED")
    for p in ([Path(env)] if env else []) + [REPO.parent / "shared", REPO.parent.parent / "shared"]:
        if (p / "datasets" / "qmsum").is_dir():
            return p
    sys.exit("../shared/datasets/qmsum not found (set TALKBAR_SHARED)")


# ---------------------------------------------------------------------------------------- data
def qmsum_fixture(qmsum, out, titles="id"):
    """The QMSum workspace (to_fixture.py's sessions, no timeline; titles: the meeting's id, or
    to_fixture.py's) and its topics (with titles from to_fixture.py, those not in a title)."""
    spec = importlib.util.spec_from_file_location("qmsum_to_fixture", qmsum / "to_fixture.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    metas = [json.loads(p.read_text()) for p in sorted((qmsum / "meetings").glob("*.json"))]
    sessions, topics = [], []
    for i, meeting in enumerate(metas):
        s = mod.session(meeting, i)
        if titles == "id":
            s["title"] = meeting["meeting"]
        s["timeline"] = []
        sessions.append(s)
        for t in meeting["topic_list"]:
            if titles != "id" and t["topic"] in s["title"]:
                continue
            spans = [(int(a), int(b)) for a, b in t["relevant_text_span"]]
            topics.append({"query": t["topic"], "session": s["sessionId"], "spans": spans})
    ws = {"workspaceId": QMSUM_WS, "name": "QMSum meetings", "active": True, "sessions": sessions}
    out.write_text(json.dumps({"format": "talkbar-fixture/1", "workspaces": [ws]}, ensure_ascii=False))
    return topics


def import_root(root, fixture):
    db_path = root / "talkbar.duckdb"
    if not db_path.exists():
        env = {k: v for k, v in os.environ.items() if not k.startswith("TALKBAR_")}
        env.update(TALKBAR_DATA_ROOT=str(root), PYTHONPATH=str(REPO), TALKBAR_POLICY_FILE=str(root / "no-policy.json"))
        subprocess.run([sys.executable, "-m", "talkbar", "app", "import", str(fixture)], check=True, env=env,
                       stdout=subprocess.DEVNULL)
    return db_path


def turn_rows(cur, workspace_id):
    """(session, turn id, "speaker: text") of every turn, as our index reads them."""
    cur.execute("""
        SELECT t.session_id, t.turn_id, concat_ws(': ', coalesce(p.name, c.name), t.text) FROM turns t
        LEFT JOIN session_participants p ON p.session_id = t.session_id AND p.speaker_id = t.speaker_id
        LEFT JOIN contacts c ON c.contact_id = p.contact_id
        WHERE t.workspace_id = $ws""", {"ws": workspace_id})
    return cur.fetchall()


def build_fts(rows):
    con = sqlite3.connect(":memory:")
    con.execute("CREATE VIRTUAL TABLE fts USING fts5(session UNINDEXED, turn UNINDEXED, body, "
                "tokenize = 'porter unicode61 remove_diacritics 2')")
    con.executemany("INSERT INTO fts VALUES (?, ?, ?)", rows)
    return con


# ---------------------------------------------------------------------------------------- the two systems
def fts_ranking(con, query, drop_stop):
    words = re.findall(r"[^\W_]+", query)
    if drop_stop:
        words = [w for w in words if text.query_terms(w)]
    if not words:
        return []
    expr = " OR ".join(f'"{w}"' for w in dict.fromkeys(w.lower() for w in words))
    rows = con.execute("SELECT session, turn FROM fts WHERE fts MATCH ? ORDER BY bm25(fts) LIMIT ?",
                       (expr, FTS_ROWS)).fetchall()
    out, seen = [], set()
    for session, turn in rows:       # meetings in the order of their best turn; the turn it brings
        if session not in seen:
            seen.add(session)
            out.append((session, turn))
    return out[:10]


def our_ranking(engine, workspace_id, query):
    res = engine.call("workspace.search", {"query": query, "match": "any", "limit": 10, "kinds": ["session"],
                                           "workspaceId": workspace_id})
    return [(m["id"], (m["content"] or {}).get("locator")) for m in res["matches"] if m["kind"] == "session"]


def score(ranking, sessions, relevant_turn):
    """(reciprocal rank of the first right session within the top 10, 1 if the first answer's
    passage is relevant, 1 if the first answer is a right session matched in its own text: no
    passage, so no passage hit either)."""
    rr = next((1 / (i + 1) for i, (s, _t) in enumerate(ranking[:10]) if s in sessions), 0.0)
    right = bool(ranking) and ranking[0][0] in sessions
    hit = right and ranking[0][1] is not None and relevant_turn(ranking[0][1])
    return rr, float(hit), float(right and ranking[0][1] is None)


def evaluate(name, queries, engine, workspace_id, fts, misses=0):
    """queries: [{query, sessions, relevant(turn_id) -> bool}] -> (name, n, {system: (MRR, passage@1,
    own text @1)})."""
    sums = {k: [0.0, 0.0, 0.0] for k in ("ours", "fts5", "fts5-stop")}
    worse = []
    for q in queries:
        got = {"ours": our_ranking(engine, workspace_id, q["query"]), "fts5": fts_ranking(fts, q["query"], False),
               "fts5-stop": fts_ranking(fts, q["query"], True)}
        rr = {}
        for system, ranking in got.items():
            rr[system], hit, own = score(ranking, q["sessions"], q["relevant"])
            sums[system][0] += rr[system]
            sums[system][1] += hit
            sums[system][2] += own
        if rr["ours"] < rr["fts5"]:
            worse.append((rr["fts5"] - rr["ours"], q["query"], sorted(q["sessions"])[0], rr["ours"], rr["fts5"],
                          got["ours"][:3]))
    n = len(queries)
    for w in sorted(worse, reverse=True)[:misses]:
        say(f"  worse: {w[1]!r} in {w[2]}: ours {w[3]:.2f} FTS5 {w[4]:.2f}; ours first {[s for s, _t in w[5]]}")
    return name, n, {k: tuple(x / n for x in v) for k, v in sums.items()}


def report(results):
    say("\n| set | queries | system | MRR@10 | passage in span @1 | right item, from its own text @1 |")
    say("| --- | --- | --- | --- | --- | --- |")
    for name, n, r in results:
        for system, label in (("ours", "talkbar-cli"), ("fts5", "SQLite FTS5 (porter, bm25)"),
                              ("fts5-stop", "FTS5, our stop words dropped")):
            say(f"| {name} | {n} | {label} | {r[system][0]:.3f} | {r[system][1]:.3f} | {r[system][2]:.3f} |")
        mrr = r["ours"][0] / r["fts5"][0] if r["fts5"][0] else float("inf")
        p1 = r["ours"][1] / r["fts5"][1] if r["fts5"][1] else float("inf")
        say(f"| {name} | {n} | **ours / FTS5** | **{mrr:.2f}×** | **{p1:.2f}×** | |")


# ---------------------------------------------------------------------------------------- main
def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--workdir", help="where to keep the imported workspaces (default: a temporary folder)")
    ap.add_argument("--misses", type=int, default=0, help="print this many topics where FTS5 ranks better")
    ap.add_argument("--only", choices=["qmsum", "ru"], help="run one set only")
    ap.add_argument("--titles", choices=["id", "fixture"], default="id",
                    help="QMSum session titles: the meeting id (default) or to_fixture.py's (id and first topic)")
    a = ap.parse_args(argv)
    workdir = Path(a.workdir) if a.workdir else Path(tempfile.mkdtemp(prefix="tb-relevance-"))
    workdir.mkdir(parents=True, exist_ok=True)
    results = []
    try:
        if a.only != "ru":
            fixture = workdir / f"qmsum-{a.titles}.json"
            topics = qmsum_fixture(shared_dir() / "datasets" / "qmsum", fixture, a.titles)
            results.extend(run_qmsum(workdir, fixture, topics, a.misses, a.titles))
        if a.only != "qmsum":
            results.extend(relevance_ru.run(workdir, import_root, turn_rows, build_fts, evaluate, REPO))
        report(results)
    finally:
        if not a.workdir:
            shutil.rmtree(workdir, ignore_errors=True)


def run_qmsum(workdir, fixture, topics, misses, titles):
    db_path = import_root(workdir / f"qmsum-root-{titles}", fixture)
    db = Database(db_path, create=False, idle_s=3600)
    engine = Engine(db, CLI)
    with db.holding():
        with db.cursor() as cur:
            fts = build_fts(turn_rows(cur, QMSUM_WS))
        say(f"QMSum: {len(topics)} topics over {fts.execute('SELECT count(*) FROM fts').fetchone()[0]:,} turns")
        name = "QMSum topics" if titles == "id" else "QMSum topics not in a title, to_fixture.py titles"
        out = [evaluate(name, _topic_queries(topics, lambda topic, i: topic), engine, QMSUM_WS, fts, misses),
               evaluate(f"{name}, asked as questions", _topic_queries(topics, _asked), engine, QMSUM_WS, fts, misses)]
    db.release_now()
    return out


def _topic_queries(topics, phrase):
    """The topics as queries: phrase(topic text, its place) is what is asked."""
    return [{"query": phrase(t["query"], i), "sessions": {t["session"]},
             "relevant": lambda turn, spans=t["spans"], session=t["session"]: _in_spans(turn, session, spans)}
            for i, t in enumerate(topics)]


def _asked(topic, i):
    """The topic put into the i-th way of asking, in turn (its first letter lowered)."""
    return ASKING[i % len(ASKING)].format(topic[:1].lower() + topic[1:])


def _in_spans(turn_id, session, spans):
    prefix = f"{session}-t"
    if not turn_id.startswith(prefix):
        return False
    n = int(turn_id[len(prefix):])
    return any(a <= n <= b for a, b in spans)


if __name__ == "__main__":
    main()
