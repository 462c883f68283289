"""An exception nobody expected (a bug, DuckDB running out of memory, a file that cannot be read)
reaches a person as a clean `failed` naming the kind of trouble, never with its text: DuckDB's and
Python's words stay in the `-v` event log."""

import json

import duckdb
import pytest

from talkbar import errors
from talkbar.db import Database
from talkbar.engine import CLI, Engine
from talkbar.manifest import manifest

SECRET = "LINE 36: LIMIT $limit OFFSET $offset internal words"


def _raise(exc):
    def body():
        raise exc
    return body


@pytest.mark.parametrize("exc, kind", [
    (RuntimeError(SECRET), "an internal error"),
    (duckdb.OutOfMemoryException(SECRET), "it ran out of memory"),
    (duckdb.IOException(SECRET), "the database file could not be read or written"),
    (MemoryError(SECRET), "it ran out of memory"),
    (duckdb.TransactionException('TransactionContext Error: Failed to commit: Could not write file '
                                 '"/x/talkbar.duckdb.wal": No space left on device'), "the disk is full"),
    (OSError(28, "No space left on device", "/x/out.md"), "the disk is full"),
])
def test_an_operation_that_crashes_answers_failed_without_the_exceptions_text(exc, kind, tmp_path):
    op = manifest().get("notes.list")
    engine = Engine(Database(tmp_path / "talkbar.duckdb", create=False), CLI)   # never opened
    with pytest.raises(errors.OpError) as caught:
        engine.guarded(op, _raise(exc))
    assert caught.value.code == "failed"
    assert caught.value.message == f"TalkBar could not complete notes.list: {kind}."
    assert SECRET not in json.dumps(caught.value.envelope())


def test_a_cli_command_that_crashes_prints_a_clean_failed_and_the_details_only_with_v(monkeypatch, capsys, tmp_path):
    from talkbar.cli import main as cli_main
    from talkbar.cli.state import G
    monkeypatch.setenv("TALKBAR_DATA_ROOT", str(tmp_path))
    monkeypatch.setattr("talkbar.events._sink", None)   # -v turns the event log on: off again afterwards
    monkeypatch.setattr("talkbar.cli.app_cmd.open_db", _raise(duckdb.OutOfMemoryException(SECRET)))
    fixture = tmp_path / "doc.json"
    fixture.write_text('{"format": "talkbar-fixture/1", "workspaces": []}')
    for verbose in (False, True):
        monkeypatch.setattr(G, "verbose", False)
        with pytest.raises(SystemExit) as ended:
            cli_main.main((["-v"] if verbose else []) + ["--output", "json", "app", "import", str(fixture)])
        assert ended.value.code == 1
        out, err = capsys.readouterr()
        answer = json.loads(out)
        assert answer == {"error": {"code": "failed", "message":
                                    "talkbar-cli failed: it ran out of memory (-v shows the details)."}}
        crash = [json.loads(line) for line in err.splitlines() if line.startswith('{"event": "cli.crash"')]
        assert (SECRET in err) == verbose and bool(crash) == verbose


def test_a_write_whose_commit_fails_answers_for_its_operation_and_keeps_nothing(fresh_engine, monkeypatch):
    """The commit is the call's too: a disk that fills as DuckDB writes its log answers `failed`
    naming the operation (it answered "talkbar-cli failed", from the CLI's last resort)."""
    from contextlib import contextmanager

    from talkbar import db as dbmod

    @contextmanager
    def commit_fails(cur):
        cur.execute("BEGIN TRANSACTION")
        try:
            yield cur
        finally:
            cur.execute("ROLLBACK")
        raise duckdb.TransactionException('TransactionContext Error: Failed to commit: Could not write file '
                                          '"/x/talkbar.duckdb.wal": No space left on device')

    before = fresh_engine.call("notes.list", {"limit": 100})["totalCount"]
    with monkeypatch.context() as m:
        m.setattr(dbmod, "transaction", commit_fails)
        with pytest.raises(errors.OpError) as caught:
            fresh_engine.call("notes.create", {"title": "Never kept", "markdown": "m"})
    assert (caught.value.code, caught.value.message) == (
        "failed", "TalkBar could not complete notes.create: the disk is full.")
    assert fresh_engine.call("notes.list", {"limit": 100})["totalCount"] == before
