"""The per-session layout (migrations 0850-0852): every session has an integer key, `session_no`,
every turn carries its session's key, and turns are stored in key order, so that a per-session
read opens only its session's row groups. The importer, the recorder and the migration of an older
database each keep that true; reads answer the same either way."""

import json
import subprocess

import duckdb

from conftest import cli_command
from older_database import workspace_before
from talkbar.db import Database
from talkbar.engine import CLI, Engine

ACME = "8d51ad9b-43ac-4782-991c-d082f05de62e"


def layout(path):
    """(turns whose key is not their session's, turns stored after a turn of a later session)."""
    con = duckdb.connect(str(path), read_only=True)
    try:
        wrong = con.execute("SELECT count(*) FROM turns t JOIN sessions s USING (session_id) "
                            "WHERE t.session_no <> s.session_no").fetchone()[0]
        unordered = con.execute("SELECT count(*) FROM (SELECT session_no, lag(session_no) OVER (ORDER BY rowid) AS prev "
                                "FROM turns) WHERE session_no < prev").fetchone()[0]
        keys = con.execute("SELECT count(*), count(DISTINCT session_no), count(session_no) FROM sessions").fetchone()
    finally:
        con.close()
    return wrong, unordered, keys


def test_imported_turns_carry_their_session_key_in_session_order(demo):
    wrong, unordered, (n, distinct, keyed) = layout(demo.db)
    assert (wrong, unordered) == (0, 0)
    assert n == distinct == keyed and n > 0


def test_recorded_turns_carry_their_session_key(demo, tmp_path):
    before = demo.ok("sessions.stats", {"sessionId": ACME})["turns"]
    lines = tmp_path / "turns.jsonl"
    lines.write_text("".join(json.dumps({"speakerId": "spk-8d51ad9b-1", "text": f"live words {i}", "startMs": 4_000_000 + i,
                                         "endMs": 4_000_500 + i}) + "\n" for i in range(3)))
    done = subprocess.run(cli_command() + ["app", "record", ACME, "--turns", str(lines), "--interval-ms", "1",
                                           "--stop-after"], env=demo.env(), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert demo.ok("sessions.stats", {"sessionId": ACME})["turns"] == before + 3
    page = demo.ok("sessions.transcript", {"sessionId": ACME, "format": "json", "turnOffset": before})
    assert [t["text"] for t in page["turns"]] == [f"live words {i}" for i in range(3)]
    wrong, _unordered, _keys = layout(demo.db)
    assert wrong == 0


def test_a_database_from_before_session_keys_is_laid_out_by_session_when_opened(tmp_path, monkeypatch):
    path = tmp_path / "old.duckdb"
    con, ws = workspace_before(path, 850, monkeypatch)   # a database as talkbar-cli made it before migration 0850
    for sid, title in (("ses-b", "Second"), ("ses-a", "First")):
        con.execute("INSERT INTO sessions (workspace_id, session_id, title, started_at_ms, ended_at_ms, created_at, "
                    "updated_at) VALUES ($ws, $sid, $title, 1000, 61000, 1, 1)", {"ws": ws, "sid": sid, "title": title})
        for spk, name in (("s1", "Ann"), ("s2", None)):
            con.execute("INSERT INTO session_participants (workspace_id, session_id, speaker_id, name, ord) "
                        "VALUES ($ws, $sid, $spk, $name, $ord)", {"ws": ws, "sid": sid, "spk": spk, "name": name,
                                                                  "ord": int(spk[1])})
    for i in range(6):  # the two sessions' turns interleaved in storage, as concurrent writers would leave them
        for sid in ("ses-a", "ses-b"):
            con.execute("INSERT INTO turns (workspace_id, session_id, turn_id, seq, speaker_id, start_ms, end_ms, "
                        "text, changed_at_ms) VALUES ($ws, $sid, $tid, $seq, $spk, $t, $t + 500, $text, $seq)",
                        {"ws": ws, "sid": sid, "tid": f"{sid}-t{i}", "seq": i, "spk": "s1" if i % 2 else "s2",
                         "t": i * 1000, "text": f"{sid} turn {i}"})
    con.close()

    db = Database(path, create=False, idle_s=0)
    engine = Engine(db, CLI)
    stats = {sid: engine.call("sessions.stats", {"sessionId": sid}) for sid in ("ses-a", "ses-b")}
    pages = {sid: engine.call("sessions.transcript", {"sessionId": sid, "format": "json"}) for sid in ("ses-a", "ses-b")}
    wrong, unordered, (n, distinct, keyed) = layout(path)
    assert (wrong, unordered, n, distinct, keyed) == (0, 0, 2, 2, 2)
    for sid in ("ses-a", "ses-b"):
        assert stats[sid]["turns"] == 6 and stats[sid]["speakerCount"] == 2 and stats[sid]["talkTimeMs"] == 3000
        assert [s["name"] for s in stats[sid]["speakers"]] == ["Speaker 1", "Ann"]  # s2 spoke first
        assert [t["text"] for t in pages[sid]["turns"]] == [f"{sid} turn {i}" for i in range(6)]
