"""Import cost of a large generated workspace, against reading the same JSON in the same run.

    python bench/import.py [--sessions 2000] [--turns 300]

Generates the fixture with fixtures/generate.py, then times `talkbar-cli app import` into a fresh
data root and, as the peer, a plain `json.load` of the same file in a fresh Python process (the
floor any importer pays). Prints both, the ratio, and the database size against the JSON's.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def timed(argv, env=None):
    t = time.perf_counter()
    subprocess.run(argv, check=True, env=env, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sessions", type=int, default=2000)
    ap.add_argument("--turns", type=int, default=300)
    a = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="talkbar-bench-import-"))
    try:
        fixture = work / "big.json"
        with open(fixture, "w") as f:
            subprocess.run([sys.executable, str(REPO / "fixtures" / "generate.py"), "--sessions", str(a.sessions),
                            "--turns", str(a.turns)], check=True, stdout=f)
        env = {k: v for k, v in os.environ.items() if not k.startswith("TALKBAR_")}
        env.update({"TALKBAR_DATA_ROOT": str(work / "root"), "TALKBAR_POLICY_FILE": str(work / "none.json"),
                    "PYTHONPATH": str(REPO)})
        peer = timed([sys.executable, "-c", f"import json; json.load(open({str(fixture)!r}, encoding='utf-8'))"])
        ours = timed([sys.executable, "-m", "talkbar", "app", "import", str(fixture)], env)
        db = work / "root" / "talkbar.duckdb"
        size, json_size = db.stat().st_size, fixture.stat().st_size
        print(f"{a.sessions} sessions x {a.turns} turns: fixture {json_size / 1e6:.1f} MB")
        print(f"app import            {ours:7.2f} s")
        print(f"json.load (peer)      {peer:7.2f} s   -> import is {ours / peer:.1f}x the peer")
        print(f"database              {size / 1e6:.1f} MB -> {size / json_size:.2f}x the JSON")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
