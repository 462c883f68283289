"""contacts.list over the generated 2,000-session workspace: one SQL query for the whole list
(no query per person), and counts equal to what the fixture itself says.

The fixture is written by fixtures/generate.py once per test session (20 turns per session keep
the import quick; the point — how many queries contacts.list runs — does not depend on turns).
"""

import json
from collections import defaultdict

import pytest

from conftest import TB, generate_fixture

SESSIONS, TURNS = 2000, 20


@pytest.fixture(scope="session")
def big(tmp_path_factory):
    folder = tmp_path_factory.mktemp("big")
    doc_path = folder / "fixture.json"
    generate_fixture(doc_path, SESSIONS, TURNS)
    t = TB(folder / "root")
    r = t.run("app", "import", str(doc_path), timeout=600)
    assert r.code == 0, r
    return t, json.loads(doc_path.read_text(encoding="utf-8"))


def expected_counts(doc):
    """contactId -> (sessions spoken in, last start), straight from the fixture."""
    met = defaultdict(set)
    last = {}
    for ws in doc["workspaces"]:
        for s in ws["sessions"]:
            if s.get("trashedAt"):
                continue
            spoke = {t["speakerId"] for t in s["turns"]}
            for p in s["participants"]:
                if p.get("contactId") and p["speakerId"] in spoke:
                    met[p["contactId"]].add(s["sessionId"])
                    last[p["contactId"]] = max(last.get(p["contactId"], 0), s["startedAtMs"])
    return {cid: (len(sids), last[cid]) for cid, sids in met.items()}


def op_queries(stderr):
    """The names of the queries the operation itself ran (after the workspace was resolved; not the
    settings of DuckDB's threads around an op marked `wide`, talkbar/dbwidth.py)."""
    names = [e["name"] for e in map(json.loads, stderr.splitlines())
             if e.get("event") == "sql" and not e["name"].startswith("db.threads.")]
    return names[names.index("workspace.resolve") + 1:]


def test_contacts_list_is_one_query(big):
    t, doc = big
    r = t.run("-v", "--output", "json", "tools", "call", "contacts.list", "--args", '{"limit": 500}')
    assert r.code == 0, r
    assert op_queries(r.stderr) == ["contacts.list"]
    contacts = r.json["contacts"]
    assert len(contacts) == len(doc["workspaces"][0]["contacts"])
    want = expected_counts(doc)
    got = {c["contactId"]: (c["sessionCount"], c["lastMetAtMs"]) for c in contacts}
    assert got == {c["contactId"]: want.get(c["contactId"], (0, None)) for c in contacts}
    assert sum(n for n, _ in got.values()) > SESSIONS  # several people speak in each session


def test_text_filter_is_still_one_query(big):
    t, _ = big
    r = t.run("-v", "--output", "json", "tools", "call", "contacts.list",
              "--args", '{"query": "example.com", "limit": 3}')
    assert r.code == 0, r
    assert op_queries(r.stderr) == ["contacts.list"]
    assert len(r.json["contacts"]) == 3


def test_contact_sessions_pages_agree_with_the_count(big):
    t, _ = big
    _, listing = t.call("contacts.list", {"limit": 1})
    person = listing["contacts"][0]
    calls = [{"tool": "contacts.sessions", "args": {"contactId": person["contactId"], "limit": 200, "offset": o}}
             for o in range(0, person["sessionCount"] + 200, 200)]
    _, pages = t.batch(calls)
    sessions = [s for p in pages for s in p["result"]["sessions"]]
    assert len(sessions) == person["sessionCount"]
    assert len({s["sessionId"] for s in sessions}) == len(sessions)
    assert sessions[0]["startedAtMs"] == person["lastMetAtMs"]
    assert [s["startedAtMs"] for s in sessions] == sorted((s["startedAtMs"] for s in sessions), reverse=True)
    assert all(0 < s["share"] <= 1 and s["talkTimeMs"] > 0 for s in sessions)
    assert pages[-1]["result"]["nextOffset"] is None and pages[0]["result"]["hasMore"] is True
