"""The first call after migration 1240: the search index checked against the items and mended where
it differs, against the whole index built again (the other way to mend it).

    flock /tmp/talkbar-heavy.lock python bench/check.py --root DATA_ROOT --renamed 100

An archive indexed by an older version may hold passages its items no longer say: a write that came
while another thread loaded the write hooks, and every speaker renamed, linked or unlinked (their
turns' passages kept the old name). Migration 1240 asks for each indexed workspace to be checked at
its first search or write (talkbar/search/check.py). Two copies of the database, each with
`--renamed` sessions' first named speaker renamed in the file (as an older version's rename left
them: the passages stale): one asks for the check, the peer is marked as built under tokeniser 1 and
so built again whole. In each, a fresh `talkbar-cli search` for the new name (the first call, which
checks or builds, holding the file) and the same search again, the copies' calls interleaved,
`--rounds` times on fresh copies. The root's index must be under today's tokeniser (one search with
this code upgrades it), so that the check's copy has nothing else to do.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import DB_FILE, copy_marked, env_for, first_call_table, load, say

NAME = "Quetzalcoatl Renamed"


def stale_names(root, sessions, check):
    """`sessions` sessions' first named speaker renamed in the file, their passages left as they were;
    and (`check`) the check asked for, as migration 1240 asks (a file from before it asks when opened)."""
    import duckdb
    con = duckdb.connect(str(Path(root) / DB_FILE))
    renamed = con.execute(
        "UPDATE session_participants SET name = $name WHERE (session_id, speaker_id) IN ("
        " SELECT session_id, min(speaker_id) FROM session_participants WHERE name IS NOT NULL AND spoke AND session_id IN ("
        "  SELECT session_id FROM sessions ORDER BY session_no LIMIT $n) GROUP BY session_id)"
        " RETURNING session_id", {"name": NAME, "n": sessions}).fetchall()
    tables = {t for (t,) in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()}
    if check and "search_checks" in tables:
        con.execute("INSERT INTO search_checks SELECT DISTINCT workspace_id FROM search_stats ON CONFLICT DO NOTHING")
    con.close()
    return len(renamed)


def timed_search(root):
    """Seconds for a fresh `talkbar-cli search` on `root`, what its first call said it did, and the
    sessions found."""
    started = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "talkbar", "-v", "search", "--match", "all", "--kinds", "session",
                          "--limit", "100", "--output", "json", *NAME.split()],
                         env=env_for(root), capture_output=True, text=True, check=True)
    took = time.perf_counter() - started
    events = [json.loads(line) for line in out.stderr.splitlines() if line.startswith("{")]
    did = [e for e in events if e["event"] in ("search.checked", "search.reindexed")]
    found = {m["id"] for m in json.loads(out.stdout)["matches"]}
    return took, did, found


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", required=True, help="a data root whose index is under today's tokeniser (copied)")
    ap.add_argument("--renamed", type=int, default=100, choices=range(1, 101), metavar="1..100",
                    help="sessions whose first speaker is renamed in the file (a search shows 100 at most)")
    ap.add_argument("--rounds", type=int, default=2)
    a = ap.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from talkbar.search import text
    import duckdb
    con = duckdb.connect(str(Path(a.root) / DB_FILE), read_only=True)
    versions = {v for (v,) in con.execute("SELECT version FROM search_tokeniser").fetchall()}
    con.close()
    if versions != {text.TOKENISER}:
        sys.exit(f"{a.root}: its index is built under tokeniser {sorted(versions)}, not {text.TOKENISER}: "
                 "one search with this code upgrades it first")
    work = Path(tempfile.mkdtemp(prefix="talkbar-bench-check-"))
    try:
        results = {"check": [], "whole": []}
        for r in range(a.rounds):
            for name in (("check", "whole") if r % 2 == 0 else ("whole", "check")):
                root = work / f"{name}-{r}"
                copy_marked(a.root, root, None if name == "check" else 1)
                renamed = stale_names(root, a.renamed, check=name == "check")
                os.sync()
                first, did, found = timed_search(root)
                again, none, found_again = timed_search(root)
                assert len(did) == 1 and none == [] and found == found_again and len(found) == renamed, \
                    (did, none, len(found), renamed)
                if name == "check":       # the renamed speakers' passages, and nothing else
                    assert did[0]["event"] == "search.checked" and did[0]["itemsGone"] == 0
                    assert did[0]["removed"] == did[0]["written"] > 0, did[0]
                    what = f"{did[0]['written']:,} passages written again"
                else:
                    assert did[0]["event"] == "search.reindexed" and "passages" not in did[0], did[0]
                    what = "built whole"
                results[name].append((first, again))
                say(f"round {r + 1} {name:6s} first call {first:7.2f} s ({what}), the next {again:.2f} s, "
                    f"{len(found)} sessions found by the new name   load {load()}")
                shutil.rmtree(root)
        say("\n" + first_call_table(f"{renamed} sessions' speaker renamed (median of {a.rounds})", results["check"],
                                    results["whole"], ours_label="checked") + f"\nload {load()}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
