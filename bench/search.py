#!/usr/bin/env python3
"""Search benchmark: workspace.search (our postings in DuckDB) against SQLite FTS5, same corpus,
same queries, interleaved, in one run.

    python bench/search.py                       # 2,000 sessions x 300 turns (fixtures/generate.py)
    python bench/search.py --sessions 200 --turns 100 --queries 100
    python bench/search.py --workdir /tmp/tb-bench   # keep (and reuse) the generated workspace
    python bench/search.py --small               # 300 x 200 turns through talkbar_find on a warm server

1. Generates the workspace with fixtures/generate.py and imports it with `talkbar-cli app import`
   (which builds our index in the import's transaction).
2. Builds the same corpus into SQLite FTS5 (stdlib sqlite3; porter + unicode61 with diacritics
   removed, FTS5's closest to our folding; English stemming only): every transcript turn as a row
   (speaker and text), and each session's and note's title and own text.
3. Draws queries of 1-3 words from the corpus' own vocabulary — frequent, mid and rare words — and
   runs each in both modes through workspace.search (the real operation, on a warm connection) and
   through FTS5 (MATCH with AND / OR, bm25() order, snippet()), interleaved. Prints p50/p95 and the
   ratios. FTS5's AND finds the passages holding every word, a narrower question than the spec's
   all-words (every word in the item, in any of its passages): so all-words queries also run through
   the FTS5 search that gives the same answer (common.fts_all_words: the items holding every word,
   from a second FTS5 table of each item's passages as one row, ranked by their best passage).
   Then the least an all-words ranking can cost in DuckDB on this index (the query's term lists
   unnested, BM25 summed per item, the best 20), against the same AND queries: a floor under ours;
   and the same statement naming each of those items (kind, id, title), the least any answer reads.
4. Appends single live turns through the change hook, against FTS5 inserts.
5. Sizes: our index tables against FTS5's file.
6. Grows the index by 10% of its turns through the incremental path (unsorted tail), measures,
   compacts (the background build, then the swap) and measures again against the fresh index.

With --small (300 sessions x 200 turns = 60k turns, a small workspace's size), step 3 runs through
talkbar_find on a warm `talkbar-cli serve` instead (sessions only, limit 20; bench/search_mcp.py),
beside the cheapest answer talkbar_find gives through the same server (a query of stop words only:
no SQL, a floor under every search through MCP), followed by where a search's fixed cost goes
and by step 3's least ranking and least answer, in process as at full size (the least answer's p95
against FTS5's: whether any search with more to read than that one statement, a passage and a
snippet for a start, can be within FTS5's p95 at this size); steps 4-6 are left out.
TALKBAR_BENCH_REPO=<checkout> runs another checkout's code (e.g. the main branch, for a
before/after) with this script.
"""

import argparse
import json
import os
import random
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(os.environ.get("TALKBAR_BENCH_REPO") or Path(__file__).resolve().parent.parent).resolve()
sys.path.insert(0, str(REPO))
sys.path.insert(1, str(Path(__file__).resolve().parent))

from talkbar import hooks  # noqa: E402
from talkbar.db import Database  # noqa: E402
from talkbar.engine import CLI, Engine  # noqa: E402
from talkbar.search import compact, stopwords, text  # noqa: E402
from talkbar.search.keys import key  # noqa: E402

import search_mcp  # noqa: E402
from common import build_item_rows, contenders, fts_all_words, fts_match, pct, say  # noqa: E402

FUNCTION_WORDS = getattr(stopwords, "FUNCTION", None) or getattr(stopwords, "WORDS", frozenset())

WS = "ws-bench"


def ms(t0):
    return (time.perf_counter() - t0) * 1000


# ---------------------------------------------------------------------------------------- setup
def prepare(workdir, sessions, turns):
    root = workdir / "root"
    db_path = root / "talkbar.duckdb"
    if db_path.exists():
        say(f"reusing {db_path}")
        return db_path
    fixture = workdir / f"bench-{sessions}x{turns}.json"
    if not fixture.exists():
        t0 = time.perf_counter()
        subprocess.run([sys.executable, str(REPO / "fixtures" / "generate.py"), "--sessions", str(sessions),
                        "--turns", str(turns), "--workspace-id", WS, "-o", str(fixture)], check=True)
        say(f"generated {fixture.name} in {ms(t0) / 1000:.1f} s")
    env = {k: v for k, v in os.environ.items() if not k.startswith("TALKBAR_")}
    env.update(TALKBAR_DATA_ROOT=str(root), PYTHONPATH=str(REPO), TALKBAR_POLICY_FILE=str(workdir / "no-policy.json"))
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "talkbar", "-v", "app", "import", str(fixture)], check=True, env=env,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=REPO)
    built = [json.loads(line)["ms"] for line in done.stderr.splitlines() if '"search.rebuild"' in line]
    say(f"imported in {ms(t0) / 1000:.1f} s, of which building our index {built[0] / 1000:.1f} s" if built else
        f"imported in {ms(t0) / 1000:.1f} s")
    return db_path


