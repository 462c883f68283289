"""Many `notes.create` through `tools batch`, beside raw inserts and beside one `tools call` per note.

    python bench/batch.py [--counts 1000,100] [--rounds 3] [--calls 100]

Each way starts from its own copy of the same data root (the demo workspace) and runs as its own
process, so each pays a Python start and the opening of the file. Interleaved, round after round:

  batch   `talkbar-cli tools batch` of N notes.create (each call on its own, as the spec says)
  raw     one Python process inserting the same N notes with their search index entries (the item,
          its title and text passages, their postings from the same tokeniser, the collection
          counts) in one transaction, a few INSERTs per note, with DuckDB directly (the goal's peer)
  bulk    the same rows from one process in one transaction, but each table in one INSERT of all
          N notes (unnest of columns): the floor of what DuckDB can do
  calls   one `talkbar-cli tools call notes.create` process per note, measured on --calls notes
          and given per note (N such processes cost N times that)

Prints the wall time of each way, per note, and batch / raw, with the load average. Each way's
notes and index rows are counted afterwards, so all of them did the same work.

    python bench/batch.py --compare /path/to/an/older/checkout

also runs `tools batch` and `tools call` of that checkout (on a template it imported itself) in the
same rounds, so that before and after share the machine's load.
"""

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import common

REPO = Path(__file__).resolve().parent.parent
NOW_MS = 1_800_000_000_000


def notes(n):
    return [{"title": f"Follow-up {i}", "markdown": f"- Send the revised quote to Acme ({i})\n- Book the next call "
                                                    f"about the budget review"} for i in range(n)]


def env_for(root, checkout=REPO):
    return common.env_for(root, checkout, TALKBAR_NOW_MS=NOW_MS)


def fresh(template, where):
    if where.exists():
        shutil.rmtree(where)
    where.mkdir(parents=True)
    shutil.copy(template / "talkbar.duckdb", where / "talkbar.duckdb")
    return where


def wall(cmd, env, stdin=None, checkout=REPO):
    t0 = time.perf_counter()
    subprocess.run(cmd, env=env, input=stdin, check=True, capture_output=True, text=True, cwd=str(checkout))
    return time.perf_counter() - t0


def run_batch(root, n, checkout=REPO):
    calls = json.dumps([{"tool": "notes.create", "args": a} for a in notes(n)])
    return wall([sys.executable, "-m", "talkbar", "tools", "batch"], env_for(root, checkout), calls, checkout)


def run_calls(root, n, checkout=REPO):
    spent = 0.0
    for a in notes(n):
        spent += wall([sys.executable, "-m", "talkbar", "tools", "call", "notes.create", "--args", json.dumps(a)],
                      env_for(root, checkout), None, checkout)
    return spent


def make_template(where, checkout):
    where.mkdir()
    subprocess.run([sys.executable, "-m", "talkbar", "app", "import", "--demo"], env=env_for(where, checkout),
                   check=True, capture_output=True, cwd=str(checkout))
    return where


def run_raw(root, n, mode="rows"):
    return wall([sys.executable, str(Path(__file__).resolve()), "--raw", str(root / "talkbar.duckdb"), str(n), mode],
                env_for(root))


def run_bulk(root, n):
    return run_raw(root, n, "bulk")


def raw_insert(db_path, n, mode):
    """The peer: the notes and their index entries, inserted directly in one transaction."""
    sys.path.insert(0, str(REPO))
    import duckdb
    con = duckdb.connect(db_path)
    ws = con.execute("SELECT workspace_id FROM workspaces WHERE active").fetchone()[0]
    con.execute("BEGIN TRANSACTION")
    (bulk_rows if mode == "bulk" else note_rows)(con, ws, n)
    con.execute("COMMIT")
    con.close()


