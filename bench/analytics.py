"""The stats operations and the people's reads through the engine beside SQLite on the same data,
and every per-session read.

    python bench/analytics.py                                  # 2,000 x 300 and 100,000 x 6 (600 k turns each)
    python bench/analytics.py --sizes 2000x300 --workdir /tmp/tb-analytics   # keep (and reuse) the data

For each size: the workspace is generated (fixtures/generate.py), imported with `talkbar-cli app
import`, then exported once to SQLite with the schema's keys and the indexes a user would add for
per-session reads, `turns(session_id, seq)`, and for a person's sessions,
`session_participants(contact_id)`. Each round then runs, interleaved, for a sample of sessions
(sessions.stats and workspace.stats), and beside each, contacts.list (every person's count of
sessions met and the last one's start) and contacts.sessions (the first page of one person's
sessions, the people in turn):

  ours     the operation through the engine in this process, on a warm lease (as the MCP server
           answers a call): validation, its transaction, its SQL, the shaping of the answer;
  SQLite   the same answer from the SQLite copy, written as a user would: a few indexed queries and
           a little Python (the speaker names, shares and the summary's choice). Every answer is
           checked equal to ours, so both do the same work.

Then every per-session read operation through the engine (goal: <= 10 ms on 600 k turns).
Prints p50 (and p95) in ms and ours / SQLite, with the load average.

    python bench/analytics.py --compare /path/to/an/older/checkout

also runs that checkout's engine on its own import of the same data, in the same rounds (each
engine in a process of its own, timed there), so that before and after share the machine's load.
"""

import argparse
import json
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import common
from common import say

REPO = Path(__file__).resolve().parent.parent
WS = "ws-bench"
NOW_MS = 1_800_000_000_000
STATS_OPS = ("sessions.stats", "workspace.stats", "contacts.list", "contacts.sessions")
PER_SESSION = ("sessions.get", "sessions.stats", "sessions.transcript", "sessions.timeline", "sessions.notes",
               "sessions.documents", "sessions.live_cards", "sessions.keywords.get", "markers.list")
CYRILLIC = re.compile(r"[а-яА-ЯёЁ]")
LENGTHS = ["short", "standard", "detailed"]


# ---------------------------------------------------------------------------------------- setup
def prepare(workdir, sessions, turns, checkout=REPO, name="root"):
    root = workdir / f"{name}-{sessions}x{turns}"
    db_path = root / "talkbar.duckdb"
    if db_path.exists():
        say(f"reusing {db_path}")
        return db_path
    fixture = workdir / f"bench-{sessions}x{turns}.json"
    if not fixture.exists():
        subprocess.run([sys.executable, str(REPO / "fixtures" / "generate.py"), "--sessions", str(sessions),
                        "--turns", str(turns), "--workspace-id", WS, "-o", str(fixture)], check=True)
    env = env_for(checkout, TALKBAR_DATA_ROOT=str(root), TALKBAR_POLICY_FILE=str(workdir / "no-policy"))
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "talkbar", "app", "import", str(fixture)], check=True, env=env,
                   stdout=subprocess.DEVNULL, cwd=str(checkout))
    say(f"{checkout}: imported {sessions:,} x {turns} in {time.perf_counter() - t0:.1f} s")
    return db_path


def env_for(checkout, **extra):
    return common.env_for(None, checkout, TALKBAR_NOW_MS=NOW_MS, **extra)


class Worker:
    """One checkout's engine in a process of its own, on a warm lease: each call is timed there
    (the pipe is not counted) and answers its time, and its result when asked."""

    def __init__(self, checkout, db_path):
        self.proc = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--worker", str(checkout),
                                      str(db_path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                     env=env_for(checkout, TALKBAR_POLICY_FILE=str(Path(db_path).parent / "no-policy")))

    def call(self, op, args, want=False):
        self.proc.stdin.write(json.dumps({"op": op, "args": args, "want": want}) + "\n")
        self.proc.stdin.flush()
        out = json.loads(self.proc.stdout.readline())
        return out["ms"], out["result"]

    def raw(self, sql, args):
        """The time of one bare DuckDB statement on the worker's connection (the engine left out)."""
        self.proc.stdin.write(json.dumps({"raw": sql, "args": args}) + "\n")
        self.proc.stdin.flush()
        out = json.loads(self.proc.stdout.readline())
        return out["ms"], out["result"]

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