def corpus(cur):
    """The passages FTS5 gets: every turn (speaker and text), each session's and note's title and text."""
    cur.execute("""
        SELECT t.session_id, concat_ws(' ', coalesce(p.name, c.name), t.text) FROM turns t
        LEFT JOIN session_participants p ON p.session_id = t.session_id AND p.speaker_id = t.speaker_id
        LEFT JOIN contacts c ON c.contact_id = p.contact_id
        WHERE t.workspace_id = $ws""", {"ws": WS})
    rows = [("session", sid, body) for sid, body in cur.fetchall()]
    cur.execute("""
        SELECT 'session', s.session_id, s.title || ' ' || coalesce(
                   (SELECT string_agg(m.text, ' ') FROM summaries m WHERE m.session_id = s.session_id), '')
        FROM sessions s WHERE s.workspace_id = $ws
        UNION ALL SELECT 'note', note_id, title || ' ' || markdown FROM notes WHERE workspace_id = $ws""", {"ws": WS})
    return rows + [tuple(r) for r in cur.fetchall()]


def build_fts(path, rows):
    if path.exists():
        path.unlink()
    con = sqlite3.connect(path)
    con.execute("CREATE VIRTUAL TABLE fts USING fts5(kind UNINDEXED, item UNINDEXED, body, "
                "tokenize = 'porter unicode61 remove_diacritics 2')")
    t0 = time.perf_counter()
    con.executemany("INSERT INTO fts (kind, item, body) VALUES (?, ?, ?)", rows)
    con.commit()
    say(f"FTS5: {len(rows):,} rows indexed in {ms(t0) / 1000:.1f} s; "
        f"each item's rows as one (the peer's all-words per item) in {build_item_rows(con):.1f} s")
    return con


# ---------------------------------------------------------------------------------------- queries
def draw_queries(rows, n, seed):
    """1-3 word queries from the corpus vocabulary: frequent, mid and rare words (by passages)."""
    df = Counter()
    for _kind, _item, body in rows:
        df.update({w.lower() for w in re.findall(r"[^\W\d_]{3,}", body)} - FUNCTION_WORDS)
    ranked = [w for w, c in df.most_common() if c >= 2 and text.query_terms(w)]
    frequent, mid, rare = ranked[:60], ranked[300:1500], [w for w in ranked if 2 <= df[w] <= 30]
    rng = random.Random(seed)
    out = []
    for i in range(n):
        bucket = (frequent, mid, rare)[i % 3]
        words = [rng.choice(bucket)]
        for _ in range(rng.randint(0, 2)):
            words.append(rng.choice((frequent, mid, rare)[rng.randrange(3)]))
        out.append((("frequent", "mid", "rare")[i % 3], " ".join(words)))
    return out


def queries_for(rows, a):
    path = Path(a.query_file) if a.query_file else None
    if path and path.exists():
        return [tuple(q) for q in json.loads(path.read_text())]
    queries = draw_queries(rows, a.queries, a.seed)
    if path:
        path.write_text(json.dumps(queries, ensure_ascii=False))
    return queries


def fts_query(con, query, mode):
    return con.execute("SELECT kind, item, bm25(fts), snippet(fts, 2, '', '', '…', 12) FROM fts WHERE fts MATCH ? "
                       "ORDER BY bm25(fts) LIMIT 20", (fts_match(query, mode),)).fetchall()


