"""Ctrl+C in a CLI run is told as an interruption (exit 130, one line on stderr), never as a failure of
what the run was doing, and what it cut short is not kept.

DuckDB ends a query that a SIGINT comes during with its own error ("Query interrupted"), which used
to read "TalkBar could not complete …: an internal error." or "talkbar-cli failed: an internal
error"; a KeyboardInterrupt met by click read "Aborted!" with exit 1. The real process runs here
with one statement made endless (so the signal can only come while the run is inside it or just
before: no timing decides the outcome), then gets SIGINT from outside."""

import json
import signal
import subprocess
import sys

import pytest

from conftest import REPO
from mcp_raw import RawServer
from talkbar import sigint
from talkbar.cli.main import INTERRUPTED
from talkbar.db import Database
from talkbar.engine import CLI, Engine
from talkbar.manifest import manifest

# The CLI's own entry point, with the statement named by argv[1] preceded by a query that never ends
# on its cursor; "endless" on stderr, written once DuckDB reports progress on that query, says that
# DuckDB is running it (the signal then comes inside DuckDB, as a person's Ctrl+C mostly does). On one
# thread: DuckDB may miss the signal in a scan spread over two that never ends (a real statement
# ends, and the signal is then met in Python: an import of 602 k turns stopped within 0.16 s).
DRIVER = """
import sys, threading, time
from talkbar import sqlfiles
target, nth = (sys.argv[1].split("#") + ["1"])[:2]   # "name#2": the statement's second run
runs, real = [0], sqlfiles.run
def tell_when_running(cursor):
    while cursor.query_progress() < 0:
        time.sleep(0.01)
    sys.stderr.write("endless\\n")
    sys.stderr.flush()
def run(cursor, query, params):
    runs[0] += query.name == target
    if query.name == target and runs[0] == int(nth):
        for setting in ("enable_progress_bar = true", "enable_progress_bar_print = false", "progress_bar_time = 0",
                        "threads = 1"):
            cursor.execute("SET " + setting)
        threading.Thread(target=tell_when_running, args=(cursor,), daemon=True).start()
        cursor.execute("SELECT count(*) FROM range(9223372036854775807) t(i) WHERE i % 7 = 3").fetchall()
    return real(cursor, query, params)
sqlfiles.run = run
from talkbar.cli.main import main
main(sys.argv[2:])
"""


@pytest.fixture(autouse=True)
def _ctrl_c_reaches_the_processes_started():
    """A run started in the background by a shell ignores SIGINT, and so does every process it
    starts (as talkbar-cli then does too: sigint.noted); these tests' processes must hear it."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def _interrupted_at(tb, statement, *args):
    proc = subprocess.Popen([sys.executable, "-c", DRIVER, statement, *map(str, args)], cwd=str(REPO),
                            env=tb.env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        seen = []
        for line in proc.stderr:
            seen.append(line)
            if line == "endless\n":
                break
        assert seen and seen[-1] == "endless\n", "".join(seen)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    return proc.returncode, out, err


def _said(err):
    """stderr's lines with words (click ends the terminal's "^C" line with an empty one)."""
    return [line for line in err.splitlines() if line]


def _notes(tb):
    return sorted(n["title"] for n in tb.ok("notes.list", {"limit": 100})["items"])


@pytest.mark.parametrize("output", [[], ["--output", "json"]])
def test_a_write_cut_short_says_interrupted_and_keeps_nothing(demo, output):
    before = _notes(demo)
    code, out, err = _interrupted_at(demo, "notes.create", *output, "tools", "call", "notes.create",
                                     "--args", json.dumps({"title": "Cut short", "markdown": "never kept"}))
    assert (code, out, _said(err)) == (130, "", [INTERRUPTED])
    assert _notes(demo) == before


@pytest.mark.parametrize("cut", ["notes.create", "notes.create#2"])
def test_a_batch_cut_short_stops_there_and_prints_what_is_kept(demo, tmp_path, cut):
    """The call the signal cuts short does not become a failed result that the batch goes on past;
    the answers printed are those of the calls kept. Two notes in a row share one transaction (the
    CLI's write groups): cut short in the first, the batch keeps nothing; a read between them
    commits the first, which is kept and answered."""
    before = _notes(demo)
    calls = [{"tool": "notes.create", "args": {"title": "Batch note 1"}}, {"tool": "notes.list", "args": {"limit": 1}},
             {"tool": "notes.create", "args": {"title": "Batch note 2"}}]
    if cut == "notes.create":
        del calls[1]
    path = tmp_path / "calls.json"
    path.write_text(json.dumps(calls))
    code, out, err = _interrupted_at(demo, cut, "tools", "batch", "--file", path)
    assert (code, _said(err)) == (130, [INTERRUPTED])
    answered = json.loads(out)
    if cut == "notes.create":
        assert answered == [] and _notes(demo) == before
    else:
        assert [(a["tool"], a["ok"]) for a in answered] == [("notes.create", True), ("notes.list", True)]
        assert _notes(demo) == sorted(before + ["Batch note 1"])


def test_an_import_cut_short_leaves_the_data_as_it_was(demo):
    demo.ok("notes.create", {"title": "Kept through the interrupted import"})
    before = _notes(demo)
    code, out, err = _interrupted_at(demo, "search.bulk.postings", "app", "import", REPO / "fixtures" / "demo.json",
                                     "--replace")
    assert (code, out) == (130, ""), err
    assert _said(err)[-1] == INTERRUPTED and "internal error" not in err and "Aborted" not in err
    assert _notes(demo) == before        # --replace run to its end would drop the note


def test_a_read_cut_short_says_interrupted(demo):
    code, out, err = _interrupted_at(demo, "workspace.search:terms", "search", "budget")
    assert (code, out, _said(err)) == (130, "", [INTERRUPTED])


def test_duckdbs_error_for_an_interrupted_query_is_not_an_operations_failure(tmp_path):
    """The error DuckDB raises for a query the signal cut short becomes the interruption again once
    Ctrl+C was noted; before that, the same error is an internal error like any other."""
    op = manifest().get("notes.list")
    engine = Engine(Database(tmp_path / "talkbar.duckdb", create=False), CLI)   # never opened

    def cut_short():
        raise RuntimeError("Query interrupted")
    with sigint.noted():
        with pytest.raises(Exception) as unnoted:
            engine.guarded(op, cut_short)
        sigint.note()
        with pytest.raises(KeyboardInterrupt):
            engine.guarded(op, cut_short)
    assert unnoted.value.code == "failed" and "internal error" in unnoted.value.message
    assert not sigint.seen()             # the next run starts unmarked


def test_the_server_stopped_by_ctrl_c_says_so(demo):
    """`serve` in a terminal, stopped by Ctrl+C once it has answered: the same line, not click's
    "Aborted!" (the calls it answered are kept)."""
    for args in (("mcp", "on"), ("set", "notes.create", "on")):
        assert demo.run("app", "access", *args).code == 0
    server = RawServer(demo)
    server.initialize()
    written, failed = server.tool_result(server.call("talkbar_change", {"tool": "notes.create",
                                                                   "args": {"title": "Before Ctrl+C"}}))
    assert not failed, written
    server.proc.send_signal(signal.SIGINT)
    assert server.proc.wait(timeout=60) == 130
    server.lines.get(timeout=60)         # stdout ended: its pump has read to the end
    assert _said("".join(server.stderr)) == [INTERRUPTED]
    assert "Before Ctrl+C" in _notes(demo)
