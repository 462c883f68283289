"""SQL is never built from strings: every execute() in talkbar/ runs a file's query or a
transaction statement, and every query's parameters are exactly the ones it declares."""

import re
from pathlib import Path

import duckdb
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


def test_a_query_runs_its_when_null_text_while_that_param_is_null(tmp_path):
    path = tmp_path / "x.sql"
    path.write_text("-- name: x.list\n-- returns: many\n-- params: $words\n-- when-null: words keep keep_all\n"
                    "SELECT v FROM (VALUES ('a'), ('b')) t(v) WHERE keep(v, $words) ORDER BY v\n")
    (query,) = sqlfiles.parse_file(path)
    assert query.when_null == (("words", "SELECT v FROM (VALUES ('a'), ('b')) t(v) WHERE keep_all(v, $words) ORDER BY v"),)
    con = duckdb.connect()
    con.execute("CREATE MACRO keep(v, words) AS list_contains(words, v)")
    con.execute("CREATE MACRO keep_all(v, words) AS true")
    assert sqlfiles.run(con, query, {"words": ["b"]}) == [{"v": "b"}]
    assert sqlfiles.run(con, query, {"words": None}) == [{"v": "a"}, {"v": "b"}]   # keep() would give none
    for line, message in [("-- when-null: words keep", "is `<param> <macro> <other macro>`"),
                          ("-- when-null: other keep keep_all", "'other' is not a parameter"),
                          ("-- when-null: words absent absent_all", "does not call absent")]:
        path.write_text(f"-- name: x.list\n-- returns: many\n-- params: $words\n{line}\nSELECT keep(1, $words)\n")
        with pytest.raises(sqlfiles.SqlError, match=re.escape(message)):
            sqlfiles.parse_file(path)


def test_every_list_filter_is_bound_only_when_asked():
    """A list asked without words binds no text filter (tb_unfiltered, migration 1070), whether it
    folds its text (tb_has_all) or reads it folded already (tb_has_all_folded: chats.list 1100;
    tb_suggestion_has_all: knowledge.suggestions.list 1130; tb_note_has_all: notes.list 1140;
    tb_card_has_all: knowledge.list 1160; tb_action_item_has_all: action_items.list 1180)."""
    queries = sqlfiles.load_all().values()
    for macro, at_least in (("tb_has_all", 4), ("tb_has_all_folded", 1), ("tb_suggestion_has_all", 1),
                            ("tb_note_has_all", 1), ("tb_card_has_all", 1),
                            ("tb_action_item_has_all", 1)):
        filtered = [q for q in queries if f"{macro}(" in q.text]
        assert len(filtered) >= at_least, macro
        assert all(q.when_null == (("words", q.text.replace(f"{macro}(", "tb_unfiltered(")),) for q in filtered), macro


# Turns are the table that grows with the archive (600 a session). A query finds a session's turns by
# its integer key (session_no, migration 0850: only its row groups are read); by session_id DuckDB
# reads every turn of the archive, as string zone maps tell nothing of ids that start alike. Only
# these read a whole workspace's turns, once, by design.
WHOLE_WORKSPACE_TURNS = {
    "import.delete.turns": "a workspace replaced by an import",
    "import.turns_present": "an import's action item anchors, once per import",
    "export.turn_count": "how many turns an export reads, once per export",
}


def test_queries_find_turns_by_their_sessions_integer_key():
    reading = {}
    for q in sqlfiles.load_all().values():
        text = re.sub(r"--[^\n]*", "", q.text)
        if re.search(r"\b(FROM|JOIN)\s+turns\b", text, re.I):
            reading[q.name] = "session_no" in text
    assert len(reading) >= 15      # the pattern still finds them
    assert sorted(name for name, keyed in reading.items() if not keyed) == sorted(WHOLE_WORKSPACE_TURNS)
