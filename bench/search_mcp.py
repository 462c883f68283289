"""bench/search.py --small: the same queries through talkbar_find on a warm `talkbar-cli serve`
(sessions only, limit 20), against SQLite FTS5 on the same turns in this process, interleaved; then
where a search's fixed cost goes, in-process through the engine.

The client is a bare JSON-RPC line peer (no SDK in the way); the server runs with MCP turned on and
its lease kept (TALKBAR's defaults otherwise). The breakdown times every SQL statement of a search
(and, in a second pass with DuckDB's profiler on, its binding, its optimizer, all its planning and
the rest of DuckDB's own time, executing), the tokeniser, and the engine's own work around them;
the MCP round trip less the engine's time is the transport (JSON both ways, the pipe, the
server's dispatch).
"""

import json
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

import common
from talkbar import sqlfiles
from talkbar.search import text

KINDS = ["session"]


class Peer(common.Peer):
    """A warm `talkbar-cli serve` with MCP turned on, initialized; with `events` (a file), run with
    -v and its event lines (op.end carries each operation's time in the engine) written there."""

    def __init__(self, repo, root, events=None):
        env = common.env_for(root, repo)
        subprocess.run([sys.executable, "-m", "talkbar", "app", "access", "mcp", "on"], env=env, check=True,
                       stdout=subprocess.DEVNULL, cwd=repo)
        verbose = ["-v"] if events else []
        super().__init__([sys.executable, "-m", "talkbar", *verbose, "serve"], env, cwd=repo, stderr=events)
        self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                    "clientInfo": {"name": "bench", "version": "1"}})
        self.proc.stdin.write(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}) + "\n")

    def find(self, query, mode):
        reply = self.request("tools/call", {"name": "talkbar_find", "arguments": {
            "query": query, "match": mode, "limit": 20, "kinds": KINDS}})
        result = reply["result"]
        if result.get("isError"):
            raise RuntimeError(result["content"][0]["text"])
        return json.loads(result["content"][0]["text"])



def fts_sessions(con, query, mode):
    """FTS5's answer for sessions only: the best 20 rows of session text, with snippets; mode
    "all-items": every word in the session, as ours (common.fts_all_words)."""
    if mode == "all-items":
        return common.fts_all_words(con, query, "session")
    return con.execute("SELECT kind, item, bm25(fts), snippet(fts, 2, '', '', '…', 12) FROM fts "
                       "WHERE fts MATCH ? AND kind = 'session' ORDER BY bm25(fts) LIMIT 20",
                       (common.fts_match(query, mode),)).fetchall()


# a query with no word left once the stop words are dropped: talkbar_find answers it before any SQL
NO_WORDS = "the of and"


def through_mcp(repo, root, fts, queries, report):
    """talkbar_find through the server against FTS5, per mode, interleaved; `report` prints the
    p50/p95 tables (bench/search.py's). Beside each pair, the cheapest answer talkbar_find gives
    through the same server (NO_WORDS: validation, the tool's routing, the tokeniser, the answer and
    the transport, no SQL): a floor under every search through MCP, against FTS5's whole answer.
    Returns our p50 per mode."""
    assert not text.query_terms(NO_WORDS) and not text.question_terms(NO_WORDS)
    peer = Peer(repo, root)
    times, by_bucket, hits = defaultdict(list), defaultdict(list), defaultdict(int)
    least = defaultdict(list)
    warm = min(20, len(queries))
    try:
        for i, (bucket, q) in enumerate(queries[:warm] + queries):    # the first ones warm both up
            for mode in ("all", "any"):
                for who in common.contenders(mode, i):
                    t0 = time.perf_counter()
                    found = (peer.find(q, mode)["matches"] if who == "ours" else
                             fts_sessions(fts, q, "all-items" if who == "fts5-items" else mode))
                    took = (time.perf_counter() - t0) * 1000
                    if i >= warm:
                        times[(who, mode)].append(took)
                        by_bucket[(who, mode, bucket)].append(took)
                        hits[(who, mode)] += bool(found)
                t0 = time.perf_counter()
                if peer.find(NO_WORDS, mode)["matches"]:
                    raise RuntimeError(f"{NO_WORDS!r} matched: it should hold no word to search for")
                if i >= warm:
                    least[mode].append((time.perf_counter() - t0) * 1000)
    finally:
        peer.close()
    report(times, by_bucket, hits, "talkbar_find through a warm server (sessions only, limit 20) against FTS5 "
                                   "in process (ms)")
    common.say(f"\nThe cheapest talkbar_find answer through the same server ({NO_WORDS!r}: no word left, no SQL) "
               "against FTS5's whole answer (ms)")
    for mode in ("all", "any"):
        ours, f = statistics.median(least[mode]), statistics.median(times[("fts5", mode)])
        common.say(f"  {mode}: the least p50 {ours:.2f} ms, FTS5 p50 {f:.2f} ms -> {ours / f:.2f}x")
        if mode == "all":
            f = statistics.median(times[("fts5-items", mode)])
            common.say(f"  all, per item: FTS5 p50 {f:.2f} ms -> {ours / f:.2f}x")
    return {mode: statistics.median(times[("ours", mode)]) for mode in ("all", "any")}


