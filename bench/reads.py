"""Every read operation's golden cases asked of a large archive, through the engine, beside an older
checkout in the same rounds: what grows with the archive.

    python bench/reads.py --root /path/to/a/data/root [--compare /path/to/an/older/checkout] [--grow N]

The golden cases (tests/golden/<op>/<case>.json: those that succeed on the demo with no setup) name
the demo's ids. Each id is swapped for one of the same table and column in the root's largest
workspace (a session: its session with the most turns), so that each case asks the same kind of
question of the archive. A call that now fails (an id the swap could not make fit) is timed too
and marked. Each checkout answers in a worker process of its own, on its own copy of the root (the
same bytes, migrated by its own code), holding its lease; the calls go to the two in turn, call by
call, each round in the other order. Prints the p50 of each case, slowest first, with ours / the
older checkout's, and the load.
"""

import argparse
import csv
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import common
from common import say

REPO = common.REPO
DB = "talkbar.duckdb"


def golden_reads():
    """(operation, case name, args) of every read case that succeeds on the demo with no setup."""
    spec = REPO.parent / "shared" / "spec" / "operations.tsv"
    with open(spec, encoding="utf-8") as f:
        reads = [r["operation"] for r in csv.DictReader(f, delimiter="\t") if r["kind"] == "read"]
    for op in reads:
        for case in sorted((REPO / "tests" / "golden" / op).glob("*.json")):
            doc = json.loads(case.read_text(encoding="utf-8"))
            if "expect" in doc and not doc.get("setup") and doc.get("fixture", "demo") == "demo" and not doc.get("app"):
                yield op, case.stem, doc.get("args", {})


def id_columns(path):
    """{value: (table, column)} of every id (a VARCHAR column named *_id) of a database file."""
    import duckdb
    con = duckdb.connect(str(path), read_only=True)
    try:
        out = {}   # the first table that holds a value names it (an id is one thing's, referred to elsewhere;
                   # tables derived from others, whose names an older archive may lack, are not asked)
        for table, column in con.execute(
                "SELECT table_name, column_name FROM information_schema.columns WHERE data_type = 'VARCHAR' "
                "AND column_name LIKE '%\\_id' ESCAPE '\\' AND table_schema = 'main' AND table_name NOT LIKE 'search%' "
                "AND table_name NOT LIKE '%\\_facts' ESCAPE '\\'"   # kept text (talkbar/kept_text.py): of an item named elsewhere
        ).fetchall():
            for (value,) in con.execute(f'SELECT DISTINCT "{column}" FROM "{table}" WHERE "{column}" IS NOT NULL').fetchall():
                out.setdefault(value, (table, column))
        return out
    finally:
        con.close()


class Swap:
    """Ids of the demo swapped for ids of the same column in the archive, each the same every time."""

    def __init__(self, demo_ids, archive):
        import duckdb
        self.demo_ids, self.picked = demo_ids, {}
        self.con = duckdb.connect(str(archive), read_only=True)
        self.workspace = self.con.execute("SELECT workspace_id FROM sessions GROUP BY 1 ORDER BY count(*) DESC "
                                          "LIMIT 1").fetchone()[0]
        self.session = self.con.execute(
            "SELECT s.session_id FROM sessions s JOIN turns t ON t.session_no = s.session_no "
            "WHERE s.workspace_id = $ws GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1", {"ws": self.workspace}).fetchone()[0]
        self.rng = random.Random(7)

    def __call__(self, value):
        if isinstance(value, dict):
            return {k: self(v) for k, v in value.items()}
        if isinstance(value, list):
            return [self(v) for v in value]
        if not isinstance(value, str) or value not in self.demo_ids:
            return value
        if value not in self.picked:
            table, column = self.demo_ids[value]
            if column == "session_id":
                self.picked[value] = self.session
            elif column == "workspace_id":
                self.picked[value] = self.workspace
            else:
                rows = [r[0] for r in self.con.execute(f'SELECT DISTINCT "{column}" FROM "{table}" '
                                                       f'WHERE "{column}" IS NOT NULL ORDER BY 1 LIMIT 1000').fetchall()]
                self.picked[value] = self.rng.choice(rows) if rows else value
        return self.picked[value]


# the kept text of talkbar/kept_text.py: (facts table, its items' table, their key)
KEPT_TEXT = [("chat_facts", "chats", "chat_id"), ("suggestion_facts", "suggestions", "suggestion_id"),
             ("card_facts", "knowledge_cards", "memory_id"), ("action_item_facts", "action_items", "item_id")]


