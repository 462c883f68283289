"""Sequences of session writes: revisions, the Trash, plan limits, speakers and people, cards."""

import json
import subprocess
import sys
from pathlib import Path
import pytest


# These tests are about what the operations do, not the process around them: tb and demo run
# their tools/app commands in this process (conftest.InProcessCLI).
pytestmark = pytest.mark.commands_in_process


ACME = "8d51ad9b-43ac-4782-991c-d082f05de62e"
PRICING = "c9db1374-73be-403e-adc6-cc1f3f08f3d9"
NORTHWIND = "c9d45f94-d812-453d-bd9f-5d596c814c59"
SYNC = "98456b9a-3462-4292-a2bd-d516cd3a1cc9"
TRASHED = "e5a2a1c7-8b22-4937-947b-e27fead3f53c"
P_ACME = "project-z1lr8n4ujayyqpgujzps7wk3"
P_NORTHWIND = "project-ae0rezt0h4uiip4pb1fbi19t"
FINANCE = "topic-u2zllysu0y9hdqwt"
PRICING_TOPIC = "topic-vy3z2dj6jdc385k0"
GENERATE = Path(__file__).resolve().parent.parent / "fixtures" / "generate.py"


def results(tb, calls, env=None):
    r = tb.run("tools", "batch", input=json.dumps(calls), env=env)
    out = r.json
    return [e["result"] if e["ok"] else e["error"] for e in out]


def revision(tb, sid=ACME):
    return results(tb, [{"tool": "sessions.get", "args": {"sessionId": sid}}])[0]["revision"]


def test_every_change_to_the_session_page_moves_its_revision_and_no_op_repeats_do_not(demo):
    changes = [
        {"tool": "sessions.rename", "args": {"sessionId": ACME, "title": "Acme, round two"}},
        {"tool": "sessions.pin", "args": {"sessionId": ACME, "pinned": True}},
        {"tool": "sessions.move", "args": {"sessionId": ACME, "projectId": P_NORTHWIND}},
        {"tool": "topics.assign", "args": {"topicId": FINANCE, "sessionId": ACME}},
        {"tool": "topics.unassign", "args": {"topicId": FINANCE, "sessionId": ACME}},
        {"tool": "markers.create", "args": {"sessionId": ACME, "atMs": 5000}},
        {"tool": "sessions.cards.add", "args": {"sessionId": ACME, "title": "A card"}},
        {"tool": "sessions.cards.detach", "args": {"sessionId": ACME, "memoryId": "memory-9yopx7hgyf57llt3hl428p8j"}},
        {"tool": "sessions.speakers.unlink", "args": {"sessionId": ACME, "speakerId": "spk-8d51ad9b-2"}},
    ]
    repeats = [
        {"tool": "sessions.rename", "args": {"sessionId": ACME, "title": "Acme, round two"}},
        {"tool": "sessions.pin", "args": {"sessionId": ACME, "pinned": True}},
        {"tool": "sessions.move", "args": {"sessionId": ACME, "projectId": P_NORTHWIND}},
        {"tool": "topics.unassign", "args": {"topicId": FINANCE, "sessionId": ACME}},
        {"tool": "sessions.cards.detach", "args": {"sessionId": ACME, "memoryId": "memory-9yopx7hgyf57llt3hl428p8j"}},
        {"tool": "sessions.restore", "args": {"sessionId": ACME}},
    ]
    get = {"tool": "sessions.get", "args": {"sessionId": ACME}}
    calls = [get]
    for change in changes + repeats:
        calls += [change, get]
    out = results(demo, calls)
    revisions = [r["revision"] for r in out[0::2]]
    moved = len(changes)
    assert revisions[:moved + 1] == list(range(1, moved + 2)), revisions
    assert revisions[moved + 1:] == [revisions[moved]] * len(repeats), revisions
    updated = [r["updatedAt"] for r in out[0::2]]
    assert updated == sorted(updated) and len(set(updated[:moved + 1])) == moved + 1
    final = out[-1]
    assert (final["title"], final["pinned"], final["projectId"]) == ("Acme, round two", True, P_NORTHWIND)


