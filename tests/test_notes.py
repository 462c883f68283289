"""notes.* in sequences: what a write keeps, what it refuses, and that a refused call writes nothing."""
import pytest


# These tests are about what the operations do, not the process around them: tb and demo run
# their tools/app commands in this process (conftest.InProcessCLI).
pytestmark = pytest.mark.commands_in_process


READING = "note-2120jlpa0h9plrss16ivxrm1"      # plain note, no links
EMBEDDED = "note-1xe639m5ube2ssgu8n7cxf6d"     # the renewal session's own note, with an embedded card
ACCOUNT = "note-z3l3hiwkobknfgvmb4qxuko2"      # linked to three Acme sessions, topic Pricing
PRICING = "c9db1374-73be-403e-adc6-cc1f3f08f3d9"
RENEWAL = "39fe64f1-bf71-4eb0-bfbe-27a455438c14"
WEEKLY = "55034f21-6aad-4f64-8c7b-853f36567184"
ACME = "project-z1lr8n4ujayyqpgujzps7wk3"


def _results(tb, calls):
    code, out = tb.batch(calls)
    assert out is not None and len(out) == len(calls), out
    return [r["result"] if r["ok"] else r["error"] for r in out]


def test_a_title_only_update_keeps_the_text_and_what_is_embedded_in_it(demo):
    before, renamed, refused, after = _results(demo, [
        {"tool": "notes.get", "args": {"noteId": EMBEDDED}},
        {"tool": "notes.update", "args": {"noteId": EMBEDDED, "title": "Signed"}},
        {"tool": "notes.update", "args": {"noteId": EMBEDDED, "markdown": "plain"}},
        {"tool": "notes.get", "args": {"noteId": EMBEDDED}},
    ])
    assert renamed["title"] == "Signed" and renamed["sessionStatus"] == "complete"
    assert refused["code"] == "failed", "the embedded content is still there, so replacing the text needs force"
    assert after["markdown"] == before["markdown"] and after["links"] == before["links"]
    assert after["updatedAt"] == renamed["updatedAt"] > before["updatedAt"]


def test_force_replaces_embedded_content_and_then_plain_edits_need_no_force(demo):
    forced, plain, text = _results(demo, [
        {"tool": "notes.update", "args": {"noteId": EMBEDDED, "markdown": "# Outcome", "force": True}},
        {"tool": "notes.update", "args": {"noteId": EMBEDDED, "markdown": "# Outcome, again"}},
        {"tool": "notes.get", "args": {"noteId": EMBEDDED}},
    ])
    assert plain["updatedAt"] > forced["updatedAt"]
    assert text["markdown"] == "# Outcome, again"


def test_a_stale_expected_updated_at_is_a_conflict_that_writes_nothing(demo):
    read = demo.ok("notes.get", {"noteId": READING})
    mine, theirs, check = _results(demo, [
        {"tool": "notes.update", "args": {"noteId": READING, "markdown": "mine", "expectedUpdatedAt": read["updatedAt"]}},
        {"tool": "notes.update", "args": {"noteId": READING, "markdown": "theirs", "expectedUpdatedAt": read["updatedAt"]}},
        {"tool": "notes.get", "args": {"noteId": READING}},
    ])
    assert mine["updatedAt"] > read["updatedAt"]
    assert theirs["code"] == "conflict" and theirs["updatedAt"] == mine["updatedAt"]
    assert check["markdown"] == "mine" and check["updatedAt"] == mine["updatedAt"]
    retried = demo.ok("notes.update", {"noteId": READING, "markdown": "merged",
                                       "expectedUpdatedAt": theirs["updatedAt"]})
    assert retried["updatedAt"] > mine["updatedAt"]


def test_append_adds_lines_at_the_end_and_needs_no_conflict_check(demo):
    before = demo.ok("notes.get", {"noteId": READING})
    a, b, after = _results(demo, [
        {"tool": "notes.append", "args": {"noteId": READING, "markdown": "- first"}},
        {"tool": "notes.append", "args": {"noteId": READING, "markdown": "- second"}},
        {"tool": "notes.get", "args": {"noteId": READING}},
    ])
    assert after["markdown"] == before["markdown"] + "- first\n- second"
    assert before["updatedAt"] < a["updatedAt"] < b["updatedAt"] == after["updatedAt"]
    empty = demo.ok("notes.create", {})
    demo.ok("notes.append", {"noteId": empty["noteId"], "markdown": "only line"})
    assert demo.ok("notes.get", {"noteId": empty["noteId"]})["markdown"] == "only line"


