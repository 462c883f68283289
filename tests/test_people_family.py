"""People and companies in sequences: session counts that agree with contacts.sessions, speaker
names and talk shares, archive and unarchive as safe retries, and the email rule as a property."""

import json

import duckdb
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from test_knowledge_data import T0, family, family_template, results  # noqa: F401 (fixtures)


# These tests are about what the operations do, not the process around them: tb and demo run
# their tools/app commands in this process (conftest.InProcessCLI).
pytestmark = pytest.mark.commands_in_process


PETER = "contact-jgsdampd0cjhgwoi31zb"
DANA = "contact-cf2h51t5i821zfbmftsu"
ACME = "org-z1lr8n4ujayyqpgujzps"


def test_counts_agree_with_the_sessions_of_each_person(demo):
    people = demo.ok("contacts.list", {"includeArchived": True})["contacts"]
    _, out = demo.batch([{"tool": "contacts.sessions", "args": {"contactId": p["contactId"], "limit": 200}}
                         for p in people])
    for person, pages in zip(people, results(out)):
        sessions = pages["sessions"]
        assert len(sessions) == person["sessionCount"], person["name"]
        assert (sessions[0]["startedAtMs"] if sessions else None) == person["lastMetAtMs"], person["name"]
        assert all(0 < s["share"] <= 1 for s in sessions)


def test_speaker_names_talk_time_and_share(family):
    _, out = family.batch([
        {"tool": "contacts.sessions", "args": {"contactId": "contact-nameless"}},
        {"tool": "contacts.sessions", "args": {"contactId": "contact-two"}},
        {"tool": "contacts.list"},
        {"tool": "sessions.transcript", "args": {"sessionId": "session-live", "speaker": "Speaker 1", "format": "json"}},
    ])
    nameless, two, listing, filtered = results(out)
    live = {"sessionId": "session-live", "title": "Live", "startedAtMs": T0, "endedAtMs": T0 + 600_000,
            "excludedFromAi": False, "private": False}
    # speakers by first turn: a, c, b, d; b is the only one without a name, so the session page
    # (and its transcript's speaker filter) calls it "Speaker 1"
    assert nameless["sessions"] == [{**live, "speaker": "Speaker 1", "talkTimeMs": 1000, "share": 0.1111}]
    assert {t["speaker"] for t in filtered["turns"]} == {"Speaker 1"} and filtered["turns"]
    # one person under two speakers counts once, with the name of the first to speak; the trashed
    # session is left out
    assert two["sessions"] == [{**live, "speaker": "Tomas Two", "talkTimeMs": 5000, "share": 0.5556}]
    assert {c["contactId"]: (c["sessionCount"], c["lastMetAtMs"]) for c in listing["contacts"]} == {
        "contact-nameless": (1, T0), "contact-two": (1, T0)}


ARCHIVE_DATES = {  # archived_at_ms is not in any answer: read it from the database file
    "contacts": "SELECT contact_id, archived_at_ms FROM contacts WHERE contact_id = $id",
    "organizations": "SELECT organization_id, archived_at_ms FROM organizations WHERE organization_id = $id",
}


def _archive_date(tb, ops, item_id):
    con = duckdb.connect(str(tb.db), read_only=True)
    try:
        return con.execute(ARCHIVE_DATES[ops], {"id": item_id}).fetchone()[1]
    finally:
        con.close()


