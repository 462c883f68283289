"""How a session page is read (talkbar/speaker_names.py, migration 0881, db.settings): the speakers'
shown names given once for every read, and a session's turns found through the index on
session_no only when there are few of them."""

import json
import subprocess

from conftest import cli_command, generate_fixture
from talkbar import speaker_names, sqlfiles
from talkbar.db import Database


class FakeCtx:
    """Answers session_speakers.cyrillic with the sessions given, and counts the asks."""

    def __init__(self, cyrillic=()):
        self.cyrillic, self.asked = set(cyrillic), []

    def sql(self, name, **params):
        assert name == "session_speakers.cyrillic"
        self.asked.append(params["session_ids"])
        return [{"sessionId": sid} for sid in params["session_ids"] if sid in self.cyrillic]


def person(speaker, name, ord_, first_seq):
    return {"speakerId": speaker, "name": name, "ord": ord_, "firstSeq": first_seq}


PEOPLE = [person("a", "Ann", 0, 5), person("b", None, 1, None), person("c", None, 2, 1), person("d", None, 3, 3)]


def test_unnamed_speakers_are_numbered_by_first_turn_and_the_silent_come_last():
    named = speaker_names.shown(FakeCtx(), {"s1": PEOPLE})["s1"]
    assert [(r["speakerId"], r["name"], r["givenName"]) for r in named] == [
        ("c", "Speaker 1", None), ("d", "Speaker 2", None), ("a", "Ann", "Ann"), ("b", "Speaker 3", None)]


def test_a_cyrillic_session_names_them_in_russian_and_only_sessions_with_unnamed_speakers_are_asked():
    ctx = FakeCtx(cyrillic={"ru"})
    everyone_named = [person("x", "Олег", 0, 0)]
    out = speaker_names.shown(ctx, {"ru": PEOPLE, "en": PEOPLE, "named": everyone_named})
    assert [r["name"] for r in out["ru"]] == ["Участник 1", "Участник 2", "Ann", "Участник 3"]
    assert [r["name"] for r in out["en"]] == ["Speaker 1", "Speaker 2", "Ann", "Speaker 3"]
    assert ctx.asked == [["ru", "en"]]
    ctx = FakeCtx()
    assert [r["name"] for r in speaker_names.shown(ctx, {"named": everyone_named})["named"]] == ["Олег"]
    assert ctx.asked == []


def test_stats_and_the_transcript_name_every_speaker_alike(demo):
    """Every session's stats and transcript, read in one `tools batch` (a process per read would
    only cost time)."""
    sids = [s["sessionId"] for s in demo.ok("sessions.list", {"limit": 100})["items"]]
    code, out = demo.batch([call for sid in sids for call in (
        {"tool": "sessions.stats", "args": {"sessionId": sid}},
        {"tool": "sessions.transcript", "args": {"sessionId": sid, "format": "json", "maxChars": 200000}})])
    assert code == 0 and len(out) == 2 * len(sids), out
    checked = 0
    for sid, stats, page in zip(sids, out[::2], out[1::2]):
        assert stats["ok"] and page["ok"], (sid, stats, page)
        shown = {s["name"] for s in stats["result"]["speakers"]}
        turns = page["result"]["turns"]
        assert {t["speaker"] for t in turns} <= shown, sid
        checked += bool(turns)
    assert checked > 5


def scan_of_turns(db_path, session_no):
    """How DuckDB found one session's turns for session_speakers.spoken, on the engine's connection."""
    db = Database(db_path, create=False)
    try:
        with db.cursor() as cur:
            profile = db_path.parent / "profile.json"
            cur.execute(f"SET enable_profiling = 'json'; SET profiling_output = '{profile}'")
            cur.execute(sqlfiles.get("session_speakers.spoken").text, {"session_no": session_no}).fetchall()
            cur.execute("SET enable_profiling = 'no_output'")
            tree = json.loads(profile.read_text())

            def scans(node):
                found = [(node.get("extra_info") or {}).get("Type")] if node.get("type") == "TABLE_SCAN" else []
                return found + [s for child in node.get("children", []) for s in scans(child)]
            return [s for op in tree["operator"] for s in scans(op)]
    finally:
        db.release_now()


def test_a_short_sessions_turns_come_through_the_index_a_long_ones_by_scanning(demo, tmp_path):
    fixture = tmp_path / "short.json"
    generate_fixture(fixture, 5, 6)
    root = tmp_path / "root"
    done = subprocess.run(cli_command() + ["app", "import", str(fixture)], env=demo.env(TALKBAR_DATA_ROOT=str(root)),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert scan_of_turns(root / "talkbar.duckdb", 3) == ["Index Scan"]
    assert scan_of_turns(demo.db, 3) == ["Sequential Scan"]   # the demo's sessions hold 70-124 turns


def test_the_list_counts_each_sessions_participants_none_included(fresh_engine):
    """sessions.list's participantCount (counted for the page's sessions at once): what
    session_participants holds for each session, 0 for one that has none."""
    import duckdb
    newest = fresh_engine.call("sessions.list", {"limit": 1})["items"][0]["sessionId"]
    fresh_engine.db.release_now()
    con = duckdb.connect(str(fresh_engine.db.path))
    con.execute("DELETE FROM session_participants WHERE session_id = $s", {"s": newest})
    want = dict(con.execute("SELECT s.session_id, count(p.session_id) FROM sessions s "
                            "LEFT JOIN session_participants p USING (session_id) GROUP BY 1").fetchall())
    con.close()
    listed = fresh_engine.call("sessions.list", {"limit": 100})["items"]
    assert len(listed) > 10 and listed[0]["sessionId"] == newest and listed[0]["participantCount"] == 0
    assert {x["sessionId"]: x["participantCount"] for x in listed} == {x["sessionId"]: want[x["sessionId"]] for x in listed}
