"""The first call after an upgrade that changed the search tokeniser: what changed indexed again,
against the whole index built again.

    flock /tmp/talkbar-heavy.lock python bench/upgrade.py --root DATA_ROOT       # its index under tokeniser 2
    python bench/upgrade.py --fixture bench-2000x300.json --greek 0.01         # 1% of the turns in Greek

Tokeniser 3 stems Greek words (talkbar/search/text.py); an index built under 2 has only its passages
holding a Greek letter indexed again (index.upgrade), as edits are, and from index.UPGRADE_SHARE of
them on it is built again whole, as every tokeniser change did until tokeniser 3. Two copies of the
database: one as tokeniser 2 left it, the upgrade's; one marked as built under tokeniser 1, the peer,
which is built again whole. In each, a fresh `talkbar-cli search` (the first call, which upgrades,
holding the file meanwhile: another process's calls wait) and then the same search again (a call
with nothing to upgrade), each copy's calls interleaved with the other's, `--rounds` times on fresh
copies. With --fixture, the archive is first imported under tokeniser 2 (this code with its number
set back) with `--greek` of its turns given a Greek sentence, so that the upgrade has passages to
index again.
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

REPO = Path(__file__).resolve().parent.parent
GREEK = ["Οι αποφάσεις της ομάδας για τον προϋπολογισμό", "Συζητήσαμε τις επόμενες συναντήσεις με τον πελάτη",
         "Η ανανέωση της σύμβασης καθυστερεί", "Τα έργα του τριμήνου προχωρούν κανονικά"]
UNDER_2 = ("import sys; from talkbar.search import text; text.TOKENISER = 2; "
           "sys.argv = ['talkbar-cli'] + sys.argv[1:]; from talkbar.cli.main import main; main()")


def with_greek(fixture, share, out):
    """`fixture` with `share` of its turns (every 1/share-th) ending in a Greek sentence."""
    doc = json.loads(Path(fixture).read_text(encoding="utf-8"))
    every, n, changed = max(1, round(1 / share)), 0, 0
    for ws in doc["workspaces"]:
        for s in ws.get("sessions", []):
            for t in s.get("turns", []):
                n += 1
                if n % every == 0:
                    t["text"] = f"{t['text']} {GREEK[changed % len(GREEK)]}"
                    changed += 1
    Path(out).write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return changed, n


def import_under_2(fixture, root):
    root.mkdir(parents=True)
    subprocess.run([sys.executable, "-c", UNDER_2, "app", "import", str(fixture)], env=env_for(root), check=True,
                   stdout=subprocess.DEVNULL)


def timed_search(root, query):
    """Seconds for a fresh `talkbar-cli search` on `root`, and what the first call said it did."""
    env = env_for(root)
    started = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "talkbar", "-v", "search", "--match", "any", "--output", "json",
                          *query.split()], env=env, capture_output=True, text=True, check=True)
    took = time.perf_counter() - started
    events = [json.loads(line) for line in out.stderr.splitlines() if line.startswith("{")]
    reindexed = [e for e in events if e["event"] == "search.reindexed"]
    return took, (reindexed[0] if reindexed else None), len(json.loads(out.stdout)["matches"])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--root", help="a data root whose index was built under tokeniser 2 (copied)")
    src.add_argument("--fixture", help="a fixture to import under tokeniser 2 first")
    ap.add_argument("--greek", type=float, default=0.0, help="with --fixture: the share of turns given Greek")
    ap.add_argument("--query", default="budget review")
    ap.add_argument("--rounds", type=int, default=2)
    a = ap.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="talkbar-bench-upgrade-"))
    try:
        source = Path(a.root) if a.root else work / "source"
        if a.fixture:
            fixture = a.fixture
            if a.greek:
                fixture = work / "greek.json"
                changed, n = with_greek(a.fixture, a.greek, fixture)
                say(f"{changed:,} of {n:,} turns given a Greek sentence")
            started = time.perf_counter()
            import_under_2(fixture, source)
            say(f"imported under tokeniser 2 in {time.perf_counter() - started:.1f} s")
        import duckdb
        con = duckdb.connect(str(source / DB_FILE), read_only=True)
        versions = {v for (v,) in con.execute("SELECT version FROM search_tokeniser").fetchall()}
        con.close()
        if versions != {2}:
            sys.exit(f"{source / DB_FILE}: its index is built under tokeniser {sorted(versions)}, not 2: "
                     "nothing for tokeniser 3 to upgrade")
        results = {"upgrade": [], "whole": []}
        for r in range(a.rounds):
            order = ("upgrade", "whole") if r % 2 == 0 else ("whole", "upgrade")
            for name in order:
                root = work / f"{name}-{r}"
                copy_marked(source, root, None if name == "upgrade" else 1)
                os.sync()
                first, event, found = timed_search(root, a.query)
                again, none, found_again = timed_search(root, a.query)
                # the upgrade's copy upgraded from 2 (counting its passages), the peer's was built whole from 1
                assert event is not None and event["tokeniser"] == [2 if name == "upgrade" else 1, 3], event
                assert none is None and found == found_again, (none, found, found_again)
                results[name].append((first, again, found, event))
                did = f"{event['passages']:,} passages again" if "passages" in event else "built whole"
                say(f"round {r + 1} {name:8s} first call {first:7.2f} s ({did}), the next {again:.2f} s, "
                    f"{found} matches   load {load()}")
                shutil.rmtree(root)
        assert {f for *_x, f, _e in results["upgrade"]} == {f for *_x, f, _e in results["whole"]}
        say("\n" + first_call_table(f"the first search after the upgrade (median of {a.rounds})",
                                    [r[:2] for r in results["upgrade"]], [r[:2] for r in results["whole"]])
            + f"\nload {load()}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