def serve(checkout, db_path):
    sys.path.insert(0, checkout)
    from talkbar.db import Database
    from talkbar.engine import CLI, Engine
    db = Database(db_path, create=False, idle_s=3600)
    engine = Engine(db, CLI)
    for line in sys.stdin:
        req = json.loads(line)
        if "raw" in req:  # DuckDB's own floor: one statement on the engine's connection, no engine
            with db.cursor() as cur:
                t0 = time.perf_counter()
                result = cur.execute(req["raw"], req["args"]).fetchall()
                ms = (time.perf_counter() - t0) * 1000
            print(json.dumps({"ms": ms, "result": None}), flush=True)
            continue
        t0 = time.perf_counter()
        result = engine.call(req["op"], req["args"])
        ms = (time.perf_counter() - t0) * 1000
        print(json.dumps({"ms": ms, "result": result if req["want"] else None}), flush=True)
    db.release_now()


TABLES = {
    "sessions": ("workspace_id, session_id, title, status, started_at_ms, ended_at_ms, project_id, session_type, "
                 "private, trashed_at", "PRIMARY KEY (session_id)"),
    "turns": ("session_id, turn_id, seq, speaker_id, start_ms, end_ms, text", "PRIMARY KEY (session_id, turn_id)"),
    "session_participants": ("session_id, speaker_id, name, contact_id, is_user, excluded_from_ai, ord",
                             "PRIMARY KEY (session_id, speaker_id)"),
    "recording_runs": ("session_id, run_index, start_ms, end_ms", "PRIMARY KEY (session_id, run_index)"),
    "summaries": ("session_id, length, selected, provider, model, edited", "PRIMARY KEY (session_id, length)"),
    "notes": ("workspace_id, note_id, project_id, trashed_at", "PRIMARY KEY (note_id)"),
    "documents": ("workspace_id, document_id, project_id", "PRIMARY KEY (document_id)"),
    "projects": ("workspace_id, project_id, trashed_at", "PRIMARY KEY (project_id)"),
    "knowledge_cards": ("workspace_id, memory_id, project_id, status", "PRIMARY KEY (memory_id)"),
    "contacts": ("workspace_id, contact_id, name, archived_at_ms", "PRIMARY KEY (contact_id)"),
}


# What a statement costs DuckDB before any engine: the floor under sessions.stats, which must read
# five tables (the session, its turns, participants, recording runs and summaries).
FLOOR = (("SELECT 1", "SELECT 1", lambda sid: []),
         ("the session's row by its key", "SELECT * FROM sessions WHERE session_id = ?", lambda sid: [sid]))


def export_sqlite(db_path, path):
    """Copy what the stats read into SQLite once, with the keys of our schema and turns(session_id, seq)."""
    if path.exists():
        return sqlite3.connect(path)
    import duckdb
    src = duckdb.connect(str(db_path), read_only=True)
    con = sqlite3.connect(path)
    t0 = time.perf_counter()
    for table, (cols, key) in TABLES.items():
        con.execute(f"CREATE TABLE {table} ({cols}, {key})")
        rows = src.execute(f"SELECT {cols} FROM {table}").fetchall()
        marks = ", ".join("?" for _ in cols.split(","))
        con.executemany(f"INSERT INTO {table} VALUES ({marks})", rows)
    con.execute("CREATE INDEX turns_by_session ON turns (session_id, seq)")
    con.execute("CREATE INDEX participants_by_contact ON session_participants (contact_id)")
    con.commit()
    con.execute("ANALYZE")
    src.close()
    say(f"exported to SQLite in {time.perf_counter() - t0:.1f} s")
    return con