def test_trash_keeps_the_first_date_hides_the_session_and_restore_brings_it_back(demo):
    first = {"TALKBAR_NOW_MS": "1800000000000"}
    later = {"TALKBAR_NOW_MS": "1800000999000"}
    results(demo, [{"tool": "sessions.trash", "args": {"sessionId": ACME}}], env=first)
    again, listing, trash, get, markers = results(demo, [
        {"tool": "sessions.trash", "args": {"sessionId": ACME}},
        {"tool": "sessions.list", "args": {"projectId": P_ACME, "status": "complete"}},
        {"tool": "sessions.trash.list", "args": {"limit": 1}},
        {"tool": "sessions.get", "args": {"sessionId": ACME}},
        {"tool": "markers.list", "args": {"sessionId": ACME}}], env=later)
    assert again == {"sessionId": ACME, "trashed": True, "sessionStatus": "complete"}
    assert ACME not in [i["sessionId"] for i in listing["items"]] and listing["totalCount"] == 2
    assert trash["sessions"] == [{"sessionId": ACME, "title": "Acme Logistics — contract terms follow-up",
                                  "trashedAt": 1800000000000}]
    assert get["code"] == markers["code"] == "not_found" and "restore it first" in get["message"]
    restored, again, listing = results(demo, [
        {"tool": "sessions.restore", "args": {"sessionId": ACME}},
        {"tool": "sessions.restore", "args": {"sessionId": ACME}},
        {"tool": "sessions.list", "args": {"projectId": P_ACME, "status": "complete"}}])
    assert restored == again == {"sessionId": ACME, "restored": True, "sessionStatus": "complete"}
    assert listing["totalCount"] == 3


def sized_fixture(tb, sessions):
    doc = subprocess.run([sys.executable, str(GENERATE), "--sessions", str(sessions), "--turns", "2"],
                         capture_output=True, text=True, check=True).stdout
    assert tb.import_fixture(json.loads(doc)).code == 0
    return [s["sessionId"] for s in json.loads(doc)["workspaces"][0]["sessions"]]


def test_restore_counts_against_the_plan_only_for_a_session_in_the_trash(tb):
    ids = sized_fixture(tb, 51)
    assert tb.run("app", "license", "activate", "free").code == 0
    trash_two = results(tb, [{"tool": "sessions.trash", "args": {"sessionId": ids[0]}},
                             {"tool": "sessions.trash", "args": {"sessionId": ids[1]}}])
    assert all(t["trashed"] for t in trash_two)
    # 49 stored sessions: one restore fits the free plan's 50, the second does not
    first, second, live = results(tb, [{"tool": "sessions.restore", "args": {"sessionId": ids[0]}},
                                       {"tool": "sessions.restore", "args": {"sessionId": ids[1]}},
                                       {"tool": "sessions.restore", "args": {"sessionId": ids[2]}}])
    assert first["restored"] is True and live["restored"] is True
    assert second["code"] == "plan_limit"
    assert (second["limit"], second["max"], second["used"], second["plan"]) == ("sessions", 50, 50, "free")
    (trash,) = results(tb, [{"tool": "sessions.trash.list"}])
    assert [s["sessionId"] for s in trash["sessions"]] == [ids[1]]