@pytest.mark.parametrize("ops,id_arg,item_id", [
    ("contacts", "contactId", DANA),
    ("organizations", "organizationId", ACME),
])
def test_archive_and_unarchive_are_safe_retries(demo, ops, id_arg, item_id):
    item = {id_arg: item_id}

    def batch_at(now, calls):
        return results(demo.run("tools", "batch", input=json.dumps(calls), env={"TALKBAR_NOW_MS": now}).json)

    first_archive, archived = batch_at(4_000_000_000_000, [
        {"tool": f"{ops}.archive", "args": item}, {"tool": f"{ops}.get", "args": item}])
    second_archive, still, hidden, shown = batch_at(4_000_000_009_000, [
        {"tool": f"{ops}.archive", "args": item}, {"tool": f"{ops}.get", "args": item},
        {"tool": f"{ops}.list", "args": {"limit": 500}},
        {"tool": f"{ops}.list", "args": {"limit": 500, "includeArchived": True}}])
    assert first_archive == second_archive and first_archive["archived"] is True
    assert still == archived  # updatedAt too: the second call changed nothing
    assert _archive_date(demo, ops, item_id) == 4_000_000_000_000  # the first archive's date
    assert item_id not in {row[id_arg] for row in hidden[ops]}
    assert item_id in {row[id_arg] for row in shown[ops]}
    back, back_again, after = results(demo.batch([{"tool": f"{ops}.unarchive", "args": item},
                                                  {"tool": f"{ops}.unarchive", "args": item},
                                                  {"tool": f"{ops}.get", "args": item}])[1])
    assert back == back_again and back["archived"] is False and after["updatedAt"] > archived["updatedAt"]
    assert _archive_date(demo, ops, item_id) is None


def test_archived_people_stay_editable_and_clearing_works(demo):
    _, out = demo.batch([
        {"tool": "contacts.update", "args": {"contactId": PETER, "email": "peter@hale.example", "notes": None}},
        {"tool": "contacts.update", "args": {"contactId": PETER, "email": "", "phone": None,
                                             "relationshipTag": "Former client"}},
        {"tool": "contacts.update", "args": {"contactId": PETER, "email": None}},
    ])
    first, second, third = results(out)
    assert first["archived"] and first["email"] == "peter@hale.example" and first["notes"] == ""
    assert second["email"] is None and second["relationshipTag"] == "Former client" and second["phone"] is None
    assert third == {**second, "updatedAt": third["updatedAt"]} and third["updatedAt"] > second["updatedAt"]


def test_speaker_link_refuses_archived_people(demo):
    """Coordination with the sessions family (sessions.speakers.link): runs once that operation exists."""
    code, out = demo.call("sessions.speakers.link", {
        "sessionId": "39fe64f1-bf71-4eb0-bfbe-27a455438c14", "speakerId": "spk-39fe64f1-4", "contactId": PETER})
    if out["error"]["code"] == "not_found" and "Unknown operation" in out["error"]["message"]:
        pytest.skip("sessions.speakers.link is not in this build")
    assert code == 1 and out["error"]["code"] == "not_found"


# ---------------------------------------------------------------------- the email rule as a property
EMAIL_CHARS = st.sampled_from(list("ab.-_+1@@ ") + ["\t", "\u00a0", "é", "\u2003", "ы"])


def follows_email_rule(text):
    """The spec's rule, read literally: exactly one @ with text on both sides, and no spaces."""
    local, at, domain = text.partition("@")
    return at == "@" and bool(local) and bool(domain) and "@" not in domain and not any(c.isspace() for c in text)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(emails=st.lists(st.text(EMAIL_CHARS, min_size=0, max_size=8), min_size=25, max_size=25))
def test_email_rule_on_create_and_update(tb, emails):
    calls = [{"tool": "contacts.create", "args": {"name": f"P{i}", "email": e}} for i, e in enumerate(emails)]
    calls += [{"tool": "contacts.create", "args": {"name": "Target"}}]
    _, out = tb.batch(calls)
    target = out[-1]["result"]["contactId"]
    for email, entry in zip(emails, out):
        assert entry["ok"] is follows_email_rule(email), (email, entry)
        if not entry["ok"]:
            assert entry["error"]["message"].startswith("email must look like name@example.com")
    _, out = tb.batch([{"tool": "contacts.update", "args": {"contactId": target, "email": e}} for e in emails])
    for email, entry in zip(emails, out):
        assert entry["ok"] is (email == "" or follows_email_rule(email)), (email, entry)
        if entry["ok"]:
            assert entry["result"]["email"] == (email or None)