def grow(path, demo, workspace, times):
    """Give `workspace` of the database at `path` the demo's chats, knowledge cards, suggestions and
    action items (with their assignees and sources) `times` over (new ids, moments one ms apart) and
    an automatic export batch per session."""
    import duckdb
    con = duckdb.connect(str(path))
    try:
        con.execute(f"ATTACH '{demo}' AS demo (READ_ONLY)")
        ws = {"ws": workspace, "n": times}
        con.execute("INSERT INTO chats SELECT c.* REPLACE ($ws AS workspace_id, c.chat_id || '-' || i AS chat_id, "
                    "NULL AS project_id, c.created_at + i AS created_at) FROM demo.chats c, range($n) r(i)", ws)
        con.execute("INSERT INTO chat_messages SELECT m.* REPLACE (m.chat_id || '-' || i AS chat_id, "
                    "m.created_at + i AS created_at) FROM demo.chat_messages m, range($n) r(i)", {"n": times})
        con.execute("INSERT INTO knowledge_cards SELECT k.* REPLACE ($ws AS workspace_id, k.memory_id || '-' || i "
                    "AS memory_id, NULL AS project_id, NULL AS contact_id, NULL AS organization_id, NULL AS session_id, "
                    "k.created_at + i AS created_at) FROM demo.knowledge_cards k, range($n) r(i)", ws)
        con.execute("INSERT INTO suggestions SELECT g.* REPLACE ($ws AS workspace_id, g.suggestion_id || '-' || i "
                    "AS suggestion_id, NULL AS project_id, NULL AS session_id, NULL AS document_id, NULL AS target_id, "
                    "NULL AS applied_card_id, g.created_at + i AS created_at) FROM demo.suggestions g, range($n) r(i)", ws)
        con.execute("INSERT INTO action_items SELECT a.* REPLACE ($ws AS workspace_id, a.item_id || '-' || i AS item_id, "
                    "NULL AS label_id, NULL AS session_id, NULL AS project_id, NULL AS anchor_turn_id, "
                    "NULL AS anchor_chunk_id, NULL AS anchor_point_id, a.created_at + i AS created_at) "
                    "FROM demo.action_items a, range($n) r(i)", ws)
        con.execute("INSERT INTO action_item_assignees SELECT x.* REPLACE (x.item_id || '-' || i AS item_id, "
                    "NULL AS contact_id) FROM demo.action_item_assignees x, range($n) r(i)", {"n": times})
        con.execute("INSERT INTO action_item_sources SELECT x.* REPLACE (x.item_id || '-' || i AS item_id, "
                    "NULL AS turn_id) FROM demo.action_item_sources x, range($n) r(i)", {"n": times})
        for facts, source, key in KEPT_TEXT:     # a root migrated already keeps its items' text: the grown ones' too
            if con.execute("SELECT count(*) FROM duckdb_tables() WHERE table_name = $t "
                           "AND database_name = current_database()", {"t": facts}).fetchone()[0]:
                con.execute(f"INSERT OR REPLACE INTO {facts} SELECT * FROM {facts}_of((SELECT list({key}) FROM {source}))")
        con.execute("INSERT INTO export_batches (workspace_id, batch_id, automatic, created_at_ms, updated_at_ms) "
                    "SELECT $ws, 'batch-' || session_id, true, started_at_ms, started_at_ms FROM sessions "
                    "WHERE workspace_id = $ws", {"ws": workspace})
        con.execute("INSERT INTO export_deliveries (workspace_id, delivery_id, batch_id, session_id, destination_id, "
                    "status, location, created_at_ms, updated_at_ms, ord) SELECT $ws, 'delivery-' || session_id, "
                    "'batch-' || session_id, session_id, 'dest-grown', 'exported', '/exports/' || session_id || '.md', "
                    "started_at_ms, started_at_ms, 0 FROM sessions WHERE workspace_id = $ws", {"ws": workspace})
        con.execute("CHECKPOINT")
    finally:
        con.close()


