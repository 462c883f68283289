"""The summary a session shows is one rule (tb_summary_order): the selected length, else the
standard one. sessions.get, sessions.stats, exports and the search snippet all take the same."""

import pytest

from conftest import fresh_copy, imported_template

T0 = 1_790_000_000_000


def _summaries(selected):
    words = {"short": "Brief kestrel recap.", "standard": "Standard heron recap.",
             "detailed": "Detailed osprey recap with every figure."}
    return [{"length": length, "selected": length in selected, "text": text} for length, text in words.items()]


DOC = {
    "format": "talkbar-fixture/1",
    "workspaces": [{
        "workspaceId": "workspace-summaries", "name": "Summaries", "active": True,
        "sessions": [
            {"sessionId": "session-detailed", "title": "Detailed chosen", "startedAtMs": T0, "endedAtMs": T0 + 60_000,
             "summaries": _summaries({"detailed"})},
            {"sessionId": "session-two", "title": "Two chosen", "startedAtMs": T0 + 1, "endedAtMs": T0 + 60_000,
             "summaries": _summaries({"short", "standard"})},
        ],
    }],
}


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    return imported_template(tmp_path_factory, "summaries-template", DOC)


@pytest.fixture
def ws(tmp_path, template):
    yield from fresh_copy(template, tmp_path / "summaries")


@pytest.mark.parametrize("session_id, shown, length", [
    ("session-detailed", "Detailed osprey recap with every figure.", "detailed"),
    ("session-two", "Standard heron recap.", "standard"),     # two selected: the standard one
])
def test_every_face_shows_the_same_summary(ws, tmp_path, session_id, shown, length):
    ws.ok("exports.destination.save", {"destinationId": "dest", "name": "Dest", "format": "markdown",
                                       "location": str(tmp_path / "out"), "enabled": True})
    got = ws.ok("sessions.get", {"sessionId": session_id})
    stats = ws.ok("sessions.stats", {"sessionId": session_id})
    preview = ws.ok("exports.preview", {"sessionIds": [session_id], "destinationIds": ["dest"],
                                        "selection": {"transcript": False, "metadata": False}})
    word = shown.split()[1]
    found = ws.ok("workspace.search", {"query": word, "kinds": ["session"]})["matches"]
    assert got["summary"]["text"] == shown
    assert stats["summary"]["length"] == length
    assert preview["sessions"][0]["summary"]["text"] == shown
    assert [(m["id"], m["matchedIn"]) for m in found] == [(session_id, "body")]
    assert word in found[0]["snippet"]


def test_a_length_not_selected_is_not_searched(ws):
    # "kestrel" is only in the short summaries: selected in session-two, not in session-detailed
    assert [m["id"] for m in ws.ok("workspace.search", {"query": "kestrel"})["matches"]] == ["session-two"]