def index_entries(ws, a):
    from talkbar.search.keys import key
    from talkbar.search.text import doc_terms
    fields = [(0, "title", a["title"]), (1, "body", a["markdown"])]
    terms = [doc_terms(body) for _, _, body in fields]
    postings = [(key(ws, term), field, min(c, 32767), length)
                for (field, _, _), (counts, length) in zip(fields, terms) for term, c in counts.items()]
    return fields, [length for _, length in terms], postings


def bulk_rows(con, ws, n):
    from talkbar.ids import new_id
    ids = [new_id("note") for _ in range(n)]
    con.execute("INSERT INTO notes (workspace_id, note_id, title, markdown, created_at, updated_at) "
                "SELECT $ws, unnest($ids), unnest($t), unnest($m), $now, $now",
                {"ws": ws, "ids": ids, "t": [a["title"] for a in notes(n)], "m": [a["markdown"] for a in notes(n)],
                 "now": NOW_MS})
    items = dict(con.execute("INSERT INTO search_items SELECT nextval('search_item_seq'), $ws, 'note', unnest($ids) "
                             "RETURNING item_id, item_no", {"ws": ws, "ids": ids}).fetchall())
    entries = [index_entries(ws, a) for a in notes(n)]
    it, f, p, ln, tx = [], [], [], [], []
    for note_id, (fields, lengths, _) in zip(ids, entries):
        for (field, part, body), length in zip(fields, lengths):
            it.append(items[note_id]), f.append(field), p.append(part), ln.append(length), tx.append(body)
    docs = {(i, fl): d for d, i, fl in con.execute(
        "INSERT INTO search_docs SELECT nextval('search_doc_seq'), unnest($it), unnest($f), unnest($p), NULL, NULL, "
        "unnest($l), unnest($tx) RETURNING doc_no, item_no, field",
        {"it": it, "f": f, "p": p, "l": ln, "tx": tx}).fetchall()}
    cols = [[], [], [], [], [], []]
    for note_id, (_, _, postings) in zip(ids, entries):
        for k, field, tf, dl in postings:
            for col, v in zip(cols, (k, docs[(items[note_id], field)], items[note_id], field, tf, dl)):
                col.append(v)
    con.execute("INSERT INTO search_tail SELECT unnest($k), unnest($d), unnest($i), unnest($f), unnest($tf), "
                "unnest($dl)", dict(zip(("k", "d", "i", "f", "tf", "dl"), cols)))
    add_stats(con, ws, f, ln)


def note_rows(con, ws, n):
    from talkbar.ids import new_id
    added_fields, added_lens = [], []
    for a in notes(n):
        note_id = new_id("note")
        con.execute("INSERT INTO notes (workspace_id, note_id, title, markdown, created_at, updated_at) "
                    "VALUES ($ws, $id, $t, $m, $now, $now)",
                    {"ws": ws, "id": note_id, "t": a["title"], "m": a["markdown"], "now": NOW_MS})
        item = con.execute("INSERT INTO search_items SELECT nextval('search_item_seq'), $ws, 'note', $id "
                           "RETURNING item_no", {"ws": ws, "id": note_id}).fetchone()[0]
        fields, lengths, postings = index_entries(ws, a)
        docs = dict((f, d) for d, f in con.execute(
            "INSERT INTO search_docs SELECT nextval('search_doc_seq'), $item, unnest($f), unnest($p), NULL, NULL, "
            "unnest($l), unnest($tx) RETURNING doc_no, field",
            {"item": item, "f": [f for f, _, _ in fields], "p": [p for _, p, _ in fields], "l": lengths,
             "tx": [body for _, _, body in fields]}).fetchall())
        con.execute("INSERT INTO search_tail SELECT unnest($k), unnest($d), $item, unnest($f), unnest($tf), unnest($dl)",
                    {"k": [x[0] for x in postings], "d": [docs[x[1]] for x in postings], "item": item,
                     "f": [x[1] for x in postings], "tf": [x[2] for x in postings], "dl": [x[3] for x in postings]})
        added_fields += [f for f, _, _ in fields]
        added_lens += lengths
    add_stats(con, ws, added_fields, added_lens)


