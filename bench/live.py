"""One live turn at two archive sizes, each beside its peer, all asked in turn: issue 15's "one live
turn through `app record` at 3 M+ turns: <= 5x an FTS5 insert + commit of the same turn, and no more
than at 600 k turns + 20%", measured in one run with the sizes and the peer interleaved, rather than
in two runs of bench/scale.py taken a quarter of an hour apart (its live turn at 2,000 x 300 and at
10,000 x 600 moved between 0.97x and 1.39x of each other over its runs, while FTS5's own insert +
commit moved between 0.86 and 1.21 ms at one size from one day to the next).

    python bench/live.py SMALL_ROOT SMALL_FIXTURE LARGE_ROOT LARGE_FIXTURE [--turns 100] [--rounds 5]

Each root is a data root that `app import` of its fixture (a bench/scale.py archive: 2,000 x 300 and
10,000 x 600 turns) made; its talkbar.duckdb is copied first (nothing is written to the roots given),
and an FTS5 file of the same turns is built from the fixture (bench/scale.py, build_fts). Then
--rounds rounds, the sizes taking turns to go first: at each size, a run of `app record` of one turn
and a run of --turns + 1 into the archive's latest session (a live turn: the medians' difference per
turn, bench/scale.py's measure), then --turns FTS5 inserts + commits into that size's file, each
timed (the peer, measured between our runs rather than after all of them). Last, at each size, the
floor under a live turn (bench/scale.py, write_floor: DuckDB's writes alone for its two steps,
against FTS5's insert + commit interleaved with them). Prints `cat /proc/loadavg` beside the figures;
ends with a Markdown table.
"""

import argparse
import shutil
import statistics
import time
from pathlib import Path

from common import load, say
from scale import (build_fts, copied_root, fts_body, fts_turn, latest_session, per_turn, record_run, row, table,
                   turns_file, work_folder, write_floor)

SIZES = ("small", "large")


def prepared(root, fixture, work, name):
    """A copy of `root`'s database under `work`, its latest session and an FTS5 file of `fixture`'s turns."""
    copy = copied_root(root, work, name)
    say(f"{name}: FTS5 file of {Path(fixture).name}   load {load()}")
    return copy, latest_session(copy), build_fts(Path(fixture), work / f"{name}-fts5.sqlite")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("small", help="data root of the smaller archive (2,000 x 300)")
    ap.add_argument("small_fixture", help="the fixture it was imported from")
    ap.add_argument("large", help="data root of the larger archive (10,000 x 600)")
    ap.add_argument("large_fixture", help="the fixture it was imported from")
    ap.add_argument("--turns", type=int, default=100, help="turns of the longer record run")
    ap.add_argument("--rounds", type=int, default=5, help="rounds of runs at both sizes")
    ap.add_argument("--cache", default="/tmp/talkbar-scale", help="where the copies are made")
    a = ap.parse_args(argv)
    work = work_folder(a.cache, "live")
    fts = {}
    try:
        given = {"small": (a.small, a.small_fixture), "large": (a.large, a.large_fixture)}
        copies, sids = {}, {}
        for name in SIZES:
            copies[name], sids[name], fts[name] = prepared(*given[name], work, name)
        n = a.turns
        runs = {name: {1: [], n + 1: []} for name in SIZES}
        peer = {name: [] for name in SIZES}
        say(f"{a.rounds} rounds   load {load()}")
        for rnd in range(a.rounds):
            for name in (SIZES if rnd % 2 == 0 else SIZES[::-1]):
                for k in runs[name]:
                    runs[name][k].append(record_run(copies[name], sids[name], turns_file(work, k, f"{name}-{rnd}")))
                for i in range(n):
                    t = time.perf_counter()
                    fts_turn(fts[name], sids[name], fts_body(i))
                    peer[name].append((time.perf_counter() - t) * 1000)
            say(f"  round {rnd + 1}   load {load()}")
        ours = {name: per_turn(runs[name], n) for name in SIZES}
        theirs = {name: statistics.median(peer[name]) for name in SIZES}
        for name in SIZES[::-1]:
            row(f"one live turn through app record at {name} (peer: FTS5 INSERT + COMMIT at that size, between our "
                f"runs)", ours[name], theirs[name], "ms", "<= 5x" if name == "large" else "")
        row("one live turn through app record, large against small", ours["large"], ours["small"], "ms", "<= 1.2x")
        row("FTS5 INSERT + COMMIT, large against small (the peer's own growth)", theirs["large"], theirs["small"], "ms")
        for name in SIZES:
            say(f"\nthe floor at {name}   load {load()}")
            write_floor(copies[name], fts[name], n, theirs[name], f" at {name}")
    finally:
        for con in fts.values():
            con.close()
        shutil.rmtree(work, ignore_errors=True)
    table(f"small {a.small}, large {a.large}", "large or ours", "small or peer")


if __name__ == "__main__":
    main()
