"""`app export` of an archive larger than memory: sessions are read a batch at a time while the
document is written (talkbar/fixture/exporter.py, talkbar/jsonstream.py), and the text is the
same whatever the batches."""

import copy
import json
from pathlib import Path

import pytest

from conftest import InProcessCLI
from terminal import run
from test_cli import _shell
from test_cli_progress import NOW
from talkbar import sqlfiles
from talkbar.cli import output
from talkbar.fixture import exporter


@pytest.fixture
def archive(tmp_path, demo_doc):
    """The demo's workspaces and a session with no turns (a meeting not yet held) among them."""
    doc = copy.deepcopy(demo_doc)
    sessions = doc["workspaces"][0]["sessions"]
    sessions.insert(3, {"sessionId": "ses-not-held", "title": "Not held yet", "status": "open",
                        "startedAtMs": sessions[3]["startedAtMs"]})
    tb = InProcessCLI(tmp_path / "root")
    assert tb.import_fixture(doc).code == 0
    return tb


def _turns(doc):
    return [len(s["turns"]) for w in doc["workspaces"] for s in w["sessions"]]


def test_an_export_read_in_small_batches_is_the_export_read_whole(archive, monkeypatch):
    whole = archive.run("app", "export")
    assert whole.code == 0, whole
    turns = _turns(json.loads(whole.stdout))
    assert 0 in turns and len(turns) < exporter.SESSION_BATCH
    batches = []

    def recorded(sizes):
        counts = {s["session_no"]: s["turns"] for s in sizes}
        for batch in real(sizes):
            batches.append([counts[no] for no in batch])
            yield batch

    real = exporter._batches
    monkeypatch.setattr(exporter, "_batches", recorded)
    monkeypatch.setattr(exporter, "SESSION_BATCH", 3)
    monkeypatch.setattr(exporter, "TURN_BATCH", 200)
    small = archive.run("app", "export")
    assert small.code == 0, small
    assert small.stdout == whole.stdout                                  # the same text, byte for byte
    assert sorted(t for b in batches for t in b) == sorted(turns)        # every session in one batch
    assert all(len(b) <= 3 for b in batches), batches
    assert all(sum(b) <= 200 or len(b) == 1 for b in batches), batches
    assert any(len(b) == 3 for b in batches) and any(len(b) == 2 for b in batches), batches   # either bound ends one


def test_a_session_longer_than_a_batch_is_read_alone(archive, monkeypatch):
    whole = archive.run("app", "export").stdout
    monkeypatch.setattr(exporter, "TURN_BATCH", 50)                  # every demo session has more
    sizes = []
    real = exporter._batches
    monkeypatch.setattr(exporter, "_batches", lambda s: (sizes.append(len(b)) or b for b in real(s)))
    assert archive.run("app", "export").stdout == whole
    assert len(sizes) == len(_turns(json.loads(whole))) and set(sizes) == {1}, sizes   # one each


def test_sessions_are_written_as_they_are_read(archive, monkeypatch):
    """The first sessions are on standard output before the last batch is read: the document is
    never whole in memory (bench/scale.py: 0.72 GiB at 6 M turns before DuckDB was bounded too)."""
    log = []
    real_call, real_out = sqlfiles.call, output.out

    def call(cur, name, /, **params):
        log.append({"export.turns": "read", "import.bounded_memory": "bounded"}.get(name, name))
        return real_call(cur, name, **params)

    def out(text):
        log.append("written")
        return real_out(text)

    monkeypatch.setattr(sqlfiles, "call", call)
    monkeypatch.setattr(output, "out", out)
    monkeypatch.setattr(output, "WRITE_AT", 1)
    monkeypatch.setattr(exporter, "SESSION_BATCH", 5)
    r = archive.run("app", "export")
    assert r.code == 0, r
    reads = [i for i, what in enumerate(log) if what == "read"]
    assert len(reads) >= 9, log
    assert all("written" in log[a:b] for a, b in zip(reads, reads[1:])), log   # writes between reads
    assert log.index("bounded") < log.index("export.workspaces")   # DuckDB's own memory held as an import's


def test_an_export_on_a_terminal_is_indented_and_draws_no_progress_line(demo):
    piped = demo.run("app", "export")
    assert piped.code == 0, piped
    shown = run(demo, "app", "export", stdout_tty=True, stderr_tty=True, env=NOW)
    assert shown.code == 0, shown
    expected = json.dumps(json.loads(piped.stdout), ensure_ascii=False, indent=2)
    assert shown.stdout.replace("\r\n", "\n") == expected + "\n"
    assert shown.stderr == ""                                   # the line would be drawn among the JSON


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_an_export_standard_output_refuses_is_said_lost(demo):
    r = _shell(demo, "> /dev/full", "app", "export")
    assert (r.returncode, r.stderr) == (1, "talkbar-cli: the answer could not be written to standard output: "
                                           "the disk is full. Anything the command changed is kept.\n")
