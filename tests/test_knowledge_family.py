"""Knowledge cards and suggestions in sequences: paging walks, safe retries, approving what a
suggestion proposes (and refusing what cannot be applied), sources that are gone, snoozing."""

import json

from test_knowledge_data import family, family_template, results  # noqa: F401 (fixtures)
import pytest


# These tests are about what the operations do, not the process around them: tb and demo run
# their tools/app commands in this process (conftest.InProcessCLI).
pytestmark = pytest.mark.commands_in_process


NOW = 1_796_000_000_000


# ---------------------------------------------------------------------- cards
def test_list_pages_cover_every_card_once(demo):
    statuses = ["approved", "outdated", "archived"]
    _, out = demo.batch([{"tool": "knowledge.list", "args": {"statuses": statuses, "limit": 200}}]
                        + [{"tool": "knowledge.list", "args": {"statuses": statuses, "limit": 4, "offset": o}}
                           for o in range(0, 28, 4)])
    everything, *pages = results(out)
    walked, offset = [], 0
    for page in pages:
        assert page["total"] == everything["total"] == 22
        walked += page["cards"]
        offset = page["nextOffset"]
        if offset is None:
            break
    assert walked == everything["cards"]
    assert pages[-1] == {"cards": [], "total": 22, "nextOffset": None}  # an offset past the end is just empty


def test_created_card_is_approved_listed_and_filtered(demo):
    _, out = demo.batch([
        {"tool": "knowledge.create", "args": {"title": "Ferry timetable changes in March", "type": "risk"}},
        {"tool": "knowledge.list", "args": {"generalOnly": True, "types": ["risk"]}},
        {"tool": "knowledge.list", "args": {"query": "FERRY march"}},
        {"tool": "knowledge.list", "args": {"query": "ferry", "statuses": ["outdated"]}},
    ])
    card, general, found, outdated = results(out)
    assert card["status"] == "approved" and card["createdBy"] == "user" and card["projectId"] is None
    assert [c["memoryId"] for c in general["cards"]] == [card["memoryId"]]
    assert [c["memoryId"] for c in found["cards"]] == [card["memoryId"]]
    assert outdated == {"cards": [], "total": 0, "nextOffset": None}


def test_refused_assign_moves_nothing(demo):
    card = "memory-fv2f43hlmijsi23b7ld3g7zr"
    _, out = demo.batch([
        {"tool": "knowledge.assign", "args": {"memoryIds": [card, "memory-nope"], "projectId": None}},
        {"tool": "knowledge.get", "args": {"memoryId": card}},
        {"tool": "knowledge.assign", "args": {"memoryIds": [card], "projectId": None}},
        {"tool": "knowledge.assign", "args": {"memoryIds": [card], "projectId": None}},
    ])
    assert out[0]["error"]["code"] == "not_found" and "memory-nope" in out[0]["error"]["message"]
    assert out[1]["result"]["projectId"] == "project-z1lr8n4ujayyqpgujzps7wk3"
    assert out[2]["result"]["changed"] == 1 and out[3]["result"]["changed"] == 0


def test_repeated_moves_and_pins_change_nothing(demo):
    card = "memory-fv2f43hlmijsi23b7ld3g7zr"
    _, out = demo.batch([
        {"tool": "knowledge.pin", "args": {"memoryId": card, "pinned": True}},
        {"tool": "knowledge.get", "args": {"memoryId": card}},
        {"tool": "knowledge.pin", "args": {"memoryId": card, "pinned": True}},
        {"tool": "knowledge.approve", "args": {"memoryId": card}},
        {"tool": "knowledge.archive", "args": {"memoryId": card}},
        {"tool": "knowledge.archive", "args": {"memoryId": card}},
        {"tool": "knowledge.pin", "args": {"memoryId": card, "pinned": False}},
        {"tool": "knowledge.get", "args": {"memoryId": card}},
    ])
    pinned, first, again, approved, archived, archived_again, unpin, last = results(out)
    assert first["pinned"] and approved["updatedAt"] == first["updatedAt"]
    assert not archived["pinned"] and archived_again == archived
    assert unpin == {"memoryId": card, "pinned": False}
    assert {k: v for k, v in last.items() if k != "sources"} == archived