# ---------------------------------------------------------------------------------------- the peer
def sqlite_session_stats(con, sid, now_ms):
    s = con.execute("SELECT session_id, status, session_type, private, started_at_ms, ended_at_ms FROM sessions "
                    "WHERE workspace_id = ? AND session_id = ? AND trashed_at IS NULL", (WS, sid)).fetchone()
    if s is None:
        return None
    sid, status, stype, private, started, ended = s
    turns, chars, talk, speakers, last_end = con.execute(
        "SELECT count(*), coalesce(sum(length(text)), 0), coalesce(sum(end_ms - start_ms), 0), "
        "count(DISTINCT speaker_id), max(end_ms) FROM turns WHERE session_id = ?", (sid,)).fetchone()
    runs = con.execute("SELECT start_ms, end_ms FROM recording_runs WHERE session_id = ?", (sid,)).fetchall()
    if status == "recording":
        elapsed = max(now_ms - started, 0)
    elif ended is not None:
        elapsed = ended - started
    else:
        elapsed = max(max((e if e is not None else st for st, e in runs), default=0), last_end or 0)
    people = con.execute(
        "SELECT p.speaker_id, p.contact_id, p.name, p.is_user, p.excluded_from_ai, p.ord, min(t.seq), count(t.seq), "
        "coalesce(sum(t.end_ms - t.start_ms), 0) FROM session_participants p "
        "LEFT JOIN turns t ON t.session_id = p.session_id AND t.speaker_id = p.speaker_id "
        "WHERE p.session_id = ? GROUP BY p.speaker_id", (sid,)).fetchall()
    order = sorted(people, key=lambda p: (p[6] is None, p[6] if p[6] is not None else 0, p[5]))
    word = "Speaker "
    if any(p[2] is None for p in people):
        opening = [r[0] for r in con.execute("SELECT text FROM turns WHERE session_id = ? AND seq < 40", (sid,))]
        title = con.execute("SELECT title FROM sessions WHERE session_id = ?", (sid,)).fetchone()[0]
        cyr = (sum(bool(CYRILLIC.search(x)) for x in opening) * 2 > len(opening) if opening
               else bool(CYRILLIC.search(title)))
        word = "Участник " if cyr else word
    unnamed = 0
    shown = []
    for spk, contact, name, is_user, excluded, _ord, _first, _n, spoke in order:
        if name is None:
            unnamed += 1
            name = f"{word}{unnamed}"
        shown.append({"speakerId": spk, "contactId": contact, "name": name, "isUser": bool(is_user),
                      "excludedFromAi": bool(excluded), "talkTimeMs": spoke,
                      "share": round(spoke / talk, 4) if talk > 0 else 0})
    sums = con.execute("SELECT length, provider, model, edited, selected FROM summaries WHERE session_id = ?",
                       (sid,)).fetchall()
    rank = {k: i for i, k in enumerate(LENGTHS)}
    summary = None
    if sums:
        pick = min(sums, key=lambda r: (not r[4], rank.get(r[0], 3), r[0]))
        lengths = sorted(sums, key=lambda r: (rank.get(r[0], 3), r[0]))
        summary = {"length": pick[0], "provider": pick[1], "model": pick[2], "edited": bool(pick[3]),
                   "lengths": [{"length": r[0], "provider": r[1], "model": r[2], "edited": bool(r[3])} for r in lengths]}
    return {"sessionId": sid, "status": status, "sessionType": stype, "private": bool(private),
            "startedAtMs": started, "endedAtMs": ended, "elapsedMs": elapsed,
            "recordedMs": sum((e if e is not None else elapsed) - st for st, e in runs),
            "recordingRuns": len(runs), "breaks": max(len(runs) - 1, 0), "turns": turns, "transcriptChars": chars,
            "speakerCount": speakers, "talkTimeMs": talk, "speakers": shown, "summary": summary}


def sqlite_workspace_stats(con):
    total, rec, opn, intr, comp, first, last = con.execute(
        "SELECT count(*), coalesce(sum(status = 'recording'), 0), coalesce(sum(status = 'open'), 0), "
        "coalesce(sum(status = 'interrupted'), 0), coalesce(sum(status = 'complete'), 0), min(started_at_ms), "
        "max(started_at_ms) FROM sessions WHERE workspace_id = ? AND trashed_at IS NULL", (WS,)).fetchone()
    one = lambda q: con.execute(q, (WS,)).fetchone()[0]  # noqa: E731
    return {"sessions": {"total": total, "byStatus": {"recording": rec, "open": opn, "interrupted": intr,
                                                      "complete": comp},
                         "firstStartedAtMs": first, "lastStartedAtMs": last},
            "notes": {"total": one("SELECT count(*) FROM notes WHERE workspace_id = ? AND trashed_at IS NULL")},
            "documents": {"total": one("SELECT count(*) FROM documents WHERE workspace_id = ?")},
            "projects": {"total": one("SELECT count(*) FROM projects WHERE workspace_id = ? AND trashed_at IS NULL")},
            "knowledge": {"approvedTotal": one("SELECT count(*) FROM knowledge_cards "
                                               "WHERE workspace_id = ? AND status = 'approved'")}}


# A person met a session when one of their speakers has a turn in it (a user's EXISTS, answered by
# turns(session_id, seq)); sessions in the Trash do not count.
SPOKE = ("EXISTS (SELECT 1 FROM turns t WHERE t.session_id = p.session_id AND t.speaker_id = p.speaker_id)")