def test_move_replaces_the_sessions_and_keeps_topics_and_the_own_session(demo):
    moved, account, own, own_note = _results(demo, [
        {"tool": "notes.move", "args": {"noteId": ACCOUNT, "sessionIds": [WEEKLY, WEEKLY]}},
        {"tool": "notes.get", "args": {"noteId": ACCOUNT}},
        {"tool": "notes.move", "args": {"noteId": "note-5naz4vbkcw6zp1rzrtiy7xnk", "sessionIds": [WEEKLY],
                                        "projectId": None}},
        {"tool": "notes.get", "args": {"noteId": "note-5naz4vbkcw6zp1rzrtiy7xnk"}},
    ])
    assert moved == {"noteId": ACCOUNT, "projectId": ACME, "sessionIds": [WEEKLY]}
    assert [t["name"] for t in account["links"]["topics"]] == ["Pricing"]
    assert [p["projectId"] for p in account["links"]["projects"]] == [ACME]
    assert own == {"noteId": "note-5naz4vbkcw6zp1rzrtiy7xnk", "projectId": None, "sessionIds": [PRICING, WEEKLY]}
    assert own_note["links"]["projects"] == []
    listed = demo.ok("notes.list", {"sessionId": PRICING})["items"]
    assert [n["noteId"] for n in listed] == ["note-5naz4vbkcw6zp1rzrtiy7xnk"], "the account plan left the pricing session"
    assert listed[0]["sessionId"] == PRICING, "sessionId marks the session's own note only"


def test_notes_of_a_session_are_its_own_note_and_the_notes_linked_to_it(demo):
    created = demo.ok("notes.create", {"title": "Linked", "sessionIds": [RENEWAL]})
    items = demo.ok("notes.list", {"sessionId": RENEWAL})["items"]
    by_id = {n["noteId"]: n for n in items}
    assert set(by_id) == {EMBEDDED, ACCOUNT, created["noteId"]}
    assert by_id[EMBEDDED]["sessionId"] == RENEWAL
    assert by_id[ACCOUNT]["sessionId"] is None and by_id[created["noteId"]]["sessionId"] is None
    assert RENEWAL in [s["sessionId"] for s in by_id[ACCOUNT]["sessions"]]


def test_a_trashed_note_is_gone_for_reads_and_writes_until_restored(demo):
    out = _results(demo, [
        {"tool": "notes.trash", "args": {"noteId": READING}},
        {"tool": "notes.get", "args": {"noteId": READING}},
        {"tool": "notes.update", "args": {"noteId": READING, "title": "x"}},
        {"tool": "notes.append", "args": {"noteId": READING, "markdown": "x"}},
        {"tool": "notes.move", "args": {"noteId": READING, "projectId": None}},
        {"tool": "notes.pin", "args": {"noteId": READING, "pinned": True}},
        {"tool": "notes.list", "args": {"limit": 100}},
        {"tool": "notes.restore", "args": {"noteId": READING}},
        {"tool": "notes.get", "args": {"noteId": READING}},
    ])
    for refused in out[1:6]:
        assert refused == {"code": "not_found", "message": f"Note {READING} is in the Trash; restore it first"}
    assert READING not in [n["noteId"] for n in out[6]["items"]]
    assert out[8]["title"] == "Reading list" and out[8]["pinned"] is False


def test_create_refuses_note_text_under_other_names_and_writes_nothing(tb):
    for key in ("content", "body", "text"):
        code, out = tb.call("notes.create", {"title": "x", key: "hello"})
        assert code == 1 and out["error"]["code"] == "invalid_arguments"
        assert f"notes.create does not take `{key}`. Note text goes in markdown." in out["error"]["message"]
    assert tb.ok("notes.list")["totalCount"] == 0


def test_creating_twice_makes_two_notes(tb):
    a = tb.ok("notes.create", {"title": "Same"})
    b = tb.ok("notes.create", {"title": "Same"})
    assert a["noteId"] != b["noteId"]
    assert tb.ok("notes.list", {"search": "same"})["totalCount"] == 2


def test_paging_a_long_note_reassembles_it(tb):
    text = "".join(f"Paragraph {i}: " + "é" * 90 + "\n" for i in range(60))
    note = tb.ok("notes.create", {"title": "Long", "markdown": text})["noteId"]
    offsets = list(range(0, len(text), 1000))
    pages = _results(tb, [{"tool": "notes.get", "args": {"noteId": note, "maxChars": 1000, "offset": o}}
                          for o in offsets + [len(text)]])
    *pages, past_end = pages
    assert [p["nextOffset"] for p in pages] == offsets[1:] + [None], "each page points at the next"
    assert [p["truncated"] for p in pages] == [True] * (len(pages) - 1) + [False]
    assert "".join(p["markdown"] for p in pages) == text
    assert past_end["code"] == "invalid_arguments"