def add_stats(con, ws, fields, lengths):
    """BM25's counts, per field (search_stats: each field's passages and their total length)."""
    for field in sorted(set(fields)):
        con.execute("INSERT INTO search_stats VALUES ($ws, $f, $d, $l) ON CONFLICT DO UPDATE SET "
                    "n_docs = n_docs + excluded.n_docs, total_len = total_len + excluded.total_len",
                    {"ws": ws, "f": field, "d": fields.count(field),
                     "l": sum(n for f, n in zip(fields, lengths) if f == field)})


def counts(root):
    import duckdb
    con = duckdb.connect(str(root / "talkbar.duckdb"), read_only=True)
    row = con.execute("SELECT (SELECT count(*) FROM notes), (SELECT count(*) FROM search_items WHERE kind = 'note'), "
                      "(SELECT count(*) FROM search_docs d JOIN search_items i USING (item_no) WHERE i.kind = 'note'), "
                      "(SELECT sum(n_docs) FROM search_stats JOIN workspaces USING (workspace_id) WHERE active)").fetchone()
    con.close()
    return row


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--counts", default="1000,100")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--calls", type=int, default=100, help="notes created by one tools call each, per round")
    ap.add_argument("--compare", help="another checkout (e.g. before a change) measured in the same rounds")
    ap.add_argument("--raw", nargs=3, metavar=("DB", "N", "MODE"), help=argparse.SUPPRESS)
    opts = ap.parse_args()
    if opts.raw:
        raw_insert(opts.raw[0], int(opts.raw[1]), opts.raw[2])
        return
    work = Path(tempfile.mkdtemp(prefix="tb-batch-"))
    compare = Path(opts.compare).resolve() if opts.compare else None
    try:
        templates = {"ours": (make_template(work / "template", REPO), REPO)}
        if compare:
            templates["compare"] = (make_template(work / "template-compare", compare), compare)
        base = counts(templates["ours"][0])
        sizes = [int(x) for x in opts.counts.split(",")]
        ways = [(f"batch {name}", lambda root, n, c=checkout: run_batch(root, n, c), name)
                for name, (_, checkout) in templates.items()] + [("raw", run_raw, "ours"), ("bulk", run_bulk, "ours")]
        spent, per_call = {}, {}
        for _ in range(opts.rounds):
            for n in sizes:
                for way, fn, template in ways:
                    root = fresh(templates[template][0], work / "run")
                    spent.setdefault((way, n), []).append(fn(root, n))
                    got = counts(root)
                    if [g - b for g, b in zip(got, base)] != [n, n, 2 * n, 2 * n]:
                        raise SystemExit(f"{way} of {n}: notes, items, passages, counted passages = {got} from {base}")
            for name, (template, checkout) in templates.items():
                root = fresh(template, work / "run")
                per_call.setdefault(name, []).append(run_calls(root, opts.calls, checkout) / opts.calls)
        load = " ".join(common.load())
        med = lambda xs: sorted(xs)[len(xs) // 2]  # noqa: E731
        if compare:
            print(f"\ncompare = {compare}")
        print("\n| notes | checkout | tools batch s | per note ms | raw inserts s | per note ms | batch / raw | bulk s | "
              "batch / bulk | tools call per note ms | calls / batch | load |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        for n in sizes:
            r, k = med(spent[("raw", n)]), med(spent[("bulk", n)])
            for name in templates:
                b, call = med(spent[(f"batch {name}", n)]), med(per_call[name])
                print(f"| {n:,} | {name} | {b:.2f} | {b * 1000 / n:.2f} | {r:.2f} | {r * 1000 / n:.2f} | "
                      f"**{b / r:.2f}×** | {k:.2f} | {b / k:.2f}× | {call * 1000:.0f} | {call * n / b:.1f}× | {load} |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