def test_renaming_a_speaker_reuses_the_person_made_for_it_and_unlinking_renumbers(demo):
    first, second, third, stats = results(demo, [
        {"tool": "sessions.speakers.rename", "args": {"sessionId": NORTHWIND, "speakerId": "spk-c9d45f94-6", "name": "Raj Patel"}},
        {"tool": "sessions.speakers.rename", "args": {"sessionId": NORTHWIND, "speakerId": "spk-c9d45f94-6", "name": "Raj Patil"}},
        {"tool": "sessions.speakers.rename", "args": {"sessionId": PRICING, "speakerId": "spk-c9db1374-5", "name": "raj patil"}},
        {"tool": "sessions.stats", "args": {"sessionId": NORTHWIND}}])
    assert first["contactId"] == second["contactId"] and second["name"] == "Raj Patil"
    assert third == {"sessionId": PRICING, "speakerId": "spk-c9db1374-5", "name": "Raj Patil",
                     "contactId": first["contactId"], "sessionStatus": "complete"}
    raj = [s for s in stats["speakers"] if s["speakerId"] == "spk-c9d45f94-6"][0]
    assert (raj["name"], raj["contactId"]) == ("Raj Patil", first["contactId"])
    # now the person is linked to two speakers: renaming one no longer renames the person
    fourth, unlink_zoe, unlink_raj, page = results(demo, [
        {"tool": "sessions.speakers.rename", "args": {"sessionId": NORTHWIND, "speakerId": "spk-c9d45f94-6", "name": "Rajesh P."}},
        {"tool": "sessions.speakers.unlink", "args": {"sessionId": NORTHWIND, "speakerId": "spk-c9d45f94-1"}},
        {"tool": "sessions.speakers.unlink", "args": {"sessionId": NORTHWIND, "speakerId": "spk-c9d45f94-6"}},
        {"tool": "sessions.transcript", "args": {"sessionId": NORTHWIND, "maxChars": 1000}}])
    assert fourth["contactId"] != first["contactId"]
    assert (unlink_zoe["name"], unlink_raj["name"]) == ("Speaker 1", "Speaker 2")   # Zoë spoke first
    assert page["transcript"].startswith("[00:04] Speaker 1: Thanks for joining")
    assert "] Speaker 2: Sorry, this is Raj" in page["transcript"]


def test_several_people_of_a_name_fail_listing_them_and_link_picks_one(tb):
    people = [{"contactId": f"contact-alex-{n}", "name": "Alex Kim"} for n in (1, 2)]
    fixture = {"format": "talkbar-fixture/1", "workspaces": [{
        "workspaceId": "ws-a", "name": "A", "active": True, "contacts": people,
        "sessions": [{"sessionId": "ses-a", "title": "Call", "startedAtMs": 1790000000000,
                      "participants": [{"speakerId": "s1"}, {"speakerId": "s2", "name": "Sam"}],
                      "turns": [{"turnId": "t1", "speakerId": "s1", "startMs": 0, "endMs": 10, "text": "Hi"}]}]}]}
    assert tb.import_fixture(fixture).code == 0
    refused, linked, taken = results(tb, [
        {"tool": "sessions.speakers.rename", "args": {"sessionId": "ses-a", "speakerId": "s1", "name": "alex kim"}},
        {"tool": "sessions.speakers.link", "args": {"sessionId": "ses-a", "speakerId": "s1", "contactId": "contact-alex-2"}},
        {"tool": "sessions.speakers.link", "args": {"sessionId": "ses-a", "speakerId": "s2", "contactId": "contact-alex-2"}}])
    assert refused["code"] == "failed"
    assert "Alex Kim (contact-alex-1)" in refused["message"] and "Alex Kim (contact-alex-2)" in refused["message"]
    assert "sessions.speakers.link" in refused["message"]
    assert (linked["name"], linked["contactId"]) == ("Alex Kim", "contact-alex-2")
    assert taken["code"] == "failed"


def test_move_takes_the_session_cards_along_unless_told_not_to(demo):
    def projects_of_cards(session_id):
        doc = json.loads(demo.run("app", "export").stdout)
        cards = doc["workspaces"][0]["knowledge"] if doc["workspaces"][0]["workspaceId"].startswith("workspace-niy") \
            else doc["workspaces"][1]["knowledge"]
        return sorted({c["projectId"] for c in cards if c.get("sessionId") == session_id} - {None}, key=str)

    renewal = "39fe64f1-bf71-4eb0-bfbe-27a455438c14"
    assert projects_of_cards(renewal) == [P_ACME]
    results(demo, [{"tool": "sessions.move", "args": {"sessionId": renewal, "projectId": P_NORTHWIND}}])
    assert projects_of_cards(renewal) == [P_NORTHWIND]
    results(demo, [{"tool": "sessions.move", "args": {"sessionId": renewal, "projectId": P_ACME, "moveKnowledge": False}}])
    assert projects_of_cards(renewal) == [P_NORTHWIND]


