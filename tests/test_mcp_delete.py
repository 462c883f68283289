"""talkbar_delete: the user confirms by MCP elicitation (form mode), or the call is refused."""

import anyio
import pytest
from mcp import types

from mcp_sdk import payload, run, session


# These tests are about what the operations do, not the process around them: tb and demo run
# their tools/app commands in this process (conftest.InProcessCLI).
pytestmark = pytest.mark.commands_in_process


NOTE = "note-acme-pricing-followups"
DECLINED = {"error": {"code": "declined", "message": "The user did not confirm, so nothing ran"}}


@pytest.fixture
def mcp_demo(demo):
    for argv in (("mcp", "on"), ("set", "notes.trash", "notes.create", "notes.restore", "topics.delete", "on")):
        assert demo.run("app", "access", *argv).code == 0
    return demo


def _note_id(demo):
    notes = demo.ok("notes.list", {"limit": 100})["items"]
    return notes[0]["noteId"]


def _trashed(demo, note_id):
    return note_id in {n["noteId"] for n in demo.ok("notes.trash.list", {"limit": 200})["notes"]}


class Asker:
    def __init__(self, answer):
        self.answer = answer
        self.asked = []

    async def __call__(self, context, params):
        self.asked.append(params)
        if self.answer == "never":
            await anyio.sleep(60)
        return types.ElicitResult(action=self.answer)


def _delete(demo, asker, arguments, env=None):
    async def go():
        async with session(demo, env=env, elicitation=asker) as s:
            return payload(await s.call_tool("talkbar_delete", arguments))
    return run(go)


def test_accept_runs_the_delete_after_asking_with_the_spec_message(mcp_demo):
    note = _note_id(mcp_demo)
    asker = Asker("accept")
    body, is_error = _delete(mcp_demo, asker, {"tool": "notes.trash", "args": {"noteId": note}})
    assert not is_error and body == {"noteId": note, "trashed": True}
    assert len(asker.asked) == 1
    assert asker.asked[0].message == (f'An assistant wants TalkBar to run:\n- notes.trash {{"noteId":"{note}"}}\n'
                                      "Confirm to run it, or decline to run nothing.")
    assert asker.asked[0].requested_schema == {"type": "object", "properties": {}}
    assert _trashed(mcp_demo, note)


@pytest.mark.parametrize("answer", ["decline", "cancel"])
def test_decline_or_cancel_runs_nothing(mcp_demo, answer):
    note = _note_id(mcp_demo)
    body, is_error = _delete(mcp_demo, Asker(answer), {"tool": "notes.trash", "args": {"noteId": note}})
    assert is_error and body == DECLINED
    assert not _trashed(mcp_demo, note)


def test_no_answer_in_time_is_declined(mcp_demo):
    note = _note_id(mcp_demo)
    body, is_error = _delete(mcp_demo, Asker("never"), {"tool": "notes.trash", "args": {"noteId": note}},
                             env={"TALKBAR_CONFIRM_TIMEOUT_S": "1.5"})
    assert is_error and body == DECLINED
    assert not _trashed(mcp_demo, note)


def test_a_batch_is_asked_about_as_a_whole(mcp_demo):
    note = _note_id(mcp_demo)
    asker = Asker("accept")
    calls = [{"tool": "notes.create", "args": {"title": "Scratch", "markdown": "x"}},
             {"tool": "notes.trash", "args": {"noteId": note}}]
    body, is_error = _delete(mcp_demo, asker, {"calls": calls})
    assert not is_error and [r["ok"] for r in body["results"]] == [True, True]
    message = asker.asked[0].message
    assert "- notes.create {" in message and f'- notes.trash {{"noteId":"{note}"}}' in message
    assert message.endswith("Confirm to run them, or decline to run nothing.")


def test_calls_that_would_be_refused_anyway_are_answered_without_asking(mcp_demo):
    asker = Asker("accept")
    body, is_error = _delete(mcp_demo, asker, {"tool": "notes.trash", "args": {}})
    assert is_error and body["error"]["code"] == "invalid_arguments"
    body, is_error = _delete(mcp_demo, asker, {"tool": "notes.trashh", "args": {"noteId": "x"}})
    assert is_error and body["error"]["code"] == "not_found"
    assert mcp_demo.run("app", "access", "set", "topics.delete", "off").code == 0
    body, is_error = _delete(mcp_demo, asker, {"calls": [{"tool": "topics.delete", "args": {"topicId": "t"}},
                                                         {"tool": "notes.trash", "args": {}}]})
    assert not is_error and [r["error"]["code"] for r in body["results"]] == ["turned_off", "invalid_arguments"]
    assert asker.asked == []


def test_reads_are_refused_by_talkbar_delete(mcp_demo):
    body, is_error = _delete(mcp_demo, Asker("accept"), {"calls": [{"tool": "notes.list"}, {"tool": "notes.trash",
                                                                                            "args": {"noteId": "x"}}]})
    assert is_error and "Nothing in this call ran" in body["error"]["message"]


def test_a_client_that_cannot_ask_is_refused_unless_allowed(mcp_demo):
    note = _note_id(mcp_demo)
    body, is_error = _delete(mcp_demo, None, {"tool": "notes.trash", "args": {"noteId": note}})
    assert is_error and body["error"]["code"] == "confirmation_unavailable"
    assert not _trashed(mcp_demo, note)
    assert mcp_demo.run("app", "access", "deletes-without-confirmation", "on").code == 0
    body, is_error = _delete(mcp_demo, None, {"tool": "notes.trash", "args": {"noteId": note}})
    assert not is_error and body["trashed"] is True


def test_a_client_that_can_ask_is_always_asked(mcp_demo):
    assert mcp_demo.run("app", "access", "deletes-without-confirmation", "on").code == 0
    note = _note_id(mcp_demo)
    asker = Asker("decline")
    body, is_error = _delete(mcp_demo, asker, {"tool": "notes.trash", "args": {"noteId": note}})
    assert is_error and body == DECLINED and len(asker.asked) == 1


def test_change_refuses_deletes(mcp_demo):
    async def go():
        async with session(mcp_demo) as s:
            return payload(await s.call_tool("talkbar_change", {"tool": "notes.trash", "args": {"noteId": "x"}}))
    body, is_error = run(go)
    assert is_error and "Nothing in this call ran" in body["error"]["message"] and "talkbar_delete" in body["error"]["message"]


def test_delete_and_find_are_listed_when_their_operations_are_on(mcp_demo):
    async def go():
        async with session(mcp_demo) as s:
            return [t.name for t in (await s.list_tools()).tools]
    names = run(go)
    assert names == ["talkbar_find", "talkbar_read", "talkbar_change", "talkbar_delete", "talkbar_tools"]
    assert mcp_demo.run("app", "access", "set", "workspace.search", "off").code == 0
    assert "talkbar_find" not in run(go)
