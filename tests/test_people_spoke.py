"""Who spoke in a session, as the people's reads count it (migration 1040): a participant `spoke`
when they have a turn there. contacts.list and contacts.sessions read it from the participants, not
from every turn, so each writer of turns keeps it: an import from the session's own turns, the
recorder from the voices it hears, and the migration from the turns an older file holds."""

import json
import subprocess

import duckdb
import pytest

from conftest import PINNED_NOW_MS, cli_command
from older_database import workspace_before
from talkbar.db import Database
from talkbar.engine import CLI, Engine

ACME = "8d51ad9b-43ac-4782-991c-d082f05de62e"
QUIET = "f8ea36ed-a5e3-4ec6-b5c6-b348ce403932"       # a demo session where Zoë Müller never spoke
ZOE, ZOE_THERE = "contact-30ncf5muggwcw44rfvp0", "spk-f8ea36ed-5"


@pytest.fixture(autouse=True)
def one_clock(demo):
    demo.env_extra["TALKBAR_NOW_MS"] = PINNED_NOW_MS


def wrong_flags(path):
    """Participants whose `spoke` says otherwise than their turns."""
    con = duckdb.connect(str(path), read_only=True)
    try:
        return con.execute("SELECT p.session_id, p.speaker_id, p.spoke FROM session_participants p "
                           "WHERE p.spoke IS DISTINCT FROM EXISTS (SELECT 1 FROM turns t "
                           "WHERE t.session_id = p.session_id AND t.speaker_id = p.speaker_id)").fetchall()
    finally:
        con.close()


def record(tb, tmp_path, session_id, *turns):
    lines = tmp_path / "turns.jsonl"
    lines.write_text("".join(json.dumps(t) + "\n" for t in turns))
    proc = subprocess.run(cli_command() + ["--output", "json", "app", "record", session_id, "--turns", str(lines),
                                           "--interval-ms", "0", "--stop-after"],
                          env=tb.env(), capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr


def met(tb, contact_id):
    """(sessionCount, lastMetAtMs) from contacts.list, and the sessions contacts.sessions lists."""
    person = next(c for c in tb.ok("contacts.list", {"limit": 500})["contacts"] if c["contactId"] == contact_id)
    listed = tb.ok("contacts.sessions", {"contactId": contact_id, "limit": 100})
    assert not listed["hasMore"]
    return (person["sessionCount"], person["lastMetAtMs"]), {s["sessionId"]: s for s in listed["sessions"]}


def test_an_import_marks_who_spoke_as_the_turns_say(demo):
    con = duckdb.connect(str(demo.db), read_only=True)
    silent = con.execute("SELECT count(*) FROM session_participants WHERE NOT spoke").fetchone()[0]
    con.close()
    assert silent > 0 and wrong_flags(demo.db) == []


def test_a_silent_person_heard_live_has_met_the_session(demo, tmp_path):
    (count, last), sessions = met(demo, ZOE)
    assert QUIET not in sessions and count == len(sessions) > 0
    started = demo.ok("sessions.get", {"sessionId": QUIET})["startedAtMs"]

    record(demo, tmp_path, QUIET, {"speakerId": ZOE_THERE, "text": "A word at last.", "startMs": 5_000_000,
                                   "endMs": 5_001_500})

    (count_after, last_after), after = met(demo, ZOE)
    assert (count_after, last_after) == (count + 1, max(last, started))
    assert after[QUIET]["speaker"] == "Zoë Müller" and after[QUIET]["talkTimeMs"] == 1500
    assert {k: v for k, v in after.items() if k != QUIET} == sessions
    assert wrong_flags(demo.db) == []


def test_a_new_voice_linked_to_a_person_has_met_the_session(demo, tmp_path):
    hana = demo.ok("contacts.create", {"name": "Hana Novak"})["contactId"]
    assert met(demo, hana) == ((0, None), {})

    record(demo, tmp_path, ACME, {"speakerId": "voice-hana", "text": "Hello from Hana.", "startMs": 980_000,
                                  "endMs": 981_000})
    demo.ok("sessions.speakers.link", {"sessionId": ACME, "speakerId": "voice-hana", "contactId": hana})

    started = demo.ok("sessions.get", {"sessionId": ACME})["startedAtMs"]
    (count, last), sessions = met(demo, hana)
    assert (count, last, list(sessions)) == (1, started, [ACME])
    assert sessions[ACME]["talkTimeMs"] == 1000 and sessions[ACME]["speaker"] == "Hana Novak"
    assert wrong_flags(demo.db) == []


def test_a_file_from_before_the_migration_learns_who_spoke(tmp_path, monkeypatch):
    path = tmp_path / "older.duckdb"
    con, ws = workspace_before(path, 1040, monkeypatch)
    con.execute("INSERT INTO contacts (workspace_id, contact_id, name, created_at, updated_at) "
                "VALUES ($ws, 'c-ann', 'Ann', 1, 1)", {"ws": ws})
    for sid, start in (("ses-1", 1000), ("ses-2", 2000)):
        con.execute("INSERT INTO sessions (workspace_id, session_id, title, started_at_ms, ended_at_ms, created_at, "
                    "updated_at) VALUES ($ws, $sid, $sid, $start, $start + 60000, 1, 1)",
                    {"ws": ws, "sid": sid, "start": start})
        con.execute("INSERT INTO session_participants (workspace_id, session_id, speaker_id, name, contact_id, ord) "
                    "VALUES ($ws, $sid, 's1', 'Ann', 'c-ann', 0)", {"ws": ws, "sid": sid})
    con.execute("INSERT INTO turns (workspace_id, session_id, turn_id, seq, speaker_id, start_ms, end_ms, text, "
                "changed_at_ms, session_no) SELECT $ws, 'ses-1', 't1', 0, 's1', 0, 700, 'Ann speaks.', 1, session_no "
                "FROM sessions WHERE session_id = 'ses-1'", {"ws": ws})   # Ann never speaks in ses-2
    con.close()

    engine = Engine(Database(path, create=False, idle_s=0), CLI)
    ann = engine.call("contacts.list", {})["contacts"]
    listed = engine.call("contacts.sessions", {"contactId": "c-ann"})["sessions"]
    assert [(c["contactId"], c["sessionCount"], c["lastMetAtMs"]) for c in ann] == [("c-ann", 1, 1000)]
    assert [(s["sessionId"], s["talkTimeMs"]) for s in listed] == [("ses-1", 700)]
    assert wrong_flags(path) == []


def test_pages_of_a_persons_sessions_hold_only_sessions_they_spoke_in(demo):
    """Zoë Müller is a participant of two demo sessions she never spoke in: a page is cut from the
    sessions she spoke in only, so every page but the last is full and together they are the list."""
    (count, _last), whole = met(demo, ZOE)
    pages, offset = [], 0
    while offset is not None:
        page = demo.ok("contacts.sessions", {"contactId": ZOE, "limit": 1, "offset": offset})
        pages.append([s["sessionId"] for s in page["sessions"]])
        offset = page["nextOffset"]
    assert [len(p) for p in pages] == [1] * count
    assert [sid for p in pages for sid in p] == list(whole)