def split_round_trip(repo, root, queries):
    """Per mode: the median round trip, the engine's part of it (the server's own op.end time) and
    the rest (JSON both ways, the pipe, the server's dispatch), from a second server run with -v."""
    log = Path(root) / "bench-events.log"
    with open(log, "w") as events:
        peer = Peer(repo, root, events)
        trips = defaultdict(list)
        try:
            for _b, q in queries:
                for mode in ("all", "any"):
                    t0 = time.perf_counter()
                    peer.find(q, mode)
                    trips[mode].append((time.perf_counter() - t0) * 1000)
        finally:
            peer.close()
    ends = [e["ms"] for e in map(json.loads, log.read_text().splitlines()) if e.get("event") == "op.end"]
    engine = {"all": ends[0::2], "any": ends[1::2]}
    return {mode: (statistics.median(trips[mode]), statistics.median(engine[mode]),
                   statistics.median(t - e for t, e in zip(trips[mode], engine[mode]))) for mode in ("all", "any")}


def fixed_cost(engine, queries, split, say, table):
    """Where a search's time goes, per mode: the round trip split into the engine and the rest
    (split_round_trip), then in process (this process, not the server): each statement's mean per
    search (and, profiled, its planning), the tokeniser, the rest of the engine."""
    stat = defaultdict(list)
    plan = defaultdict(list)
    run = sqlfiles.run
    profile = {"on": False}

    def timed(cur, query, params):
        if profile["on"]:                  # collected per cursor, printed nowhere
            cur.execute("SET enable_profiling = 'no_output'")
            cur.execute("SET profiling_mode = 'detailed'")
        t0 = time.perf_counter()
        try:
            return run(cur, query, params)
        finally:
            took = (time.perf_counter() - t0) * 1000
            if profile["on"]:
                try:
                    cur.fetchall()         # a `one`/`value` query read one row: finish it
                except Exception:
                    pass
                p = json.loads(cur.get_profiling_information("json"))
                cur.execute("RESET enable_profiling")
                ms_of = lambda k, field="total_time": 1000 * p.get(k, {}).get(field, 0)  # noqa: E731
                planning = sum(ms_of(k) for k in ("planner", "optimizer", "physical_planner"))
                # binding, optimizer, all planning, executing (the rest of DuckDB's time)
                plan[query.name].append((ms_of("planner", "binding_time"), ms_of("optimizer"), planning,
                                         ms_of("query") - planning))
            else:
                stat[query.name].append(took)

    args = lambda q, mode: {"query": q, "match": mode, "limit": 20, "kinds": KINDS}  # noqa: E731
    sqlfiles.run = timed
    try:
        for mode in ("all", "any"):
            stat.clear()
            plan.clear()
            calls = []
            for _b, q in queries:
                t0 = time.perf_counter()
                engine.call("workspace.search", args(q, mode))
                calls.append((time.perf_counter() - t0) * 1000)
            tok = []
            for _b, q in queries:
                t0 = time.perf_counter()
                (text.query_terms if mode == "all" else getattr(text, "question_terms", text.query_terms))(q)
                tok.append((time.perf_counter() - t0) * 1000)
            profile["on"] = True
            for _b, q in queries:
                engine.call("workspace.search", args(q, mode))
            profile["on"] = False
            n = len(queries)
            total = statistics.median(calls)
            trip, in_server, rest = split[mode]
            blank = ("", "", "", "")
            rows = [("MCP round trip (talkbar_find, server run with -v)", f"{trip:.2f}", *blank),
                    ("  in the engine (the server's op.end)", f"{in_server:.2f}", *blank),
                    ("  the rest: JSON both ways, the pipe, the server's dispatch", f"{rest:.2f}", *blank),
                    ("engine in this process (workspace.search)", f"{total:.2f}", *blank)]
            sql_sum = 0.0
            for name, ts in sorted(stat.items(), key=lambda kv: -sum(kv[1])):
                per = sum(ts) / n
                sql_sum += per
                prof = [f"{statistics.median(x[i] for x in plan[name]):.2f}" for i in range(4)] if plan.get(name) else blank
                rows.append((f"    SQL {name} ({len(ts) / n:.2f} a search)", f"{per:.2f}", *prof))
            rows.append(("    tokenising the query", f"{statistics.median(tok):.3f}", *blank))
            rest_of_engine = total - sql_sum - statistics.median(tok)
            rows.append(("    the rest: checks, transaction, snippets, answer", f"{rest_of_engine:.2f}", *blank))
            say(f"\nWhere a search's time goes, match {mode} (ms; medians, SQL as mean per search; profiled: "
                "binding, optimizer and all planning, and the rest of DuckDB's own time)")
            table(rows, ["", "ms", "binding", "optimizer", "planning", "executing"])
    finally:
        sqlfiles.run = run
