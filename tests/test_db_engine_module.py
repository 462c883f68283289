"""talkbar/db.py opens DuckDB through its compiled engine module (`_duckdb`), not the `duckdb`
package, whose Python layers cost every CLI process ~65 ms of imports it never uses (duckdb_engine()).
These tests hold the two assumptions that rest on: the package re-exports the very objects the
code uses from the engine module, and no face of the product loads the package after all."""

import json
import subprocess
import sys

from tests.conftest import REPO, base_env

USED = ("connect", "DuckDBPyConnection", "Error", "IOException", "CatalogException")


def test_the_package_reexports_what_the_engine_module_is_used_for():
    import _duckdb
    import duckdb

    from talkbar.db import duckdb_engine
    assert duckdb_engine() is _duckdb
    for name in USED:
        assert getattr(duckdb, name) is getattr(_duckdb, name), name
    con = _duckdb.connect(":memory:")
    try:
        statement = con.extract_statements("SELECT $n + 1 AS x")[0]
        assert con.execute(statement, {"n": 41}).fetchall() == [(42,)]
        assert [d[0] for d in con.description] == ["x"]
        assert con.cursor().execute("SELECT [1, 2]").fetchall() == [([1, 2],)]
    finally:
        con.close()


# A read, a write, a search and a batch in one process, as a script would run them; then what was
# loaded. (An answer with "error" in it would fail the equality below, not pass unseen.)
SCRIPT = """
import json, sys
from talkbar.cli.main import main
calls = [["--output", "json", "tools", "call", "workspace.list"],
         ["--output", "json", "tools", "call", "notes.create", "--args", '{"title": "Loaded", "markdown": "x"}'],
         ["--output", "json", "search", "budget"]]
codes = []
for argv in calls:
    try:
        main(argv)
        codes.append(0)
    except SystemExit as exc:
        codes.append(exc.code or 0)
print(json.dumps({"codes": codes, "package": "duckdb" in sys.modules, "engine": "_duckdb" in sys.modules}))
"""


def test_a_cli_process_never_loads_the_duckdb_package(demo):
    proc = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=120,
                          env=base_env(demo.root), cwd=str(REPO))
    assert proc.returncode == 0, proc.stderr[-2000:]
    loaded = json.loads(proc.stdout.strip().splitlines()[-1])
    assert loaded == {"codes": [0, 0, 0], "package": False, "engine": True}
