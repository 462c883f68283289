"""The search tail at two archive sizes, asked in turn: issue 15's "search p95 at 6 M turns <= 2x its
p95 at 600 k turns", measured with the two sizes interleaved rather than in two runs of
bench/scale.py taken a quarter of an hour apart (the machine's own speed moved FTS5's all-words p50
from 1.28 to 1.87 ms between two such runs at 600 k turns, and ours with it).

    python bench/tail.py SMALL_ROOT LARGE_ROOT [--rounds 3] [--edits 6]

Each root is a data root that `app import` of a bench/scale.py archive made (2,000 x 300 and
10,000 x 600 turns; only its talkbar.duckdb is read), copied first: nothing is written to the
roots given. Each gets what bench/scale.py's tail meets: a warm server through MCP (`serve`,
talkbar_read), the same 200 queries drawn from its own turns (bench/scale.py, draw_queries), and
--edits imported notes renamed before (their old titles' words marked in the term lists until the
next compaction). Then a round asking each query once on each server (the first time its lists are
read, timed on rows of its own), and --rounds rounds in which each query of one size is followed by
the same-numbered query of the other, both modes. Prints the p50 and p95 of each size, the ratio
of the large to the small, and `cat /proc/loadavg`; ends with a Markdown table.
"""

import argparse
import shutil
import statistics

from common import load, pct, say
from scale import Server, cli, copied_root, draw_queries, meeting_marks, old_notes, row, table, work_folder


def prepared(root, work, name, edits):
    """A copy of `root`'s database under `work`, MCP access on, its server, its queries, and the
    old titles of the notes renamed through it."""
    copy = copied_root(root, work, name)
    cli(copy, "app", "access", "mcp", "on")
    cli(copy, "app", "access", "all", "on")
    queries = draw_queries(copy, 200, 7)
    renamed = old_notes(copy, edits)
    server = Server(copy, work / f"{name}.log")
    server.rename(renamed)
    return server, queries, renamed


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("small", help="data root of the smaller archive (2,000 x 300)")
    ap.add_argument("large", help="data root of the larger archive (10,000 x 600)")
    ap.add_argument("--rounds", type=int, default=3, help="interleaved rounds of every query in both modes")
    ap.add_argument("--edits", type=int, default=6, help="imported notes renamed through each server first")
    ap.add_argument("--cache", default="/tmp/talkbar-scale", help="where the copies are made")
    a = ap.parse_args(argv)
    work = work_folder(a.cache, "tail")
    servers = {}
    try:
        say(f"copies and servers   load {load()}")
        sizes = {"small": a.small, "large": a.large}
        for name, root in sizes.items():
            servers[name] = prepared(root, work, name, a.edits)
        for mode in ("all", "any"):
            for name, (_server, queries, renamed) in servers.items():
                say(f"  {name}: {meeting_marks(queries, [t for _n, t in renamed], mode)} of the {len(queries)} "
                    f"{mode}-words queries hold a word of the {len(renamed)} renamed notes' old titles")
        first = {(name, mode): [s.search(q, mode) for q in queries]
                 for mode in ("all", "any") for name, (s, queries, _r) in servers.items()}
        say(f"  first round done   load {load()}")
        took = {(name, mode): [] for name in servers for mode in ("all", "any")}
        for rnd in range(a.rounds):
            for mode in ("all", "any"):
                order = list(servers) if rnd % 2 == 0 else list(servers)[::-1]
                for i in range(len(servers["small"][1])):
                    for name in order:
                        server, queries, _r = servers[name]
                        took[(name, mode)].append(server.search(queries[i], mode))
            say(f"  round {rnd + 1}/{a.rounds} done   load {load()}")
        for mode in ("all", "any"):
            small, large = took[("small", mode)], took[("large", mode)]
            row(f"search {mode} p95, large against small, interleaved ({len(small)} searches each)", pct(large, 95),
                pct(small, 95), "ms", "<= 2x")
            row(f"search {mode} p50, large against small, interleaved", statistics.median(large),
                statistics.median(small), "ms", "")
            row(f"search {mode} p95, the first round: each query asked once, large against small",
                pct(first[("large", mode)], 95), pct(first[("small", mode)], 95), "ms", "")
    finally:
        for server, _q, _r in servers.values():
            server.close()
        shutil.rmtree(work, ignore_errors=True)
    table(f"small {a.small}, large {a.large}", "large", "small")


if __name__ == "__main__":
    main()