# ---------------------------------------------------------------------- suggestions
def test_source_gone_is_refused_unless_asked(family):
    _, out = family.batch([
        {"tool": "knowledge.suggestions.approve", "args": {"suggestionId": "suggestion-gone-session"}},
        {"tool": "knowledge.suggestions.approve", "args": {"suggestionId": "suggestion-gone-document"}},
        {"tool": "knowledge.suggestions.list", "args": {"query": "from trash"}},
        {"tool": "knowledge.suggestions.approve",
         "args": {"suggestionId": "suggestion-gone-session", "approveWithoutSource": True}},
        {"tool": "knowledge.suggestions.approve",
         "args": {"suggestionId": "suggestion-gone-document", "approveWithoutSource": True}},
    ])
    assert out[0]["error"] == {"code": "failed", "message": (
        "The session this suggestion came from is no longer available. Pass approveWithoutSource: true "
        "to approve it anyway, without the link to its source.")}
    assert out[1]["error"]["code"] == "failed" and out[1]["error"]["message"].startswith("The document ")
    found = {s["suggestionId"]: s["status"] for s in out[2]["result"]["suggestions"]}
    assert found.get("suggestion-gone-session") == "pending", "the refused approval changed nothing"
    assert set(found.values()) == {"pending"}
    card_sug, person_sug = out[3]["result"], out[4]["result"]
    assert card_sug["status"] == person_sug["status"] == "approved"
    _, got = family.batch([{"tool": "knowledge.get", "args": {"memoryId": card_sug["appliedCardId"]}},
                           {"tool": "contacts.get", "args": {"contactId": person_sug["appliedCardId"]}},
                           {"tool": "contacts.list", "args": {"projectId": "project-a"}}])
    card, person, in_project = results(got)
    fields = ("title", "type", "sessionId", "projectId", "createdBy", "confidence")
    assert [card[f] for f in fields] == ["From the trash", "decision", None, "project-a", "extraction", 0.7]
    assert [(s["sourceId"], s["quote"]) for s in card["sources"]] == [("session-live", "q-live")]
    assert (person["name"], person["email"], person["confirmed"]) == ("Doc Person", "doc@person.example", True)
    assert [c["contactId"] for c in in_project["contacts"]] == [person["contactId"]]


def test_approve_is_a_safe_retry(family):
    call = {"tool": "knowledge.suggestions.approve", "args": {"suggestionId": "suggestion-document-ok"}}
    _, out = family.batch([call, call, {"tool": "knowledge.list", "args": {"query": "handbook"}}])
    first, second, listing = results(out)
    assert first == second and first["status"] == "approved"
    assert [c["memoryId"] for c in listing["cards"]] == [first["appliedCardId"]]
    _, out = family.batch([{"tool": "knowledge.get", "args": {"memoryId": first["appliedCardId"]}}])
    card = results(out)[0]
    assert card["sessionId"] is None
    assert card["sources"] == [{"sourceType": "document", "sourceId": "document-here", "atMs": None,
                                "quote": "handbook quote", "locator": None, "status": "ok"}]


def test_update_suggestions_change_their_target(family):
    _, out = family.batch([
        {"tool": "knowledge.suggestions.approve", "args": {"suggestionId": "suggestion-update-card"}},
        {"tool": "knowledge.suggestions.approve", "args": {"suggestionId": "suggestion-update-contact"}},
        {"tool": "knowledge.get", "args": {"memoryId": "memory-target"}},
        {"tool": "contacts.get", "args": {"contactId": "contact-two"}},
    ])
    card_sug, contact_sug, card, person = results(out)
    assert card_sug["appliedCardId"] == "memory-target" and contact_sug["appliedCardId"] == "contact-two"
    assert (card["title"], card["body"]) == ("New title", "Old body")
    assert (person["role"], person["email"], person["name"]) == ("CEO", None, "Tomas Two")


