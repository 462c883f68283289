"""Safe repeats (spec errors-and-limits): every trash, restore and pin operation of projects, notes
and chats succeeds when called twice, answers the same both times, and keeps the first trash date;
an unknown id is still not_found. action_items.remove is the exception: the second call is not_found."""

import json

import pytest


# These tests are about what the operations do, not the process around them: tb and demo run
# their tools/app commands in this process (conftest.InProcessCLI).
pytestmark = pytest.mark.commands_in_process


NOW1, NOW2 = 1893456000000, 1893456600000
HELIOS = "project-06awq7f3mspi0k54vh5vte6l"
READING = "note-2120jlpa0h9plrss16ivxrm1"
HELIOS_CHAT = "chat-2d0in9lkhxapiix3nnwhu22x"

# (operation, args, the Trash list that shows its date, the list's key, the id field)
TRASH = [
    ("projects.trash", {"projectId": HELIOS}, "projects.trash.list", "projects", "projectId"),
    ("notes.trash", {"noteId": READING}, "notes.trash.list", "notes", "noteId"),
    ("chats.trash", {"chatId": HELIOS_CHAT}, "chats.trash.list", "chats", "chatId"),
]
PIN = [("projects.pin", {"projectId": HELIOS, "pinned": True}), ("projects.pin", {"projectId": HELIOS, "pinned": False}),
       ("notes.pin", {"noteId": READING, "pinned": True}), ("notes.pin", {"noteId": READING, "pinned": False})]
RESTORE = [("projects.restore", {"projectId": HELIOS}), ("notes.restore", {"noteId": READING}),
           ("chats.restore", {"chatId": HELIOS_CHAT})]


def _once(tb, op, args, now):
    r = tb.run("--output", "json", "tools", "call", op, "--args", json.dumps(args),
               env={"TALKBAR_NOW_MS": now})
    assert r.code == 0, r
    return r.json


@pytest.mark.parametrize("op,args,listing,key,id_field", TRASH, ids=[t[0] for t in TRASH])
def test_trashing_twice_succeeds_and_keeps_the_first_date(demo, op, args, listing, key, id_field):
    first = _once(demo, op, args, NOW1)
    second = _once(demo, op, args, NOW2)
    assert first == second == {id_field: args[id_field], "trashed": True}
    dates = [i["trashedAt"] for i in demo.ok(listing)[key] if i[id_field] == args[id_field]]
    assert dates == [NOW1]


@pytest.mark.parametrize("op,args", RESTORE, ids=[r[0] for r in RESTORE])
def test_restoring_twice_or_what_is_not_in_the_trash_succeeds_the_same(demo, op, args):
    not_trashed = demo.ok(op, args)
    trash_op = op.replace("restore", "trash")
    code, out = demo.batch([{"tool": trash_op, "args": args}, {"tool": op, "args": args}, {"tool": op, "args": args}])
    assert code == 0, out
    assert out[1]["result"] == out[2]["result"]
    assert {k: v for k, v in out[1]["result"].items() if k != "updatedAt"} == \
           {k: v for k, v in not_trashed.items() if k != "updatedAt"}


@pytest.mark.parametrize("op,args", PIN, ids=[f"{p[0]}-{p[1]['pinned']}" for p in PIN])
def test_pinning_twice_succeeds_the_same(demo, op, args):
    code, out = demo.batch([{"tool": op, "args": args}, {"tool": op, "args": args}])
    assert code == 0, out
    assert out[0]["result"] == out[1]["result"] == {k: args[k] for k in args}


@pytest.mark.parametrize("op,args", [
    ("chats.update", {"chatId": HELIOS_CHAT, "pinned": True}),
    ("documents.update", {"documentId": "document-toftmboyaq1ljdj8ccm0", "pinned": True}),
], ids=["chats.update", "documents.update"])
def test_pinning_chats_and_documents_twice_answers_the_same_row(demo, op, args):
    code, out = demo.batch([{"tool": op, "args": args}, {"tool": op, "args": args}])
    assert code == 0, out
    first, second = (o["result"] for o in out)
    assert first["pinned"] is second["pinned"] is True
    assert {k: v for k, v in first.items() if k != "updatedAt"} == {k: v for k, v in second.items() if k != "updatedAt"}


def test_a_repeat_changes_nothing_not_even_updated_at(demo):
    code, out = demo.batch([{"tool": "notes.pin", "args": {"noteId": READING, "pinned": True}},
                            {"tool": "notes.get", "args": {"noteId": READING}},
                            {"tool": "notes.pin", "args": {"noteId": READING, "pinned": True}},
                            {"tool": "notes.restore", "args": {"noteId": READING}},
                            {"tool": "notes.get", "args": {"noteId": READING}}])
    assert code == 0, out
    assert out[1]["result"]["updatedAt"] == out[4]["result"]["updatedAt"]


@pytest.mark.parametrize("op,field", [("projects.trash", "projectId"), ("projects.restore", "projectId"),
                                      ("projects.pin", "projectId"), ("notes.trash", "noteId"),
                                      ("notes.restore", "noteId"), ("notes.pin", "noteId"),
                                      ("chats.trash", "chatId"), ("chats.restore", "chatId")])
def test_an_unknown_id_stays_not_found(demo, op, field):
    args = {field: "nope-123"}
    if op.endswith(".pin"):
        args["pinned"] = True
    code, out = demo.call(op, args)
    assert code == 1 and out["error"]["code"] == "not_found"


def test_removing_an_action_item_twice_is_not_found_the_second_time(demo):
    item = "outcome-5q49afztdm1br2rfpe1oluzm"
    code, out = demo.batch([{"tool": "action_items.remove", "args": {"itemId": item}},
                            {"tool": "action_items.remove", "args": {"itemId": item}}])
    assert out[0]["ok"] and out[1]["error"]["code"] == "not_found"
