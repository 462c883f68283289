"""A person renamed whom speakers in many sessions go by, against notes.create in the same lease, and
the searches after it.

    flock /tmp/talkbar-heavy.lock python bench/person_rename.py --root DATA_ROOT [--compare OLDER_CHECKOUT]

A turn's passage starts with its speaker's name, and a participant with no name of their own goes by
their person's (an imported file may hold such participants), so renaming that person rewrites the
passages of every turn they spoke. The root's person who speaks in the most sessions is made such a
person in a copy of its database (their participants' own names set to NULL: the names are the
person's, so the index stays as it is). Then, through the engine in a process of its own on a fresh
copy, on a warm lease: the person renamed, their email changed (no name changes: nothing to
rewrite), renamed again, each beside `--creates` notes.create calls (the peer: a plain write of the
same lease). With `--compare`, an older checkout does the same on its own copy, the two taking
turns, `--rounds` times. The search p95 (`--queries` drawn from the root's turns, both modes) before
the first rename, right after it and once the writes after it have settled: a rename takes many
passages out of the long term lists, whose fronts it may take too (their searches then group the
whole list) until a compaction builds them again. Prints each round's times, the medians and ratios
in Markdown tables, and the load (`cat /proc/loadavg`).
"""

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import DB_FILE, REPO, env_for, load, markdown_table, pct, say

STEPS = (("renamed", {"name": "Quetzalcoatl Renamed"}), ("email only", {"email": "renamed@example.com"}),
         ("renamed again", {"name": "Axolotl Again"}))


def prepared(root, work):
    """A copy of the root's database whose most frequent speaker goes by their person's name in every
    session they speak in: (its path, the person's id, in how many sessions, how many turns)."""
    import duckdb
    work.mkdir(parents=True, exist_ok=True)
    path = work / DB_FILE
    shutil.copyfile(Path(root) / DB_FILE, path)
    con = duckdb.connect(str(path))
    contact_id, sessions = con.execute(
        "SELECT contact_id, count(DISTINCT session_id) FROM session_participants WHERE contact_id IS NOT NULL "
        "GROUP BY contact_id ORDER BY 2 DESC, 1 LIMIT 1").fetchone()
    turns = con.execute("SELECT count(*) FROM turns t JOIN session_participants p USING (session_id, speaker_id) "
                        "WHERE p.contact_id = ?", [contact_id]).fetchone()[0]
    con.execute("UPDATE session_participants SET name = NULL WHERE contact_id = ?", [contact_id])
    con.close()
    return path, contact_id, sessions, turns


def worker(db_path, contact_id, creates, queries_path):
    """In this process (the checkout on sys.path): the steps' and the creates' milliseconds, and the
    search p95 before the first rename, right after it, and once the writes after it have settled
    (a compaction it made due built and swapped in, where the checkout starts one), as JSON."""
    from talkbar.db import Database
    from talkbar.engine import CLI, Engine
    from talkbar.search import compact
    db = Database(Path(db_path), create=False, idle_s=3600)
    engine = Engine(db, CLI)
    queries = json.loads(Path(queries_path).read_text())
    out = {}
    with db.holding():
        engine.call("workspace.search", {"query": "budget", "match": "all"})      # indexed, warm
        engine.call("notes.create", {"title": "warm", "markdown": "a note"})
        out["search p95 before"] = _search_p95(engine, queries)
        for name, change in STEPS:
            started = time.perf_counter()
            engine.call("contacts.update", {"contactId": contact_id, **change})
            out[name] = (time.perf_counter() - started) * 1000
            if name == STEPS[0][0]:
                out[f"search p95 after {name}"] = _search_p95(engine, queries)
            took = []
            for i in range(creates):
                started = time.perf_counter()
                engine.call("notes.create", {"title": f"Note {name} {i}", "markdown": "Something said."})
                took.append((time.perf_counter() - started) * 1000)
            out[f"notes.create after {name}"] = statistics.median(took)
            for i in range(2):      # a compaction under way finishes and the next write swaps it in
                compact.wait()
                engine.call("notes.create", {"title": f"Settled {name} {i}", "markdown": "Something said."})
            compact.wait()
            if name == STEPS[0][0]:
                out[f"search p95 after {name}, settled"] = _search_p95(engine, queries)
        found = engine.call("workspace.search", {"query": "axolotl again", "match": "all", "kinds": ["session"],
                                                 "limit": 100})["matches"]
        out["sessions found by the new name (at most 100)"] = len(found)
    db.release_now()
    print(json.dumps(out))