def sqlite_people(con):
    """contacts.list's counts: contactId -> [sessions met, the last one's start] (people not archived)."""
    rows = con.execute(
        "SELECT c.contact_id, count(DISTINCT s.session_id), max(s.started_at_ms) FROM contacts c "
        f"LEFT JOIN session_participants p ON p.contact_id = c.contact_id AND {SPOKE} "
        "LEFT JOIN sessions s ON s.session_id = p.session_id AND s.workspace_id = c.workspace_id AND s.trashed_at IS NULL "
        "WHERE c.workspace_id = ? AND c.archived_at_ms IS NULL GROUP BY c.contact_id", (WS,)).fetchall()
    return {cid: [n, last] for cid, n, last in rows}


def ours_people(result):
    return {c["contactId"]: [c["sessionCount"], c["lastMetAtMs"]] for c in result["contacts"]}


def sqlite_person_sessions(con, cid, limit=20):
    """contacts.sessions' first page: [sessionId, their talk time, their share of the session's]."""
    page = con.execute(
        "SELECT s.session_id FROM sessions s WHERE s.workspace_id = ? AND s.trashed_at IS NULL AND s.session_id IN "
        f"(SELECT p.session_id FROM session_participants p WHERE p.contact_id = ? AND {SPOKE}) "
        "ORDER BY s.started_at_ms DESC, s.session_id LIMIT ?", (WS, cid, limit)).fetchall()
    out = []
    for (sid,) in page:
        talk = dict(con.execute("SELECT speaker_id, sum(end_ms - start_ms) FROM turns WHERE session_id = ? "
                                "GROUP BY speaker_id", (sid,)).fetchall())
        theirs = [r[0] for r in con.execute("SELECT speaker_id FROM session_participants WHERE session_id = ? "
                                            "AND contact_id = ?", (sid, cid))]
        ms = sum(talk.get(spk, 0) for spk in theirs)
        out.append([sid, ms, round(ms / max(sum(talk.values()), 1), 4)])
    return out


def ours_person_sessions(result):
    return [[s["sessionId"], s["talkTimeMs"], s["share"]] for s in result["sessions"]]


def same(ours, theirs, what):
    """The peer must give our answer (shares to 4 decimals, as both round)."""
    def norm(x):
        if isinstance(x, dict):
            return {k: norm(v) for k, v in x.items()}
        if isinstance(x, list):
            return [norm(v) for v in x]
        return round(x, 3) if isinstance(x, float) else x
    if norm(ours) != norm(theirs):
        raise SystemExit(f"{what}: SQLite's answer differs from ours:\n ours   {ours}\n sqlite {theirs}")


# ---------------------------------------------------------------------------------------- timing
def timed(fn):
    t0 = time.perf_counter()
    out = fn()
    return (time.perf_counter() - t0) * 1000, out


def p(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q / 100 * (len(values) - 1))))]