def test_unusable_proposals_are_refused_and_change_nothing(family):
    ids = ["suggestion-update-missing", "suggestion-bad-email", "suggestion-bad-site", "suggestion-no-title",
           "suggestion-odd-action"]
    _, out = family.batch([{"tool": "knowledge.suggestions.approve", "args": {"suggestionId": i}} for i in ids] + [
        {"tool": "knowledge.suggestions.list", "args": {"limit": 100}},
        {"tool": "contacts.list"}, {"tool": "organizations.list"}, {"tool": "knowledge.list"}])
    errors = [e["error"] for e in out[:5]]
    assert [e["code"] for e in errors] == ["failed"] * 5
    assert "no longer in this workspace" in errors[0]["message"]
    assert "email must look like name@example.com" in errors[1]["message"]
    assert "website must not be a javascript:" in errors[2]["message"]
    assert "title is required" in errors[3]["message"]
    assert errors[4]["message"] == ("TalkBar cannot apply a suggestion with action 'merge' for kind "
                                    "'organization'; dismiss it.")
    pending, people, companies, cards = (e["result"] for e in out[5:])
    assert {s["suggestionId"] for s in pending["suggestions"]} >= set(ids)
    assert len(people["contacts"]) == 2 and len(companies["organizations"]) == 1 and cards["total"] == 1


def test_card_of_a_trashed_project_goes_to_general(family):
    _, out = family.batch([{"tool": "knowledge.suggestions.approve",
                            "args": {"suggestionId": "suggestion-trashed-project"}},
                           {"tool": "knowledge.list", "args": {"generalOnly": True, "query": "project trash"}}])
    sug, general = results(out)
    assert [c["memoryId"] for c in general["cards"]] == [sug["appliedCardId"]]


def test_cursor_pages_walk_every_suggestion_once(family):
    _, out = family.batch([{"tool": "knowledge.suggestions.list", "args": {"kind": "organization", "limit": 100}}])
    everything = results(out)[0]["suggestions"]
    first = family.ok("knowledge.suggestions.list", {"kind": "organization", "limit": 5})
    cursor = first["nextCursor"]
    tampered = cursor[:-1] + ("1" if cursor[-1] == "0" else "0")
    _, out = family.batch([{"tool": "knowledge.suggestions.list",
                            "args": {"kind": "organization", "limit": 5, "cursor": c}} for c in (cursor, tampered)])
    second = out[0]["result"]
    assert first["hasMore"] is True and second["hasMore"] is False and second["nextCursor"] is None
    assert first["suggestions"] + second["suggestions"] == everything and len(everything) == 9
    assert out[1]["error"]["code"] == "invalid_arguments"


def test_snooze_hides_until_its_time_and_reopen_brings_back(family):
    sid = "suggestion-page-03"

    def batch_at(now, calls):
        return family.run("tools", "batch", input=json.dumps(calls), env={"TALKBAR_NOW_MS": now}).json

    def pending_ids(answer):
        return {s["suggestionId"] for s in answer["result"]["suggestions"]}

    listing = {"tool": "knowledge.suggestions.list", "args": {"limit": 100}}
    snoozed, hidden = batch_at(NOW, [
        {"tool": "knowledge.suggestions.snooze", "args": {"suggestionId": sid, "untilMs": NOW + 60_000}}, listing])
    assert snoozed["result"]["snoozedUntilMs"] == NOW + 60_000 and snoozed["result"]["status"] == "pending"
    assert sid not in pending_ids(hidden)
    (due,) = batch_at(NOW + 60_000, [listing])
    assert sid in pending_ids(due)
    out = batch_at(NOW, [
        {"tool": "knowledge.suggestions.reopen", "args": {"suggestionId": sid}},
        listing,
        {"tool": "knowledge.suggestions.dismiss", "args": {"suggestionId": sid}},
        {"tool": "knowledge.suggestions.dismiss", "args": {"suggestionId": sid}},
        {"tool": "knowledge.suggestions.list", "args": {"status": "dismissed"}},
        {"tool": "knowledge.suggestions.reopen", "args": {"suggestionId": sid}},
    ])
    reopened, listed, dismissed, again, dismissed_list, back = results(out)
    assert reopened["snoozedUntilMs"] is None and sid in {s["suggestionId"] for s in listed["suggestions"]}
    assert dismissed["status"] == "dismissed" and again == dismissed
    assert [s["suggestionId"] for s in dismissed_list["suggestions"]] == [sid]
    assert back["status"] == "pending"
