"""A database file that a program outside TalkBar holds open read-only (an analyst's DuckDB session in
a notebook, `duckdb -readonly`) is still read: DuckDB lets any number of read-only sessions share a
file, so TalkBar's reads open it read-only beside that session, where every call used to wait its
5 s and answer `busy`. A write cannot get in while the session lasts and answers `busy` (changing
nothing); once the session ends, the next write opens the file for writing again. A session that
holds the file for writing (DuckDB's default) still keeps TalkBar out."""


import subprocess
import sys
from contextlib import contextmanager

import duckdb
import pytest

from conftest import DB_FILE
from mcp_raw import RawServer
from older_database import database_before
from talkbar import sqlfiles
from talkbar.db import Database
from talkbar.engine import CLI, Engine
from talkbar.errors import OpError

SHORT_WAIT = {"TALKBAR_TEST_DB_WAIT_MS": "300"}   # what `busy` looks like, without waiting 5 s for it


def _titles(tb):
    return sorted(n["title"] for n in tb.ok("notes.list", {"limit": 100})["items"])


def test_reads_go_on_beside_a_read_only_session_and_writes_wait_for_it(demo):
    before = _titles(demo)
    analyst = duckdb.connect(str(demo.db), read_only=True)
    try:
        assert _titles(demo) == before
        found = demo.run("--output", "json", "search", "budget")
        assert found.code == 0 and found.json["matches"], found
        code, out = demo.call("notes.create", {"title": "Written beside the analyst"}, env=SHORT_WAIT)
        assert (code, out["error"]["code"]) == (1, "busy"), out
        assert analyst.execute("SELECT count(*) FROM notes WHERE title = 'Written beside the analyst'").fetchone() == (0,)
    finally:
        analyst.close()
    demo.ok("notes.create", {"title": "Written after the analyst"})
    assert _titles(demo) == sorted(before + ["Written after the analyst"])


def test_a_session_holding_the_file_for_writing_still_keeps_reads_out(demo):
    analyst = duckdb.connect(str(demo.db))
    try:
        code, out = demo.call("notes.list", {"limit": 1}, env=SHORT_WAIT)
    finally:
        analyst.close()
    assert (code, out["error"]["code"]) == (1, "busy"), out


def test_the_server_reads_beside_the_session_and_writes_once_it_is_gone(demo):
    for args in (("mcp", "on"), ("set", "notes.create", "on")):
        assert demo.run("app", "access", *args).code == 0
    analyst = duckdb.connect(str(demo.db), read_only=True)
    server = RawServer(demo, env=SHORT_WAIT, verbose=True)
    try:
        server.initialize()
        found, failed = server.tool_result(server.call("talkbar_find", {"query": "budget", "limit": 3}))
        assert not failed and found["matches"], found
        server.wait_for("db.shared")
        change = {"tool": "notes.create", "args": {"title": "Written by the server"}}
        refused, failed = server.tool_result(server.call("talkbar_change", change))
        assert failed and refused["error"]["code"] == "busy", refused
        analyst.close()
        written, failed = server.tool_result(server.call("talkbar_change", change))
        assert not failed, written
        found, failed = server.tool_result(server.call("talkbar_find", {"query": "Written by the server",
                                                                        "match": "all"}))
        assert [m["title"] for m in found["matches"]][:1] == ["Written by the server"]
    finally:
        analyst.close()
        server.close()
    assert _titles(demo).count("Written by the server") == 1


def test_a_read_in_the_same_batch_as_a_write_keeps_its_answer(demo, tmp_path):
    """The batch holds the file through its calls: its read is answered beside the session, its
    write is `busy` at once (the batch's own hold is what it would have to give up)."""
    analyst = duckdb.connect(str(demo.db), read_only=True)
    try:
        code, results = demo.batch([{"tool": "notes.list", "args": {"limit": 1}},
                                    {"tool": "notes.create", "args": {"title": "In a batch"}}])
    finally:
        analyst.close()
    assert code == 1 and [(r["ok"], r.get("error", {}).get("code")) for r in results] == [(True, None), (False, "busy")]
    assert "In a batch" not in _titles(demo)


def test_a_file_that_needs_a_migration_waits_for_the_session(tmp_path, monkeypatch):
    """Bringing the file up to date is a write: beside a session it is `busy`, not read as it is.
    (The session is another process's: DuckDB refuses a second configuration of a file within one.)"""
    path = tmp_path / DB_FILE
    latest = sqlfiles.migrations()[-1][0]
    database_before(path, latest, monkeypatch).close()
    monkeypatch.setenv("TALKBAR_TEST_DB_WAIT_MS", "300")
    engine = Engine(Database(path, create=False), CLI)
    with _session_elsewhere(path):
        with pytest.raises(OpError) as refused:
            engine.call("notes.list", {})
        assert refused.value.code == "busy", refused.value.message
    assert engine.call("notes.list", {})["items"] == []
    engine.db.release_now()


@contextmanager
def _session_elsewhere(path):
    """A read-only DuckDB session on `path` in another process, open for the block."""
    code = "import duckdb, sys; c = duckdb.connect(sys.argv[1], read_only=True); print('open', flush=True); sys.stdin.read()"
    proc = subprocess.Popen([sys.executable, "-c", code, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True)
    try:
        assert proc.stdout.readline() == "open\n"
        yield
    finally:
        proc.stdin.close()
        proc.wait(timeout=60)


def test_a_search_that_must_first_index_the_workspace_waits_for_the_session(demo):
    """A workspace never indexed is indexed at its first search, a write: `busy` beside a session."""
    con = duckdb.connect(str(demo.db))
    con.execute("DELETE FROM search_stats")
    con.close()
    with _session_elsewhere(demo.db):
        code, out = demo.call("workspace.search", {"query": "budget"}, env=SHORT_WAIT)
        assert (code, out["error"]["code"]) == (1, "busy"), out
    assert demo.ok("workspace.search", {"query": "budget"})["matches"]