def bench_size(workdir, size, rounds, sample, compare):
    n_sessions, n_turns = map(int, size.split("x"))
    db_path = prepare(workdir, n_sessions, n_turns)
    lite = export_sqlite(db_path, workdir / f"peer-{size}.sqlite")
    engines = {"ours": Worker(REPO, db_path)}
    if compare:
        engines["compare"] = Worker(compare, prepare(workdir, n_sessions, n_turns, compare, "compare-root"))
    import duckdb
    con = duckdb.connect(str(db_path), read_only=True)
    ids = [r[0] for r in con.execute("SELECT session_id FROM sessions WHERE workspace_id = $ws ORDER BY session_id",
                                     {"ws": WS}).fetchall()]
    con.close()
    picks = [ids[(len(ids) * k) // (sample + 1)] for k in range(1, sample + 1)]
    people = sorted(sqlite_people(lite))   # each round asks for every person's first page of sessions
    for name, engine in engines.items():  # warm each, and check that they agree with SQLite
        for sid in picks:
            same(engine.call("sessions.stats", {"sessionId": sid}, want=True)[1],
                 sqlite_session_stats(lite, sid, NOW_MS), f"{name} {sid}")
        same(engine.call("workspace.stats", {}, want=True)[1], sqlite_workspace_stats(lite), f"{name} workspace.stats")
        same(ours_people(engine.call("contacts.list", {"limit": 500}, want=True)[1]), sqlite_people(lite),
             f"{name} contacts.list")
        for cid in people:
            same(ours_person_sessions(engine.call("contacts.sessions", {"contactId": cid, "limit": 20}, want=True)[1]),
                 sqlite_person_sessions(lite, cid), f"{name} contacts.sessions {cid}")
    times = {}
    for _ in range(rounds):
        for k, sid in enumerate(picks):
            cid = people[k % len(people)]
            for op, args, peer in (("sessions.stats", {"sessionId": sid}, lambda: sqlite_session_stats(lite, sid, NOW_MS)),
                                   ("workspace.stats", {}, lambda: sqlite_workspace_stats(lite)),
                                   ("contacts.list", {"limit": 500}, lambda: sqlite_people(lite)),
                                   ("contacts.sessions", {"contactId": cid, "limit": 20}, lambda: sqlite_person_sessions(lite, cid))):
                for name, engine in engines.items():
                    times.setdefault((op, name), []).append(engine.call(op, args)[0])
                times.setdefault((op, "sqlite"), []).append(timed(peer)[0])
            for what, sql, args in FLOOR:
                times.setdefault(("floor", what), []).append(engines["ours"].raw(sql, args(sid))[0])
    load = common.load()
    rows = []
    for op in STATS_OPS:
        lite_t = times[(op, "sqlite")]
        cells = [f"{p(times[(op, n)], 50):.2f} | **{p(times[(op, n)], 50) / p(lite_t, 50):.2f}×** | "
                 f"{p(times[(op, n)], 95):.2f}" for n in engines]
        rows.append(f"| `{op}` | {size} | {p(lite_t, 50):.2f} | {p(lite_t, 95):.2f} | " + " | ".join(cells) + " |")
    floor = {what: p(times[("floor", what)], 50) for what, _, _ in FLOOR}
    say(f"{size}: DuckDB alone on our file, p50: " + ", ".join(f"{w} {ms:.2f} ms" for w, ms in floor.items())
        + f"; SQLite's whole sessions.stats {p(times[('sessions.stats', 'sqlite')], 50):.2f} ms")
    reads = {}
    for op in PER_SESSION:
        for _ in range(rounds):
            for sid in picks:
                for name, engine in engines.items():
                    reads.setdefault((op, name), []).append(engine.call(op, {"sessionId": sid})[0])
    read_rows = [f"| `{op}` | {size} | " + " | ".join(f"{statistics.median(reads[(op, n)]):.2f} | "
                                                      f"{p(reads[(op, n)], 95):.2f}" for n in engines) + " |"
                 for op in PER_SESSION]
    for engine in engines.values():
        engine.close()
    return rows, read_rows, load


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="2000x300,100000x6", help="sessions x turns, comma-separated")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--sample", type=int, default=20, help="sessions read per round")
    ap.add_argument("--workdir", help="where to generate and keep the data (default: a temporary folder)")
    ap.add_argument("--compare", help="another checkout (e.g. before a change) measured in the same rounds")
    ap.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    opts = ap.parse_args()
    if opts.worker:
        serve(*opts.worker)
        return
    workdir = Path(opts.workdir or tempfile.mkdtemp(prefix="tb-analytics-"))
    workdir.mkdir(parents=True, exist_ok=True)
    compare = Path(opts.compare).resolve() if opts.compare else None
    names = ["ours"] + (["compare"] if compare else [])
    try:
        stats_rows, read_rows = [], []
        for size in opts.sizes.split(","):
            rows, reads, load = bench_size(workdir, size, opts.rounds, opts.sample, compare)
            stats_rows += [r + f" {' '.join(load)} |" for r in rows]
            read_rows += [r + f" {' '.join(load)} |" for r in reads]
        if compare:
            say(f"\ncompare = {compare}")
        say("\n| operation | sessions × turns | SQLite p50 ms | SQLite p95 | "
            + " | ".join(f"{n} p50 ms | {n} / SQLite | {n} p95" for n in names) + " | load |")
        say("| --- | --- | --- | --- | " + " | ".join("--- | --- | ---" for _ in names) + " | --- |")
        for r in stats_rows:
            say(r)
        say("\n| per-session read (engine) | sessions × turns | "
            + " | ".join(f"{n} p50 ms | {n} p95" for n in names) + " | load |")
        say("| --- | --- | " + " | ".join("--- | ---" for _ in names) + " | --- |")
        for r in read_rows:
            say(r)
    finally:
        if not opts.workdir:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
