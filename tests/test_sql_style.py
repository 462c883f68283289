"""SQL is never built from strings: every execute() in talkbar/ runs a file's query or a
transaction statement, and every query's parameters are exactly the ones it declares."""

import re
from pathlib import Path

import pytest

from talkbar import sqlfiles

REPO = Path(__file__).resolve().parent.parent
ALLOWED = {
    'execute("BEGIN TRANSACTION")', 'execute("COMMIT")', 'execute("ROLLBACK")',
    "execute(statement, bound)", "execute(text)",   # sqlfiles.run: a file's query, parsed once
    'execute("SET enable_progress_bar = false")',   # per connection: DuckDB refuses it in connect()'s config
}


def test_no_sql_interpolation_in_python():
    offenders = []
    for path in (REPO / "talkbar").rglob("*.py"):
        for n, line in enumerate(path.read_text().splitlines(), 1):
            for m in re.finditer(r"(\w+)\.execute(many)?\((.*?\))", line):
                if m.group(1) in ("self", "engine"):  # Engine.execute runs operations, not SQL
                    continue
                call = "execute(" + m.group(3)
                if call not in ALLOWED:
                    offenders.append(f"{path.relative_to(REPO)}:{n}: {line.strip()}")
    assert offenders == []


def test_sql_files_parse_and_declare_their_params():
    registry = sqlfiles.load_all()  # raises on a header/params mismatch
    assert registry
    for q in registry.values():
        assert not re.search(r"\{[A-Za-z_]+\}|%s|%\(", q.text), f"{q.name} has a Python placeholder"
        assert "?" not in q.text.replace("'?'", ""), f"{q.name}: use named $params, not ?"


def test_migrations_are_numbered():
    migs = sqlfiles.migrations()
    assert migs[0][0] == 1 and migs[0][1] == "core"
    assert [v for v, _, _ in migs] == sorted(v for v, _, _ in migs)


def test_a_variant_calls_the_other_macro(tmp_path):
    path = tmp_path / "x.sql"
    path.write_text("-- name: x.find\n-- returns: many\n-- params: $k\n-- variant: one ranked ranked_one\n"
                    "-- ranked is the general macro\nSELECT * FROM ranked($k) JOIN unranked($k) USING (item)\n")
    queries = {q.name: q.text for q in sqlfiles.parse_file(path)}
    said = "-- ranked is the general macro\n"
    assert queries == {"x.find": said + "SELECT * FROM ranked($k) JOIN unranked($k) USING (item)",
                       "x.find@one": said + "SELECT * FROM ranked_one($k) JOIN unranked($k) USING (item)"}
    for line, message in [("-- variant: one ranked", "is `<suffix> <macro> <other macro>`"),
                          ("-- variant: one absent absent_one", "does not call absent")]:
        path.write_text(f"-- name: x.find\n-- returns: many\n-- params: $k\n{line}\nSELECT * FROM ranked($k)\n")
        with pytest.raises(sqlfiles.SqlError, match=re.escape(message)):
            sqlfiles.parse_file(path)


def _query(name, returns, params, text):
    return sqlfiles.Query(name, returns, tuple(params), text, Path("test.sql"))


def test_a_query_is_parsed_once_and_runs_parsed_with_new_values_each_time():
    duckdb = pytest.importorskip("duckdb")
    con = duckdb.connect()
    con.execute("CREATE TABLE t (a INTEGER, b VARCHAR)")
    add = _query("t.add", "exec", ["a", "b"], "-- a comment\nINSERT INTO t VALUES ($a, $b)")
    get = _query("t.get", "many", ["a"], "SELECT a, b FROM t WHERE a >= $a ORDER BY a")
    for i in range(3):
        assert sqlfiles.run(con, add, {"a": i, "b": f"v{i}"}) == 1
    assert sqlfiles.run(con, get, {"a": 1}) == [{"a": 1, "b": "v1"}, {"a": 2, "b": "v2"}]
    assert isinstance(sqlfiles._PARSED[add.text], duckdb.Statement)
    assert isinstance(sqlfiles._PARSED[get.text], duckdb.Statement)
    assert sqlfiles.run(con.cursor(), get, {"a": 2}) == [{"a": 2, "b": "v2"}], "another cursor runs the same parse"
    other = duckdb.connect()
    other.execute("CREATE TABLE t (a INTEGER, b VARCHAR)")
    assert sqlfiles.run(other, get, {"a": 0}) == [], "and another database"


def test_other_statements_and_several_in_one_text_run_as_text():
    duckdb = pytest.importorskip("duckdb")
    con = duckdb.connect()
    setting = _query("t.set", "exec", [], "SET threads = 1")
    pragma = _query("t.pragma", "many", [], "PRAGMA table_info('u')")
    several = _query("t.several", "value", [], "CREATE TABLE u (x INTEGER); SELECT count(*) FROM u")
    assert sqlfiles.run(con, setting, {}) is None
    assert sqlfiles.run(con, several, {}) == 0
    assert [r["name"] for r in sqlfiles.run(con, pragma, {})] == ["x"], "a PRAGMA stands for the query it expands to"
    for q in (setting, pragma, several):
        assert sqlfiles._PARSED[q.text] == q.text