def run_queries(engine, fts, queries, rounds=1):
    """Each query in both modes through ours and FTS5, interleaved (the order turning at each query);
    in mode all also through the peer that answers the same question (every word in the item:
    common.fts_all_words, "fts5-items")."""
    times = {(eng, mode): [] for eng in ("ours", "fts5", "fts5-items") for mode in ("all", "any")}
    by_bucket = {}
    found = Counter()
    for r in range(rounds):
        for i, (bucket, q) in enumerate(queries):
            for mode in ("all", "any"):
                for eng in contenders(mode, i + r):
                    t0 = time.perf_counter()
                    if eng == "ours":
                        res = engine.call("workspace.search", {"query": q, "match": mode, "limit": 20})["matches"]
                    elif eng == "fts5":
                        res = fts_query(fts, q, mode)
                    else:
                        res = fts_all_words(fts, q)
                    took = ms(t0)
                    found[(eng, mode)] += bool(res)
                    times[(eng, mode)].append(took)
                    by_bucket.setdefault((eng, mode, bucket), []).append(took)
    return times, by_bucket, found


def table(rows, headers):
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows)]
    line = lambda r: "  ".join(str(x).rjust(w) for x, w in zip(r, widths))  # noqa: E731
    say(line(headers))
    say("  ".join("-" * w for w in widths))
    for r in rows:
        say(line(r))


# the rows of report(): (label, mode, peer)
AGAINST = (("all", "all", "fts5"), ("all, per item", "all", "fts5-items"), ("any", "any", "fts5"))


def report(times, by_bucket, found, title):
    """The p50/p95 tables of run_queries' times (or bench/search_mcp.py's): ours against FTS5's AND or
    OR over passages, and in mode all against the peer giving the same answer ("all, per item"):
    every word in one passage, FTS5's AND, is a narrower question than the spec's all-words (every
    word in the item), which fewer queries match. Returns our p50 over FTS5's per mode."""
    say(f"\n{title}")
    rows = []
    for label, m, peer in AGAINST:
        o, f = times[("ours", m)], times[(peer, m)]
        rows.append((label, f"{pct(o, 50):.2f}", f"{pct(f, 50):.2f}", f"{pct(o, 50) / pct(f, 50):.2f}x",
                     f"{pct(o, 95):.2f}", f"{pct(f, 95):.2f}", f"{pct(o, 95) / pct(f, 95):.2f}x",
                     f"{found[('ours', m)]}/{found[(peer, m)]}"))
    table(rows, ["mode", "ours p50 ms", "FTS5 p50 ms", "ratio", "ours p95 ms", "FTS5 p95 ms", "ratio",
                 "queries with hits ours/FTS5"])
    say("(all: FTS5's AND, every word in one passage; all, per item: every word in the item, as ours "
        "(common.fts_all_words); any: FTS5's OR)")
    rows = []
    for label, m, peer in AGAINST:
        for bucket in ("frequent", "mid", "rare"):
            o, f = by_bucket[("ours", m, bucket)], by_bucket[(peer, m, bucket)]
            rows.append((label, bucket, f"{pct(o, 50):.2f}", f"{pct(f, 50):.2f}", f"{pct(o, 95):.2f}", f"{pct(f, 95):.2f}"))
    table(rows, ["mode", "first word", "ours p50", "FTS5 p50", "ours p95", "FTS5 p95"])
    return {mode: pct(times[("ours", mode)], 50) / pct(times[("fts5", mode)], 50) for mode in ("all", "any")}


LEAST_RANKING = """
    WITH q AS (SELECT unnest($keys) AS key),
    p AS (SELECT l.key, unnest(l.items) AS item, unnest(l.tfs) AS tf, unnest(l.dls) AS dl
          FROM search_lists l SEMI JOIN q ON l.key = q.key)
    SELECT item, sum(tf * 1.9 / (tf + 0.9 * (0.6 + 0.4 * dl / $avgdl))) AS score FROM p GROUP BY item
    HAVING count(DISTINCT key) = $n ORDER BY score DESC LIMIT 20"""

# the same, with what an answer must at least name of each item, in one statement: its kind and id,
# and a session's title (the kind nearly all of this bench's items are)
LEAST_ANSWER = f"""
    WITH r AS ({LEAST_RANKING})
    SELECT r.item, r.score, s.kind, s.item_id, coalesce(x.title, '') AS title
    FROM r JOIN search_items s ON s.item_no = r.item LEFT JOIN sessions x ON x.session_id = s.item_id
    ORDER BY r.score DESC"""


