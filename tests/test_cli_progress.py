"""Progress on stderr for long work, as a person at a terminal sees it (the real process on a
pseudo-terminal, tests/terminal.py), against the same commands piped or with -v: nothing then.

TALKBAR_PROGRESS_AFTER_MS=0 shows progress from the first moment, so nothing here waits for time;
what is asserted is which steps were drawn, in which order, and that the line is wiped."""

import json
import re

from conftest import DEMO
from terminal import ANSI, run
from test_exports_batches import SOPEN
from test_exports_cli import _dest
from test_exports_notion import S1, S2, WS

NOW = {"TALKBAR_PROGRESS_AFTER_MS": "0"}
WIPE = "\r\x1b[K"


def _steps(stderr):
    """The progress lines drawn, in order, without the terminal's control codes."""
    return [ANSI.sub("", part) for part in stderr.split("\r") if ANSI.sub("", part).strip()]


def _first(steps, text):
    return next(i for i, s in enumerate(steps) if text in s)


def test_import_shows_its_steps_on_a_terminal_and_wipes_the_line(tb):
    r = run(tb, "app", "import", DEMO, stderr_tty=True, env=NOW)
    assert r.code == 0, r
    assert json.loads(r.stdout)["imported"]["sessions"] > 0        # stdout is a pipe: plain JSON
    steps = _steps(r.stderr)
    assert all(s.startswith(f"Importing {DEMO} · ") for s in steps), steps
    order = [_first(steps, what) for what in ("opening the database", "MB read", "checking the document",
                                              "writing notes", "building the search index", "saving")]
    assert order == sorted(order), steps                               # sessions are written as they are read
    assert any(re.search(r" · \d+\.\d of \d+\.\d MB read ", s) for s in steps), steps   # how much of how much
    shares = [int(m) for m in re.findall(r" (\d+)% · ", r.stderr)]
    assert shares and shares == sorted(shares) and shares[-1] == 100, shares   # it only ever grows
    assert r.stderr.endswith(WIPE)                                     # nothing stays on the screen


def test_no_progress_when_stderr_is_piped_or_with_verbose(tb, tmp_path):
    r = tb.run("app", "import", DEMO, env=NOW)
    assert r.code == 0 and r.stderr == "", r
    other = type(tb)(tmp_path / "other")
    r = run(other, "-v", "app", "import", DEMO, stderr_tty=True, env=NOW)
    assert r.code == 0
    lines = [json.loads(line) for line in r.stderr.replace("\r\n", "\n").splitlines()]   # only events
    assert lines and all("event" in line for line in lines)


def test_export_run_shows_the_batch_going_by_on_a_terminal_only(demo, tmp_path):
    _dest(demo, tmp_path)
    batch = demo.ok("exports.enqueue", {"sessionIds": [S1, SOPEN, S2], "destinationIds": ["dest-md"]})["batchId"]
    r = run(demo, "exports", "run", "--workspace", WS, "--batch", batch, stderr_tty=True, env=NOW)
    assert r.code == 0, r
    assert [d["status"] for d in json.loads(r.stdout)["deliveries"]] == ["exported", "waitingForSummary", "exported"]
    steps = _steps(r.stderr)
    assert any(s.startswith(f"Exporting · Exporting session {S1} to ") for s in steps), steps
    assert any(s.startswith("Exporting · Recorded the outcome ") and "%" in s for s in steps), steps
    assert r.stderr.endswith(WIPE)
    batch = demo.ok("exports.enqueue", {"sessionIds": [S1], "destinationIds": ["dest-md"]})["batchId"]
    r = demo.run("exports", "run", "--workspace", WS, "--batch", batch, env=NOW)
    assert r.code == 0 and r.stderr == "", r


def test_fixture_export_shows_each_workspace_on_a_terminal(demo, demo_doc):
    r = run(demo, "app", "export", stderr_tty=True, env=NOW)
    assert r.code == 0 and json.loads(r.stdout)["format"] == "talkbar-fixture/1", r
    shown = re.findall(r"Exporting the data root · reading workspace (\S+) · ", r.stderr)
    exported = [ws["workspaceId"] for ws in json.loads(r.stdout)["workspaces"]]
    assert list(dict.fromkeys(shown)) == exported                       # each one, in the order read
    assert set(shown) == {ws["workspaceId"] for ws in demo_doc["workspaces"]}


def test_worker_pass_shows_progress_on_a_terminal(demo, tmp_path):
    _dest(demo, tmp_path)
    demo.ok("exports.enqueue", {"sessionIds": [S1], "destinationIds": ["dest-md"]})
    r = run(demo, "exports", "worker", "--workspace", WS, "--drain", stderr_tty=True, env=NOW)
    assert r.code == 0, r
    assert json.loads(r.stdout.splitlines()[0])["deliveries"][0]["status"] == "exported"
    steps = _steps(r.stderr)
    assert _first(steps, "Exports worker · planning automatic exports") < _first(steps, f"Exporting session {S1}"), steps


def test_a_compaction_started_by_a_write_finishes_under_a_progress_line(demo):
    # Tail postings past the threshold (compact.MIN_ROWS; the demo's sorted postings are few), in
    # fewer writes than a process makes between two looks at the tail: the batch's process looks at
    # its first write only (a read after it ends that write's group, so the first look sees one
    # note); the next process's first write finds the tail past the threshold and starts a
    # compaction, which that process lets finish at exit.
    from talkbar.search import compact
    per_note = 2500
    count = compact.MIN_ROWS // per_note + 1
    assert count <= compact.CHECK_EVERY
    notes = [{"tool": "notes.create", "args": {"title": f"Words {n}",
                                               "markdown": " ".join(f"zq{n}x{i}" for i in range(per_note))}}
             for n in range(count)]
    code, out = demo.batch(notes[:1] + [{"tool": "workspace.list"}] + notes[1:])
    assert code == 0, out
    r = run(demo, "tools", "call", "notes.create", "--args", '{"title": "One more"}', stderr_tty=True, env=NOW)
    assert r.code == 0, r
    assert _steps(r.stderr) and all(s.startswith("Compacting the search index · ") for s in _steps(r.stderr)), r
    assert r.stderr.endswith(WIPE)
