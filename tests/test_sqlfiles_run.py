"""sqlfiles.run: a query's statement parsed once per process and run from the parse after that
(SELECT, INSERT, UPDATE, DELETE); other statements, and a text of several, run as text."""

from pathlib import Path

import duckdb

from talkbar import sqlfiles


def _query(name, returns, params, text):
    return sqlfiles.Query(name, returns, tuple(params), text, Path("test.sql"))


def test_a_query_is_parsed_once_and_runs_parsed_with_new_values_each_time():
    con = duckdb.connect()
    con.execute("CREATE TABLE t (a INTEGER, b VARCHAR)")
    add = _query("t.add", "exec", ["a", "b"], "-- a comment\nINSERT INTO t VALUES ($a, $b)")
    get = _query("t.get", "many", ["a"], "SELECT a, b FROM t WHERE a >= $a ORDER BY a")
    for i in range(3):
        assert sqlfiles.run(con, add, {"a": i, "b": f"v{i}"}) == 1
    assert sqlfiles.run(con, get, {"a": 1}) == [{"a": 1, "b": "v1"}, {"a": 2, "b": "v2"}]
    assert isinstance(sqlfiles._PARSED[add.text], duckdb.Statement)
    parsed = sqlfiles._PARSED[get.text]
    assert isinstance(parsed, duckdb.Statement)
    assert sqlfiles.run(con.cursor(), get, {"a": 2}) == [{"a": 2, "b": "v2"}], "another cursor runs the same parse"
    assert sqlfiles._PARSED[get.text] is parsed, "parsed once"
    other = duckdb.connect()
    other.execute("CREATE TABLE t (a INTEGER, b VARCHAR)")
    assert sqlfiles.run(other, get, {"a": 0}) == [], "and another database"


def test_other_statements_and_several_in_one_text_run_as_text():
    con = duckdb.connect()
    setting = _query("t.set", "exec", [], "SET threads = 1")
    pragma = _query("t.pragma", "many", [], "PRAGMA table_info('u')")
    several = _query("t.several", "value", [], "CREATE TABLE u (x INTEGER); SELECT count(*) FROM u")
    assert sqlfiles.run(con, setting, {}) is None
    assert sqlfiles.run(con, several, {}) == 0
    assert [r["name"] for r in sqlfiles.run(con, pragma, {})] == ["x"], "a PRAGMA stands for the query it expands to"
    for q in (setting, pragma, several):
        assert sqlfiles._PARSED[q.text] == q.text