def serve(checkout, db_path):
    """The worker: one engine on `db_path` holding its lease; a JSON line per call in, its time out."""
    sys.path.insert(0, checkout)
    from talkbar.db import Database
    from talkbar.engine import CLI, Engine
    db = Database(Path(db_path), create=False, idle_s=3600)
    engine = Engine(db, CLI)
    # The copy is migrated by this checkout's code and closed before the rounds, so that its reads
    # do not go through migration writes still in the WAL: a newer checkout, with more migrations,
    # read sessions.get 1.21x slower that way, 1.01-1.07x on files closed first.
    engine.call("workspace.list", {})
    db.release_now()
    with db.holding():
        for line in sys.stdin:
            req = json.loads(line)
            t0 = time.perf_counter()
            try:
                engine.call(req["op"], req["args"])
                failed = None
            except Exception as err:   # an answer in the spec's envelope, or not: timed all the same
                failed = getattr(err, "code", type(err).__name__)
            print(json.dumps({"ms": (time.perf_counter() - t0) * 1000, "failed": failed}), flush=True)
    db.release_now()


class Worker:
    def __init__(self, checkout, db_path):
        self.proc = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--worker", str(checkout),
                                      str(db_path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                     env=common.env_for(Path(db_path).parent, checkout))

    def call(self, op, args):
        self.proc.stdin.write(json.dumps({"op": op, "args": args}) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


def demo_database(workdir):
    root = workdir / "demo"
    shutil.rmtree(root, ignore_errors=True)     # a --workdir used before
    subprocess.run([sys.executable, "-m", "talkbar", "app", "import", str(REPO / "fixtures" / "demo.json")],
                   check=True, stdout=subprocess.DEVNULL, env=common.env_for(root), cwd=str(REPO))
    return root / DB


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", help="a data root holding a large archive (e.g. bench/scale.py's)")
    ap.add_argument("--compare", help="an older checkout, asked the same in the same rounds")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--top", type=int, default=30, help="the slowest cases printed")
    ap.add_argument("--workdir", help="where the copies go (default: a temporary folder, removed after)")
    ap.add_argument("--grow", type=int, default=0, help="the demo's chats, cards, suggestions and action items this "
                    "many times over, and an export batch per session (above)")
    ap.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    opts = ap.parse_args()
    if opts.worker:
        serve(*opts.worker)
        return
    if not opts.root:
        ap.error("--root is required")
    workdir = Path(opts.workdir or tempfile.mkdtemp(prefix="tb-reads-"))
    try:
        source, demo = Path(opts.root) / DB, demo_database(workdir)
        if opts.grow:
            workspace = Swap({}, source)
            workspace.con.close()
            (workdir / "grown").mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, workdir / "grown" / DB)
            source = workdir / "grown" / DB
            grow(source, demo, workspace.workspace, opts.grow)
        swap = Swap(id_columns(demo), source)
        cases = [(op, name, swap(args)) for op, name, args in golden_reads()]
        swap.con.close()
        checkouts = {"ours": REPO, **({"compare": Path(opts.compare).resolve()} if opts.compare else {})}
        workers = {}
        for name, checkout in checkouts.items():
            (workdir / name).mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, workdir / name / DB)
            workers[name] = Worker(checkout, workdir / name / DB)
        say(f"{len(cases)} cases, {opts.rounds} rounds after one to warm, on {source} (workspace {swap.workspace}, "
            f"session {swap.session})")
        times, failed = {}, {}
        for r in range(opts.rounds + 1):
            order = list(workers.items()) if r % 2 == 0 else list(reversed(workers.items()))
            for i, (op, _name, args) in enumerate(cases):
                for name, worker in order:
                    out = worker.call(op, args)
                    if r:
                        times.setdefault((i, name), []).append(out["ms"])
                    failed[(i, name)] = out["failed"]
        for worker in workers.values():
            worker.close()
        load = " ".join(common.load())
        rows = sorted(((statistics.median(times[(i, "ours")]), i) for i in range(len(cases))), reverse=True)
        head = "| operation | case | ours p50 ms |" + (" older p50 ms | ours / older |" if "compare" in workers else "")
        say(f"\nload {load}\n\n{head}")
        say("|" + " --- |" * (head.count("|") - 1))
        for ms, i in rows[:opts.top]:
            op, name, _ = cases[i]
            mark = f" ({failed[(i, 'ours')]})" if failed[(i, "ours")] else ""
            cells = f"| `{op}` | {name}{mark} | {ms:.2f} |"
            if "compare" in workers:
                older = statistics.median(times[(i, "compare")])
                cells += f" {older:.2f} | {ms / older:.2f}x |"
            say(cells)
    finally:
        if not opts.workdir:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
