"""A small workspace for the knowledge, people and companies family tests: what the demo lacks.

Suggestions whose session is in the Trash or whose document is gone, suggestions that update a
card or a person, proposals that cannot be applied, a linked speaker without a name, one person
speaking under two speakers in a session, and a session in the Trash.
"""


import pytest

from conftest import fresh_copy, imported_template

T0 = 1_790_000_000_000


def _turn(i, speaker, start, end):
    return {"turnId": f"turn-{i}", "speakerId": speaker, "startMs": start, "endMs": end, "text": f"words {i}"}


def _suggestion(sid, kind, proposal, action="create", **extra):
    return {"suggestionId": sid, "kind": kind, "action": action, "proposal": proposal, "projectId": "project-a",
            "sessionId": "session-live", "evidence": [], **extra}


SUGGESTIONS = [
    _suggestion("suggestion-gone-session", "memory", {"title": "From the trash", "type": "decision"},
                sessionId="session-trashed", confidence=0.7,
                evidence=[{"quote": "q-trashed", "sourceType": "session", "sourceId": "session-trashed", "atMs": 1000},
                          {"quote": "q-live", "sourceType": "session", "sourceId": "session-live", "atMs": 2000}]),
    _suggestion("suggestion-gone-document", "contact", {"name": "Doc Person", "email": "doc@person.example"},
                sessionId=None, documentId="document-deleted"),
    _suggestion("suggestion-document-ok", "memory", {"title": "From the handbook", "body": "Page 3."},
                sessionId=None, documentId="document-here",
                evidence=[{"quote": "handbook quote", "sourceType": "document", "sourceId": "document-here"}]),
    _suggestion("suggestion-update-card", "memory", {"title": "New title"}, action="update", targetId="memory-target"),
    _suggestion("suggestion-update-missing", "memory", {"title": "Lost"}, action="update", targetId="memory-gone"),
    _suggestion("suggestion-update-contact", "contact", {"role": "CEO", "email": ""}, action="update",
                targetId="contact-two"),
    _suggestion("suggestion-bad-email", "contact", {"name": "Bad Email", "email": "not an email"}),
    _suggestion("suggestion-bad-site", "organization", {"name": "Bad Site", "website": " javascript:alert(1)"}),
    _suggestion("suggestion-no-title", "memory", {"body": "A card without a title"}),
    _suggestion("suggestion-trashed-project", "memory", {"title": "Its project is in the Trash"},
                projectId="project-gone"),
    _suggestion("suggestion-odd-action", "organization", {"name": "Merged Co"}, action="merge"),
] + [_suggestion(f"suggestion-page-{i:02d}", "organization", {"name": f"Paged Company {i:02d}"}) for i in range(7)]

FAMILY_DOC = {
    "format": "talkbar-fixture/1",
    "workspaces": [{
        "workspaceId": "workspace-family", "name": "Family", "active": True,
        "projects": [{"projectId": "project-a", "name": "Alpha"},
                     {"projectId": "project-gone", "name": "Gone", "trashedAt": T0}],
        "organizations": [{"organizationId": "org-a", "name": "Alpha Co", "website": "alpha.example"}],
        "contacts": [{"contactId": "contact-nameless", "name": "Nia Nameless"},
                     {"contactId": "contact-two", "name": "Tomas Two", "email": "tomas@two.example", "role": "CFO"}],
        "documents": [{"documentId": "document-here", "title": "Handbook"}],
        "sessions": [
            {"sessionId": "session-live", "title": "Live", "startedAtMs": T0, "endedAtMs": T0 + 600_000,
             "participants": [{"speakerId": "a", "name": "Host", "isUser": True},
                              {"speakerId": "b", "contactId": "contact-nameless"},
                              {"speakerId": "c", "name": "Tomas Two", "contactId": "contact-two"},
                              {"speakerId": "d", "name": "Tomas (phone)", "contactId": "contact-two"}],
             "turns": [_turn(1, "a", 0, 1000), _turn(2, "c", 1000, 4000), _turn(3, "b", 4000, 5000),
                       _turn(4, "d", 5000, 7000), _turn(5, "a", 7000, 9000)]},
            {"sessionId": "session-trashed", "title": "Trashed", "startedAtMs": T0 + 86_400_000,
             "endedAtMs": T0 + 86_500_000, "trashedAt": T0 + 90_000_000,
             "participants": [{"speakerId": "x", "name": "Tomas Two", "contactId": "contact-two"}],
             "turns": [_turn(6, "x", 0, 5000)]},
        ],
        "knowledge": [{"memoryId": "memory-target", "title": "Old title", "body": "Old body"}],
        "suggestions": SUGGESTIONS,
    }],
}


@pytest.fixture(scope="session")
def family_template(tmp_path_factory):
    return imported_template(tmp_path_factory, "family-template", FAMILY_DOC)


@pytest.fixture
def family(tmp_path, family_template):
    yield from fresh_copy(family_template, tmp_path / "family")


def results(out):
    """The results of a batch whose every call must succeed."""
    assert all(e["ok"] for e in out), [e for e in out if not e["ok"]]
    return [e["result"] for e in out]


def test_family_fixture_holds_what_the_tests_need(family):
    _, out = family.batch([{"tool": "knowledge.suggestions.list", "args": {"limit": 100}},
                           {"tool": "contacts.list"}])
    assert len(out[0]["result"]["suggestions"]) == len(SUGGESTIONS)
    assert {c["contactId"] for c in out[1]["result"]["contacts"]} == {"contact-nameless", "contact-two"}