def _search_p95(engine, queries):
    """The p95 of these queries' searches in both modes, in milliseconds."""
    took = []
    for q in queries:
        for match in ("all", "any"):
            started = time.perf_counter()
            engine.call("workspace.search", {"query": q, "match": match, "limit": 20})
            took.append((time.perf_counter() - started) * 1000)
    return pct(took, 95)


def run_worker(checkout, db_path, contact_id, creates, queries_path):
    out = subprocess.run([sys.executable, __file__, "--worker", str(db_path), contact_id, str(creates),
                          str(queries_path)],
                         env=env_for(None, checkout=checkout), capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--root", help="a data root (its talkbar.duckdb is copied, never written)")
    ap.add_argument("--compare", help="an older checkout, doing the same on its own copy in the same rounds")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--creates", type=int, default=5, help="notes.create calls after each step (their median)")
    ap.add_argument("--queries", type=int, default=100, help="searches drawn from the root's turns, asked in both "
                    "modes before the first rename, right after it and once settled (their p95)")
    ap.add_argument("--worker", nargs=4, help=argparse.SUPPRESS)
    opts = ap.parse_args()
    if opts.worker:
        worker(opts.worker[0], opts.worker[1], int(opts.worker[2]), opts.worker[3])
        return
    if not opts.root:
        ap.error("--root is required")
    work = Path(tempfile.mkdtemp(prefix="tb-person-"))
    try:
        source, contact_id, sessions, turns = prepared(opts.root, work / "source")
        say(f"load {' '.join(load())}; person {contact_id} speaks in {sessions} sessions, {turns} turns")
        from scale import draw_queries      # here, not in a worker: it puts this checkout first on sys.path
        queries_path = work / "queries.json"
        queries_path.write_text(json.dumps(draw_queries(source.parent, opts.queries, 7)))
        checkouts = {"ours": REPO, **({"older": Path(opts.compare).resolve()} if opts.compare else {})}
        rounds = {name: [] for name in checkouts}
        for r in range(opts.rounds):
            order = list(checkouts.items()) if r % 2 == 0 else list(reversed(checkouts.items()))
            for name, checkout in order:
                copy = work / f"{name}-{r}" / DB_FILE
                copy.parent.mkdir()
                shutil.copyfile(source, copy)
                got = run_worker(checkout, copy, contact_id, opts.creates, queries_path)
                shutil.rmtree(copy.parent)
                rounds[name].append(got)
                say(f"round {r + 1} {name}: " + ", ".join(f"{k} {v:.1f}" for k, v in got.items()))
        med = {name: {k: statistics.median(g[k] for g in got) for k in got[0]} for name, got in rounds.items()}
        headers = ["contacts.update", "ours ms", "notes.create ms", "ours / notes.create"]
        if "older" in med:
            headers += ["older ms", "ours / older"]
        rows = []
        for step, _change in STEPS:
            ours, create = med["ours"][step], med["ours"][f"notes.create after {step}"]
            row = [step, f"{ours:.1f}", f"{create:.2f}", f"{ours / create:.1f}x"]
            if "older" in med:
                row += [f"{med['older'][step]:.1f}", f"{ours / med['older'][step]:.3f}x"]
            rows.append(row)
        say(f"\nload {' '.join(load())}; sessions found by the new name (at most 100): "
            + ", ".join(f"{n} {m['sessions found by the new name (at most 100)']:.0f}" for n, m in med.items()))
        say(markdown_table(headers, rows))
        searches = ["search p95 before", f"search p95 after {STEPS[0][0]}", f"search p95 after {STEPS[0][0]}, settled"]
        headers = ["searches, both modes", "ours ms", "ours / before"] + (["older ms", "ours / older"] if "older" in med else [])
        rows = []
        for key in searches:
            ours = med["ours"][key]
            row = [key[len("search p95 "):], f"{ours:.1f}", f"{ours / med['ours'][searches[0]]:.2f}x"]
            if "older" in med:
                row += [f"{med['older'][key]:.1f}", f"{ours / med['older'][key]:.2f}x"]
            rows.append(row)
        say(markdown_table(headers, rows))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
