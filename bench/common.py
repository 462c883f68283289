"""What the benches share: the environment of a talkbar-cli process they start, a bare JSON-RPC
line peer for the MCP server, a database copied with its index marked as built under a tokeniser,
and printing as they go (a closing table in Markdown).

The benches run as scripts (`python bench/x.py`), so this folder is on `sys.path` and they import
it as `common`. (Not `mcp`: that is the SDK's name.)
"""

import json
import os
import re
import shutil
import statistics
import subprocess
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def pct(values, p):
    """The p-th percentile of these values (the nearest rank)."""
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def say(*parts):
    print(*parts, flush=True)


def markdown_table(headers, rows):
    """A table in Markdown, as the benches print their closing figures."""
    line = lambda cells: "| " + " | ".join(cells) + " |"  # noqa: E731
    return "\n".join([line(headers), line(["---"] * len(headers)), *map(line, rows)])


def first_call_table(title, ours, peer, ours_label="ours", peer_label="peer: built again whole"):
    """The closing table of a bench that times a first call and the next on two copies, each side's
    rounds as (first, next) seconds: their medians, and ours over the peer's."""
    (o_first, o_next), (p_first, p_next) = [(statistics.median(r[0] for r in rows), statistics.median(r[1] for r in rows))
                                            for rows in (ours, peer)]
    return markdown_table(
        [title, ours_label, peer_label, "ratio"],
        [["first call (holds the file)", f"{o_first:.2f} s", f"{p_first:.2f} s", f"{o_first / p_first:.3f}x"],
         ["the next call", f"{o_next:.2f} s", f"{p_next:.2f} s", f"{o_next / p_next:.2f}x"]])


DB_FILE = "talkbar.duckdb"


def copy_marked(source, root, tokeniser=None):
    """A copy of data root `source`'s database in a new folder `root`, its search index marked as built
    under tokeniser `tokeniser` if given (so that its first search upgrades or builds it again)."""
    root.mkdir(parents=True)
    shutil.copyfile(Path(source) / DB_FILE, root / DB_FILE)
    if tokeniser is not None:
        import duckdb
        con = duckdb.connect(str(root / DB_FILE))
        con.execute("UPDATE search_tokeniser SET version = ?", [tokeniser])
        con.close()


def load():
    """The load averages over 1, 5 and 15 minutes (`cat /proc/loadavg`), printed beside every figure."""
    return Path("/proc/loadavg").read_text().split()[:3] if Path("/proc/loadavg").exists() else ["?"]


def fts_match(query, mode):
    """The FTS5 MATCH expression the benches' peer searches with: each word of `query` quoted, ANDed
    (mode "all") or ORed."""
    return (" AND " if mode == "all" else " OR ").join(f'"{w}"' for w in re.findall(r"[^\W_]+", query))


def build_item_rows(con):
    """Beside FTS5 table `fts` (kind, item, body: a row per passage), `fts_items`: each item's passages
    as one row, in the same tokeniser, for the peer's all-words search (fts_all_words). Returns the
    seconds it took."""
    t0 = time.perf_counter()
    con.execute("DROP TABLE IF EXISTS fts_items")
    con.execute("CREATE VIRTUAL TABLE fts_items USING fts5(kind UNINDEXED, item UNINDEXED, body, "
                "tokenize = 'porter unicode61 remove_diacritics 2')")
    con.execute("INSERT INTO fts_items (kind, item, body) SELECT kind, item, group_concat(body, ' ') FROM fts "
                "GROUP BY kind, item")
    con.commit()
    return time.perf_counter() - t0


def fts_all_words(con, query, kind=None):
    """The peer's answer to the spec's all-words search (every word in the item, not in one passage):
    the items holding every word (fts_items, ANDed), each ranked by its best passage's bm25() for the
    words ORed over `fts`, the best 20 with that passage's snippet. A passage holding every word is
    what FTS5's AND over `fts` finds (fts_match), a narrower question: fewer queries find anything.
    Tried and slower: the items of each word's own MATCH over `fts` INTERSECTed (11.5 against 1.8 ms
    p50 at 60 k turns, 110 against 18 at 602 k); for at most 50 items holding every word, each one's
    best passage by a MATCH of its own rows (`fts` in item order, rowid BETWEEN its first and last:
    23.4 against 20.8 ms p50 at 602 k turns, the same answers)."""
    where = " AND kind = ?" if kind else ""
    extra = (kind,) if kind else ()
    held = [r[0] for r in con.execute(f"SELECT item FROM fts_items WHERE fts_items MATCH ?{where}",
                                      (fts_match(query, "all"), *extra))]
    if not held:
        return []
    marks = ",".join("?" * len(held))
    # r: the rowid of the passage min(s) came from (SQLite gives a bare column the row of the one min())
    best = con.execute(f"""
        WITH hit AS MATERIALIZED (SELECT item, bm25(fts) AS s, rowid AS r FROM fts WHERE fts MATCH ?{where})
        SELECT item, min(s), r FROM hit WHERE item IN ({marks}) GROUP BY item ORDER BY 2 LIMIT 20""",
                       (fts_match(query, "any"), *extra, *held)).fetchall()
    rows = [b[2] for b in best]
    snippets = dict(con.execute(f"SELECT rowid, snippet(fts, 2, '', '', '…', 12) FROM fts WHERE fts MATCH ? "
                                f"AND rowid IN ({','.join('?' * len(rows))})", (fts_match(query, "any"), *rows)))
    return [(item, score, snippets.get(r)) for item, score, r in best]


def contenders(mode, i):
    """Who runs a query in `mode`: ours and FTS5's AND or OR, and in mode all FTS5's answer per item
    too (fts_all_words, "fts5-items"), in an order that turns with `i` (the query's number)."""
    order = ("ours", "fts5") + (("fts5-items",) if mode == "all" else ())
    first = i % len(order)
    return order[first:] + order[:first]


def env_for(root=None, checkout=REPO, **extra):
    """A talkbar-cli process running `checkout`'s code on data root `root`: none of the caller's
    TALKBAR_* settings, and a policy file that does not exist (no administrator's policy)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TALKBAR_")}
    env["PYTHONPATH"] = str(checkout)
    if root is not None:
        env.update(TALKBAR_DATA_ROOT=str(root), TALKBAR_POLICY_FILE=str(Path(root) / "no-policy.json"))
    env.update({k: str(v) for k, v in extra.items()})
    return env


class Peer:
    """A process spoken to in JSON-RPC lines: `request` waits for the reply with its id."""

    def __init__(self, argv, env, cwd=None, stderr=None):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=True, bufsize=1,
                                     cwd=cwd, stderr=stderr)
        self.n = 0

    def request(self, method, params):
        self.n += 1
        self.proc.stdin.write(json.dumps({"jsonrpc": "2.0", "id": self.n, "method": method, "params": params}) + "\n")
        self.proc.stdin.flush()
        while True:
            reply = json.loads(self.proc.stdout.readline())
            if reply.get("id") == self.n:
                return reply

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()
