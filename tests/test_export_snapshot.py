"""`app export` reads a copy of the file taken under the lease, so that other processes' calls go on
while it reads (talkbar/dbsnapshot.py): what they write meanwhile is not in the export, everything
committed before it is, and the copy's name is gone while it is still being read. Where there is no
room for a copy, the copy fails, or nothing can change the file, the export reads the file itself,
holding it, as before."""

import errno
import json
import os
import shutil
import subprocess
import sys
from collections import namedtuple

import pytest

from conftest import DB_FILE, TB, InProcessCLI, fresh_copy
from test_read_beside import _session_elsewhere
from talkbar import dbsnapshot, processes
from talkbar.cli import output
from talkbar.dbsnapshot import snapshot
from talkbar.fixture import exporter

SHORT_WAIT = {"TALKBAR_TEST_DB_WAIT_MS": "300"}   # an answer of `busy` without waiting 5 s for it
NOTE = "Written during the export"
Usage = namedtuple("Usage", "total used free")


@pytest.fixture
def root(tmp_path, demo_template, monkeypatch):
    """The demo's data root, exported in this process (InProcessCLI), its export long enough to be
    read from a copy (it has 4,133 turns)."""
    monkeypatch.setattr(exporter, "COPY_FROM_TURNS", 1)
    yield from fresh_copy(demo_template, tmp_path / "demo", InProcessCLI)


def _names(tb):
    return sorted(p.name for p in tb.root.iterdir())


def _note_titles(text):
    return [n["title"] for w in json.loads(text)["workspaces"] for n in w["notes"]]


def _export_calling(tb, monkeypatch):
    """Export while, at its first write (before any session is read), another process creates a
    note: (the export, that process's (exit code, answer))."""
    answers = []
    real_out = output.out

    def out(text):
        if not answers:
            answers.append(TB(tb.root).call("notes.create", {"title": NOTE}, env=SHORT_WAIT))
        return real_out(text)

    with monkeypatch.context() as m:
        m.setattr(output, "out", out)
        m.setattr(output, "WRITE_AT", 1)
        return tb.run("app", "export"), answers[0]


def test_another_process_writes_while_the_export_reads_and_the_export_is_the_moment_it_began(root, monkeypatch,
                                                                                            heard):
    before = root.run("app", "export")
    assert before.code == 0, before
    during, (code, answer) = _export_calling(root, monkeypatch)
    assert during.code == 0, during
    assert code == 0 and answer["title"] == NOTE, answer          # held by the export, it answered `busy`
    assert during.stdout == before.stdout                         # the data as it was when it began
    assert NOTE in _note_titles(root.run("app", "export").stdout)
    assert [e for e in heard() if e["event"] == "db.snapshot"][0]["copied"] is True


def test_without_room_for_a_copy_the_export_holds_the_file_as_before(root, monkeypatch, heard):
    before = root.run("app", "export").stdout
    size = root.db.stat().st_size
    monkeypatch.setattr(dbsnapshot.shutil, "disk_usage", lambda _p: Usage(10 * size, 0, 2 * size - 1))
    during, (code, answer) = _export_calling(root, monkeypatch)
    assert during.code == 0 and during.stdout == before
    assert (code, answer["error"]["code"]) == (1, "busy"), answer
    assert NOTE not in _note_titles(root.run("app", "export").stdout)
    monkeypatch.setattr(dbsnapshot.shutil, "disk_usage", lambda _p: Usage(10 * size, 0, 2 * size))
    assert root.run("app", "export").stdout == before             # room for two copies: copied
    assert [(e["copied"], e.get("reason")) for e in heard() if e["event"] == "db.snapshot"] == [
        (True, None), (False, "room"), (False, "room"), (True, None)]


def test_a_copy_that_fails_is_removed_and_the_file_read_in_place(root, monkeypatch, heard):
    before = root.run("app", "export").stdout
    names = _names(root)

    def copy_half(src, dst):
        with open(src, "rb") as f, open(dst, "wb") as out:
            out.write(f.read(4096))
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(dbsnapshot.shutil, "copyfile", copy_half)
    r = root.run("app", "export")
    assert (r.code, r.stdout, r.stderr) == (0, before, "")
    assert _names(root) == names
    assert [(e["copied"], e.get("reason")) for e in heard() if e["event"] == "db.snapshot"][-1] == (False, "OSError")


