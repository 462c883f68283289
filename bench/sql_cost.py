"""Instructions per execution of SQL queries, counted by valgrind: a measure that the other work on
a shared machine does not move, for choosing between two forms of a query.

    python bench/sql_cost.py DB '{"workspace_id": "ws-bench", "session_id": "ses-…"}' sessions.stats other.sql …

Each query is a name under sql/ (sessions.stats) or a file holding one statement; parameters are
bound by name from the JSON object. Each runs twice to warm up, then ten times under callgrind
(only those ten are counted: --toggle-collect on the loop's functools.reduce). DuckDB runs with one
thread, so that the count is the query's own work. Needs valgrind; a run takes about a minute.
"""

import functools
import json
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
RUNS = 10


def query_text(name):
    path = Path(name)
    if path.suffix == ".sql" and path.exists():
        return path.read_text(encoding="utf-8")
    sys.path.insert(0, str(REPO))
    from talkbar import sqlfiles
    return sqlfiles.get(name).text


def run_counted(db, params, name):
    """Inside valgrind: warm up, then the counted runs."""
    import duckdb
    con = duckdb.connect(db, read_only=True)
    con.execute("SET threads = 1")
    con.execute("SET enable_progress_bar = false")
    text = query_text(name)
    bound = {k: v for k, v in params.items() if k in set(re.findall(r"\$([a-z_][a-z0-9_]*)", text))}
    for _ in range(2):
        con.execute(text, bound).fetchall()
    functools.reduce(lambda _a, _b: con.execute(text, bound).fetchall(), range(RUNS), None)


def main():
    if sys.argv[1] == "--counted":
        run_counted(sys.argv[2], json.loads(sys.argv[3]), sys.argv[4])
        return
    db, params, names = sys.argv[1], sys.argv[2], sys.argv[3:]
    for name in names:
        out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                              "--toggle-collect=*functools_reduce*", sys.executable, __file__, "--counted", db,
                              params, name], capture_output=True, text=True)
        found = re.search(r"Collected : (\d+)", out.stderr)
        if out.returncode != 0 or not found:
            raise SystemExit(f"{name}: {out.stderr.strip().splitlines()[-1] if out.stderr.strip() else 'failed'}")
        print(f"{int(found.group(1)) / RUNS / 1e6:8.2f} M instructions  {name}", flush=True)


if __name__ == "__main__":
    main()