def test_a_session_holds_24_cards(demo):
    adds = [{"tool": "sessions.cards.add", "args": {"sessionId": SYNC, "title": f"Card {i}"}} for i in range(21)]
    out = results(demo, adds + [
        {"tool": "sessions.cards.add", "args": {"sessionId": SYNC, "title": "One too many"}},
        {"tool": "sessions.cards.attach", "args": {"sessionId": SYNC, "memoryId": "memory-sk77yw6tsve2icet98m0t4sa"}},
        {"tool": "sessions.cards.detach", "args": {"sessionId": SYNC, "memoryId": "memory-sk77yw6tsve2icet98m0t4sa"}},
        {"tool": "sessions.cards.attach", "args": {"sessionId": SYNC, "memoryId": "memory-cwn2re8bpnlzewx7g2vs0nhb"}},
        {"tool": "sessions.live_cards", "args": {"sessionId": SYNC}}])
    assert all(o["sessionOnly"] is False and o["projectId"] for o in out[:21])
    too_many, already, detached, attached, cards = out[21:]
    assert (too_many["code"], too_many["limit"], too_many["max"]) == ("limit_reached", "sessionCards", 24)
    assert already["alreadyAttached"] is True
    assert detached["attached"] is False and attached["alreadyAttached"] is False
    assert len(cards["cards"]) == 24 and cards["cards"][-1]["memoryId"] == "memory-cwn2re8bpnlzewx7g2vs0nhb"


def test_deleting_a_topic_takes_it_off_every_session_and_note(demo):
    note = "note-5lrz5fbdkyrko01psosx6lim"
    tagged, listed = results(demo, [
        {"tool": "topics.assign", "args": {"topicId": PRICING_TOPIC, "noteId": note}},
        {"tool": "sessions.list", "args": {"topicId": PRICING_TOPIC}}])
    assert PRICING_TOPIC in [t["topicId"] for t in tagged["topics"]] and listed["totalCount"] >= 3
    revision_before = revision(demo)
    deleted, listing, topics = results(demo, [
        {"tool": "topics.delete", "args": {"topicId": PRICING_TOPIC}},
        {"tool": "sessions.list", "args": {"topicId": PRICING_TOPIC}},
        {"tool": "topics.list"}])
    assert deleted == {"topicId": PRICING_TOPIC, "deleted": True}
    assert listing["code"] == "not_found"
    assert PRICING_TOPIC not in [t["topicId"] for t in topics["topics"]]
    assert revision(demo) == revision_before + 1       # ACME's page lost a topic
    doc = json.loads(demo.run("app", "export").stdout)
    tagged = [item for ws in doc["workspaces"] for item in ws["sessions"] + ws["notes"]
              if PRICING_TOPIC in item["topicIds"]]
    assert tagged == []


def test_a_topic_color_follows_its_name_in_every_workspace(demo):
    personal = "workspace-3ene8u6o86hf8jnw"
    here, there, again = results(demo, [
        {"tool": "topics.create", "args": {"name": "Budget"}},
        {"tool": "topics.create", "args": {"name": "budget", "workspaceId": personal}},
        {"tool": "topics.create", "args": {"name": "Budget"}}])
    assert here["color"] == there["color"]
    assert again == {"code": "failed", "message": "A topic with this name already exists"}


def test_bookmarks_are_listed_updated_and_deleted_only_from_their_session(demo):
    made, = results(demo, [{"tool": "markers.create",
                            "args": {"sessionId": ACME, "quote": "ten is the most I could", "body": "Ceiling", "color": "rose"}}])
    wrong, updated, listing = results(demo, [
        {"tool": "markers.delete", "args": {"markerId": made["markerId"], "sessionId": PRICING}},
        {"tool": "markers.update", "args": {"markerId": made["markerId"], "body": ""}},
        {"tool": "markers.list", "args": {"sessionId": ACME}}])
    assert wrong["code"] == "not_found"
    assert updated["body"] == "" and updated["color"] == "rose" and updated["updatedAt"] > made["updatedAt"]
    mine = [m for m in listing["markers"] if m["markerId"] == made["markerId"]]
    assert mine == [{k: v for k, v in updated.items() if k != "sessionStatus"}]
    assert [m["atMs"] for m in listing["markers"]] == sorted(m["atMs"] for m in listing["markers"])
    deleted, again = results(demo, [{"tool": "markers.delete", "args": {"markerId": made["markerId"], "sessionId": ACME}},
                                    {"tool": "markers.delete", "args": {"markerId": made["markerId"]}}])
    assert deleted["deleted"] is True and again["code"] == "not_found"