def ranking_floor(db, fts, queries):
    """The least an all-words ranking can cost in DuckDB on this index, against FTS5's AND query,
    interleaved: the query's term lists read by their key and unnested, a BM25 sum per item, the
    items holding every word, the best 20. No passage, tail, snippet or follow-up read, none of the
    ranking's own rules: a floor under our all-words row, not an answer. Then the same with the least
    an answer names of each item (kind, id, title) in the same statement: still no passage, snippet
    or idf, but what any answer must read."""
    took = {"ranking": [], "answer": [], "fts5": [], "fts5-items": []}
    with db.cursor() as cur:
        avgdl = cur.execute("SELECT total_len / n_docs FROM search_stats WHERE workspace_id = $ws AND field = 2",
                            {"ws": WS}).fetchone()[0]
        for _bucket, q in queries:
            keys = [key(WS, t) for t in text.query_terms(q)]   # distinct terms, distinct keys
            if not keys:
                continue
            params = {"keys": keys, "avgdl": avgdl, "n": len(keys)}
            for what, sql in (("ranking", LEAST_RANKING), ("answer", LEAST_ANSWER)):
                t0 = time.perf_counter()
                cur.execute(sql, params).fetchall()
                took[what].append(ms(t0))
            for peer, search in (("fts5", lambda: fts_query(fts, q, "all")), ("fts5-items", lambda: fts_all_words(fts, q))):
                t0 = time.perf_counter()
                search()
                took[peer].append(ms(t0))
    say("\nThe least an all-words ranking can cost here (the query's lists unnested, BM25 per item, the best 20), "
        "and the least answer (the same, naming each item: kind, id, title; one statement), against FTS5's AND "
        "(every word in one passage) and FTS5's answer per item (every word in the item, as ours)")
    rows = []
    for what in ("ranking", "answer"):
        for peer in ("fts5", "fts5-items"):
            o, f = took[what], took[peer]
            rows.append((what, peer, f"{pct(o, 50):.2f}", f"{pct(f, 50):.2f}", f"{pct(o, 50) / pct(f, 50):.2f}x",
                         f"{pct(o, 95):.2f}", f"{pct(f, 95):.2f}", f"{pct(o, 95) / pct(f, 95):.2f}x"))
    table(rows, ["all-words", "against", "floor p50 ms", "FTS5 p50 ms", "ratio", "floor p95 ms", "FTS5 p95 ms",
                 "ratio"])


# ---------------------------------------------------------------------------------------- writes
def one_turn_costs(db, fts, n):
    """Append n live turns one by one: our change hook (inside the write) against an FTS5 insert."""
    ours_hook, ours_total, fts_insert, fts_total = [], [], [], []
    with db.cursor() as cur:
        sid = cur.execute("SELECT session_id FROM sessions WHERE workspace_id = $ws ORDER BY started_at_ms DESC LIMIT 1",
                          {"ws": WS}).fetchone()[0]
        for i in range(n):
            body = f"Live turn {i}: we agreed to revisit the quarterly forecast with the vendor on Thursday."
            t0 = time.perf_counter()
            cur.execute("BEGIN TRANSACTION")
            cur.execute("INSERT INTO turns (workspace_id, session_id, turn_id, seq, speaker_id, start_ms, end_ms, text, "
                        "changed_at_ms, session_no) SELECT $ws, $sid, $tid, max(seq) + 1, any_value(speaker_id), "
                        "max(end_ms) + 500, max(end_ms) + 3000, $text, max(changed_at_ms) + 1, any_value(session_no) "
                        "FROM turns WHERE session_id = $sid",
                        {"ws": WS, "sid": sid, "tid": f"bench-live-{os.getpid()}-{i}", "text": body})
            t1 = time.perf_counter()
            hooks.changed(cur, WS, [("turns", sid)])
            ours_hook.append(ms(t1))
            cur.execute("COMMIT")
            ours_total.append(ms(t0))
            t0 = time.perf_counter()
            fts.execute("INSERT INTO fts (kind, item, body) VALUES ('session', ?, ?)", (sid, body))
            fts_insert.append(ms(t0))
            fts.commit()
            fts_total.append(ms(t0))
    say("\nOne live turn appended (median of %d)" % n)
    table([("index cost (our hook in the write / FTS5 INSERT)", f"{statistics.median(ours_hook):.2f}",
            f"{statistics.median(fts_insert):.2f}", f"{statistics.median(ours_hook) / statistics.median(fts_insert):.1f}x"),
           ("whole write with commit", f"{statistics.median(ours_total):.2f}", f"{statistics.median(fts_total):.2f}",
            f"{statistics.median(ours_total) / statistics.median(fts_total):.1f}x")],
          ["", "ours ms", "FTS5 ms", "ratio"])


