"""A database that cannot be changed where it is (a backup mounted read-only, a snapshot, a file of
another user's) is read, and a write is refused in words, changing nothing (talkbar/db.py)."""

import hashlib
import os
import shutil
import subprocess
import sys

import duckdb
import pytest

from talkbar import db as dbmod
from talkbar.db import Database
from talkbar.engine import CLI, Engine
from talkbar.errors import OpError
from talkbar.search import index

import mcp_sdk
from conftest import DB_FILE, TB

REFUSAL = ("TalkBar can read {db} but not change it: {reason}. To change it, copy it to a folder TalkBar can "
           "write to.")


def _state(root):
    """What a data root holds: each file's name and a digest of its bytes."""
    return {p.name: hashlib.blake2b(p.read_bytes()).hexdigest() for p in sorted(root.iterdir()) if p.is_file()}


@pytest.fixture
def read_only_demo(demo_template, tmp_path):
    """(TB, reason): a data root holding the demo database that this user cannot write to: a tmpfs
    mounted read-only where the tests run as root (whom permissions do not stop), else a folder and
    file without write permission. Skipped where neither can be made. MCP Access (notes.create
    too) is turned on before (it is kept in the file)."""
    if sys.platform.startswith("win"):
        pytest.skip("POSIX file permissions and mounts")
    staging = tmp_path / "staging"
    shutil.copytree(demo_template, staging)
    for access in (("mcp", "on"), ("set", "notes.create", "on")):
        assert TB(staging).run("app", "access", *access).code == 0
    root = tmp_path / "read-only"
    root.mkdir()
    if os.geteuid() != 0:
        shutil.copy(staging / DB_FILE, root / DB_FILE)
        os.chmod(root / DB_FILE, 0o444)
        os.chmod(root, 0o555)
        try:
            yield TB(root), "permission denied"
        finally:
            os.chmod(root, 0o755)
        return
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64m", "tmpfs", str(root)], capture_output=True).returncode:
        pytest.skip("this machine lets root mount no tmpfs")
    try:
        shutil.copy(staging / DB_FILE, root / DB_FILE)
        subprocess.run(["mount", "-o", "remount,ro", str(root)], check=True, capture_output=True)
        yield TB(root), "the file system is read-only"
    finally:
        subprocess.run(["umount", "-l", str(root)], capture_output=True)


def test_a_read_only_data_root_is_searched_and_listed_and_a_write_refused(read_only_demo):
    tb, reason = read_only_demo
    before = _state(tb.root)
    found = tb.ok("workspace.search", {"query": "budget"})["matches"]
    assert any(m["title"] == "Budget planning 2027" for m in found)
    assert len(tb.ok("notes.list", {})["items"]) > 0
    r = tb.run("--output", "json", "tools", "call", "notes.create", "--args", '{"title": "Never written"}')
    assert r.code == 1 and r.json == {"error": {"code": "failed", "message": REFUSAL.format(db=tb.db, reason=reason)}}
    assert "Traceback" not in r.stderr
    r = tb.run("app", "access", "mcp", "off")     # a write outside the operations
    assert r.code == 1 and REFUSAL.format(db=tb.db, reason=reason) in r.stderr, r
    assert _state(tb.root) == before, "no lock, queue or knock beside it, the database as it was"


def test_an_assistant_searches_a_read_only_data_root_and_is_told_why_it_cannot_write(read_only_demo):
    tb, reason = read_only_demo

    async def scenario():
        async with mcp_sdk.session(tb) as s:
            tools = {t.name for t in (await s.list_tools()).tools}
            found, found_error = mcp_sdk.payload(await s.call_tool(
                "talkbar_find", {"query": "budget"}))
            refused, refused_error = mcp_sdk.payload(await s.call_tool(
                "talkbar_change", {"tool": "notes.create", "args": {"title": "Never written"}}))
            return tools, found, found_error, refused, refused_error

    tools, found, found_error, refused, refused_error = mcp_sdk.run(scenario)
    assert "talkbar_find" in tools and not found_error, found
    assert any(m["title"] == "Budget planning 2027" for m in found["matches"])
    assert refused_error and refused["error"]["code"] == "failed"
    assert refused["error"]["message"] == REFUSAL.format(db=tb.db, reason=reason)


@pytest.fixture
def read_only_copy(demo_template, tmp_path, monkeypatch):
    """A copy of the demo database taken as one this process cannot change (read_only_reason says
    so), though the file system would let it: in process, for any user. Nothing beside the file."""
    path = tmp_path / DB_FILE
    shutil.copy(demo_template / DB_FILE, path)
    monkeypatch.setattr(dbmod, "read_only_reason", lambda p: "the file system is read-only")
    return path


def test_a_read_only_file_is_opened_without_lock_or_queue_and_a_write_changes_nothing(read_only_copy):
    db = Database(read_only_copy, create=True, idle_s=0)
    engine = Engine(db, CLI)
    notes = engine.call("notes.list", {"limit": 100})["items"]
    assert engine.call("workspace.search", {"query": "budget"})["matches"]
    with pytest.raises(OpError) as err:
        engine.call("notes.create", {"title": "Never written"})
    assert err.value.code == "failed"
    assert err.value.message == REFUSAL.format(db=read_only_copy, reason="the file system is read-only")
    assert engine.call("notes.list", {"limit": 100})["items"] == notes
    assert sorted(p.name for p in read_only_copy.parent.iterdir()) == [DB_FILE]
    with db.cursor() as cur:   # DuckDB's read-only mode: what a read would write is refused by DuckDB too
        with pytest.raises(dbmod.duckdb_engine().Error, match="read-only"):
            cur.execute("DELETE FROM notes")
    db.release_now()


def test_a_read_that_would_have_to_write_is_refused_in_words(demo_template, tmp_path, monkeypatch):
    """A workspace never indexed is indexed at its first search: on a read-only file that write is
    DuckDB's refusal, answered as the write's."""
    path = tmp_path / DB_FILE
    shutil.copy(demo_template / DB_FILE, path)
    writable = Engine(Database(path, create=False, idle_s=0), CLI)
    with writable.db.cursor(write=True) as cur:
        cur.execute("DELETE FROM search_stats")    # as a database from before search held it
    monkeypatch.setattr(dbmod, "read_only_reason", lambda p: "permission denied")
    monkeypatch.setattr(index, "_indexed", set())   # what this process saw indexed before
    engine = Engine(Database(path, create=False, idle_s=0), CLI)
    assert engine.call("notes.list", {"limit": 1})["items"]
    with pytest.raises(OpError) as err:
        engine.call("workspace.search", {"query": "budget"})
    assert err.value.message == REFUSAL.format(db=path, reason="permission denied")


def test_a_read_only_file_that_needs_a_migration_is_refused_unchanged(read_only_copy):
    latest = max(m[0] for m in dbmod.sqlfiles.migrations())
    con = duckdb.connect(str(read_only_copy))
    con.execute("DELETE FROM schema_migrations WHERE version = ?", [latest])
    con.close()
    before = _state(read_only_copy.parent)
    with pytest.raises(OpError) as err:
        Engine(Database(read_only_copy, create=False, idle_s=0), CLI).call("notes.list", {"limit": 1})
    assert err.value.message == (
        f"{read_only_copy} was written by an older talkbar-cli and must be brought up to date before it can "
        "be read, which means writing to it: the file system is read-only. Copy it to a folder TalkBar can "
        "write to.")
    assert _state(read_only_copy.parent) == before