def test_a_copy_stopped_by_ctrl_c_leaves_nothing(fresh_engine, monkeypatch):
    db = fresh_engine.db

    def copy_stopped(src, dst):
        with open(src, "rb") as f, open(dst, "wb") as out:
            out.write(f.read(4096))
        raise KeyboardInterrupt

    monkeypatch.setattr(dbsnapshot.shutil, "copyfile", copy_stopped)
    with pytest.raises(KeyboardInterrupt):
        with snapshot(db):
            pass
    assert [p.name for p in db.path.parent.iterdir() if ".snapshot-" in p.name] == []


def test_the_copy_holds_what_the_lease_committed_and_has_not_checkpointed(fresh_engine):
    db = fresh_engine.db
    fresh_engine.call("notes.create", {"title": "In the log only"})
    wal = db.path.with_name(db.path.name + ".wal")
    assert wal.stat().st_size > 0 and db.leased()                 # committed, in the log beside the file
    with snapshot(db) as cur:
        assert not db.leased()                                    # the file is let go before the read
        found = cur.execute("SELECT count(*) FROM notes WHERE title = 'In the log only'").fetchone()
    assert found == (1,)


def test_the_copy_has_no_name_while_it_is_read_and_a_dead_process_copy_is_removed(fresh_engine, heard):
    db = fresh_engine.db
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    left = db.path.with_name(f"{db.path.name}.snapshot-{int(dead.stdout)}")      # killed while copying
    alive = db.path.with_name(f"{db.path.name}.snapshot-{os.getppid()}")   # copying now
    other = db.path.with_name(f"{db.path.name}.snapshot-notes")
    for path in (left, alive, other):
        path.write_bytes(b"x")
    with pytest.raises(ZeroDivisionError):
        with snapshot(db) as cur:
            assert cur.execute("SELECT count(*) FROM notes").fetchone()[0] > 0
            names = sorted(p.name for p in db.path.parent.iterdir() if ".snapshot-" in p.name)
            1 / 0                                                 # an export ending in an error
    assert names == sorted([alive.name, other.name])              # its own copy unnamed, the dead one's gone
    assert [e["copied"] for e in heard() if e["event"] == "db.snapshot"] == [True]


def test_a_copy_of_another_user_s_process_is_left_alone(monkeypatch):
    def kill(pid, signal):
        raise PermissionError(errno.EPERM, "Operation not permitted")
    monkeypatch.setattr(processes.os, "kill", kill)
    assert processes.alive(1)


def test_beside_an_analyst_session_the_export_reads_the_file_itself(root, heard):
    before = root.run("app", "export").stdout
    with _session_elsewhere(root.db):
        r = root.run("app", "export")
    assert (r.code, r.stdout) == (0, before)
    assert [(e["copied"], e.get("reason")) for e in heard() if e["event"] == "db.snapshot"][-1] == (
        False, "unchanging")


def test_a_short_export_reads_the_file_itself(root, monkeypatch, heard):
    """A copy is taken for an export of COPY_FROM_TURNS turns or more: those of the data root, or of
    the one workspace asked for."""
    doc = json.loads(root.run("app", "export").stdout)
    turns = {w["workspaceId"]: sum(len(s["turns"]) for s in w["sessions"]) for w in doc["workspaces"]}
    small = min(turns, key=turns.get)
    assert 0 < turns[small] < sum(turns.values())
    for at_least, only in ((sum(turns.values()), None), (sum(turns.values()) + 1, None),
                           (turns[small], small), (turns[small] + 1, small)):
        monkeypatch.setattr(exporter, "COPY_FROM_TURNS", at_least)
        r = root.run("app", "export", *(("--workspace", only) if only else ()))
        assert r.code == 0, r
    assert [e.get("reason") for e in heard() if e["event"] == "db.snapshot"] == [None, None, "short", None, "short"]


def test_an_export_of_a_root_with_no_database_copies_nothing(tmp_path, heard):
    here = InProcessCLI(tmp_path / "empty")
    r = here.run("app", "export")
    assert r.code == 0, r
    assert json.loads(r.stdout)["workspaces"][0]["sessions"] == []
    assert not (tmp_path / "empty" / DB_FILE).exists()
    assert [e.get("reason") for e in heard() if e["event"] == "db.snapshot"] == ["unchanging"]
    shutil.rmtree(tmp_path / "empty", ignore_errors=True)