def sizes(db, fts_path):
    with db.cursor() as cur:
        rows = [cur.execute(q).fetchone() for q in (
            "SELECT count(DISTINCT block_id) FROM pragma_storage_info('search_lists') WHERE block_id >= 0",
            "SELECT count(DISTINCT block_id) FROM pragma_storage_info('search_tail') WHERE block_id >= 0",
            "SELECT count(DISTINCT block_id) FROM pragma_storage_info('search_docs') WHERE block_id >= 0",
            "SELECT count(DISTINCT block_id) FROM pragma_storage_info('search_items') WHERE block_id >= 0",
            "SELECT count(DISTINCT block_id) FROM pragma_storage_info('search_dead') WHERE block_id >= 0")]
        block = cur.execute("SELECT block_size FROM pragma_database_size()").fetchone()[0]
    ours = sum(r[0] for r in rows) * block
    fts = os.path.getsize(fts_path)
    con = sqlite3.connect(fts_path)
    try:
        idx = con.execute("SELECT sum(pgsize) FROM dbstat WHERE name LIKE 'fts_%' AND name <> 'fts_content'").fetchone()[0]
    except sqlite3.OperationalError:
        idx = None
    con.close()
    say("\nIndex size")
    table([("ours: search_* tables (term lists, tail, passages, items)", f"{ours / 2**20:.1f}"),
           ("FTS5: the whole side file (index + its copy of the text)", f"{fts / 2**20:.1f}"),
           ("FTS5: index only (fts_data, fts_idx, fts_docsize)", f"{idx / 2**20:.1f}" if idx else "n/a")],
          ["", "MiB"])
    say(f"ratio ours / FTS5 file: {ours / fts:.2f}x" + (f"; ours / FTS5 index only: {ours / idx:.2f}x" if idx else ""))


def grow(db, share):
    """Copy `share` of the sessions (with their turns) as new sessions, indexed through the
    incremental path: their postings land in the unsorted tail."""
    with db.cursor() as cur:
        ids = [r[0] for r in cur.execute("SELECT session_id FROM sessions WHERE workspace_id = $ws ORDER BY session_id",
                                         {"ws": WS}).fetchall()]
        picked = ids[: max(1, int(len(ids) * share))]
        compact.CHECK_EVERY = 10**9   # no compaction while growing: measure the unsorted tail first
        t0 = time.perf_counter()
        for n in range(0, len(picked), 20):
            chunk = picked[n:n + 20]
            cur.execute("BEGIN TRANSACTION")
            # a copy is a session of its own: its own integer key, which its turns are read by
            cur.execute("INSERT INTO sessions SELECT * REPLACE ('grown-' || session_id AS session_id, "
                        "nextval('session_no_seq') AS session_no) FROM sessions "
                        "WHERE list_contains($ids, session_id)", {"ids": chunk})
            cur.execute("INSERT INTO session_participants SELECT * REPLACE ('grown-' || session_id AS session_id) "
                        "FROM session_participants WHERE list_contains($ids, session_id)", {"ids": chunk})
            cur.execute("INSERT INTO turns SELECT t.* REPLACE ('grown-' || t.session_id AS session_id, "
                        "g.session_no AS session_no) FROM turns t JOIN sessions g ON g.session_id = 'grown-' || t.session_id "
                        "WHERE list_contains($ids, t.session_id)", {"ids": chunk})
            touched = [(k, "grown-" + s) for s in chunk for k in ("session", "turns")]
            hooks.changed(cur, WS, touched)
            cur.execute("COMMIT")
        tail = cur.execute("SELECT (SELECT count(*) FROM search_tail), (SELECT sum(len(docs)) FROM search_lists)").fetchone()
    say(f"\ngrew by {len(picked)} sessions ({share:.0%}) through the incremental path in {ms(t0) / 1000:.1f} s: "
        f"tail {tail[0]:,} postings unsorted beside {tail[1]:,} sorted")


def compaction(db):
    with db.cursor() as cur:
        path = cur.execute("SELECT path FROM duckdb_databases() WHERE database_name = current_database()").fetchone()[0]
    t0 = time.perf_counter()
    compact.start(path)
    compact.wait()
    built = ms(t0)
    with db.cursor() as cur:
        t0 = time.perf_counter()
        cur.execute("BEGIN TRANSACTION")
        swapped = compact.swap(cur)
        cur.execute("COMMIT")
        say(f"compaction: sorted copy built in the background in {built / 1000:.1f} s; swapped in {ms(t0):.1f} ms "
            f"({'ok' if swapped else 'NOT swapped'})")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sessions", type=int, default=2000)
    ap.add_argument("--turns", type=int, default=300)
    ap.add_argument("--queries", type=int, default=200, help="queries, each run in both modes (default 200)")
    ap.add_argument("--live-turns", type=int, default=50)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--workdir", help="where to generate and keep the workspace (default: a temporary folder)")
    ap.add_argument("--query-file", help="read the queries from this JSON file if it exists, else draw them and write "
                    "it (so that two checkouts' runs ask the same)")
    ap.add_argument("--small", action="store_true", help="300 sessions x 200 turns through talkbar_find on a warm "
                    "server, and where a search's fixed cost goes")
    a = ap.parse_args(argv)
    workdir = Path(a.workdir) if a.workdir else Path(tempfile.mkdtemp(prefix="tb-search-bench-"))
    workdir.mkdir(parents=True, exist_ok=True)
    if a.small:
        small(workdir, a)
    else:
        big(workdir, a)
    if not a.workdir:
        shutil.rmtree(workdir, ignore_errors=True)   # ~0.5 GB; keep it with --workdir


def small(workdir, a):
    db_path = prepare(workdir, 300, 200)
    db = Database(db_path, create=False, idle_s=3600)
    with db.holding():
        with db.cursor() as cur:
            rows = corpus(cur)
    db.release_now()                                  # the server leases the file now
    fts = build_fts(workdir / "fts5.sqlite", rows)
    queries = queries_for(rows, a)
    say(f"{len(queries)} queries x 2 modes, e.g. {[q for _b, q in queries[:6]]}")
    search_mcp.through_mcp(REPO, db_path.parent, fts, queries, report)
    split = search_mcp.split_round_trip(REPO, db_path.parent, queries)
    with db.holding():
        search_mcp.fixed_cost(Engine(db, CLI), queries, split, say, table)
        ranking_floor(db, fts, queries)
    db.release_now()


def working_copy(db_path, run):
    """A copy of the kept workspace in folder `run` for this run's writes (the live turns, the
    growth, the compaction), so that --workdir's root stays as imported: a second run on it had
    measured the grown root as the fresh index, then failed growing it again. (The file and its
    write-ahead log, as talkbar/db.py names them: written out here, as TALKBAR_BENCH_REPO may run a
    checkout older than any helper for it.)"""
    shutil.rmtree(run, ignore_errors=True)
    run.mkdir()
    for f in (db_path, db_path.with_name(db_path.name + ".wal")):
        if f.exists():
            shutil.copyfile(f, run / f.name)
    return run / db_path.name


def big(workdir, a):
    db_path = working_copy(prepare(workdir, a.sessions, a.turns), workdir / "run")
    db = Database(db_path, create=False, idle_s=3600)
    engine = Engine(db, CLI)
    with db.holding():
        with db.cursor() as cur:
            rows = corpus(cur)
        fts_path = workdir / "fts5.sqlite"
        fts = build_fts(fts_path, rows)
        queries = queries_for(rows, a)
        say(f"{len(queries)} queries x 2 modes, e.g. {[q for _b, q in queries[:6]]}")
        run_queries(engine, fts, queries[:20])                       # warm both up
        times, by_bucket, found = run_queries(engine, fts, queries)
        fresh = report(times, by_bucket, found, "Queries on a fresh index (ms)")
        ranking_floor(db, fts, queries)
        one_turn_costs(db, fts, a.live_turns)
        sizes(db, fts_path)
        grow(db, 0.10)
        t, b, f = run_queries(engine, fts, queries)
        grown = report(t, b, f, "After 10% unsorted growth (ms)")
        compaction(db)
        t, b, f = run_queries(engine, fts, queries)
        after = report(t, b, f, "After compaction (ms)")
        # each phase's p50 as a multiple of FTS5's in the same phase, so that a change in the machine's
        # load between phases does not read as a change of the index
        say("\np50 against the fresh index (each as a multiple of FTS5's p50 in its phase): " + ", ".join(
            f"{m}: grown {grown[m] / fresh[m]:.2f}x, compacted {after[m] / fresh[m]:.2f}x" for m in ("all", "any")))
    db.release_now()


if __name__ == "__main__":
    main()
