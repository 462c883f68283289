"""action_items.* in sequences: the status sets of the four types, placing items at moments of a
session (the bookmark rules), remove, and edits that change an item's type."""

import json

import pytest


# These tests are about what the operations do, not the process around them: tb and demo run
# their tools/app commands in this process (conftest.InProcessCLI).
pytestmark = pytest.mark.commands_in_process


PRICING = "c9db1374-73be-403e-adc6-cc1f3f08f3d9"     # complete, Acme project
RECORDING = "33cf0ddb-f3c4-4447-8436-28063ff41be2"   # recording, started at 1795528800000
ACME = "project-z1lr8n4ujayyqpgujzps7wk3"
STATUSES = {"task": ["open", "done"], "follow_up": ["open", "done"], "question": ["open", "answered"],
            "decision": ["active", "superseded"]}
ALL = ["open", "done", "answered", "active", "superseded"]


def _batch(tb, calls, env=None):
    r = tb.run("tools", "batch", input=json.dumps(calls), env=env)
    out = r.json
    assert len(out) == len(calls), out
    return out


def test_each_type_takes_exactly_its_statuses(demo):
    combos = [(t, s) for t in STATUSES for s in ALL]
    out = _batch(demo, [{"tool": "action_items.create", "args": {"title": f"{t} {s}", "itemType": t, "status": s}}
                        for t, s in combos])
    for (item_type, status), entry in zip(combos, out):
        if status in STATUSES[item_type]:
            assert entry["ok"] and entry["result"]["status"] == status, entry
            assert (entry["result"]["resolvedAtMs"] is not None) == (status == STATUSES[item_type][1])
        else:
            assert entry["error"]["code"] == "invalid_arguments", entry
            assert entry["error"]["message"].startswith(
                f"status {status} is not valid for a") and ", ".join(STATUSES[item_type]) in entry["error"]["message"]
    defaults = _batch(demo, [{"tool": "action_items.create", "args": {"title": t, "itemType": t}} for t in STATUSES])
    assert [d["result"]["status"] for d in defaults] == ["open", "open", "open", "active"]


def test_set_status_finishes_and_reopens_with_the_resolution_time(demo):
    item = demo.ok("action_items.create", {"title": "Ask legal", "itemType": "question"})["itemId"]
    out = _batch(demo, [
        {"tool": "action_items.set_status", "args": {"itemId": item, "status": "answered", "answer": "Yes"}},
        {"tool": "action_items.set_status", "args": {"itemId": item, "status": "open"}},
        {"tool": "action_items.set_status", "args": {"itemId": item, "status": "superseded"}},
        {"tool": "action_items.get", "args": {"itemId": item}},
    ], env={"TALKBAR_NOW_MS": 1893456000000})
    assert out[0]["result"]["resolvedAtMs"] == 1893456000000 and out[0]["result"]["answer"] == "Yes"
    assert out[1]["result"]["resolvedAtMs"] is None and out[1]["result"]["status"] == "open"
    assert out[2]["error"]["message"].startswith("status superseded is not valid for a question; use one of: open, answered")
    assert out[3]["result"]["status"] == "open", "the refused call wrote nothing"


@pytest.mark.parametrize("place,anchor,source", [
    ({"turnId": "turn-c9db1374-55"}, {"turnId": "turn-c9db1374-55", "pointId": None, "atMs": 334259}, None),
    ({"turnId": "turn-c9db1374-55", "atMs": 335000}, {"turnId": "turn-c9db1374-55", "pointId": None, "atMs": 335000}, None),
    ({"chunkId": "chunk-c9db1374-15"}, {"turnId": None, "pointId": None, "atMs": 341361}, None),
    ({"pointId": "point-c9db1374-2"}, {"turnId": None, "pointId": "point-c9db1374-2", "atMs": 176051}, None),
    ({"atMs": 1234}, {"turnId": None, "pointId": None, "atMs": 1234}, None),
    ({"quote": "ZOE will send the REVISED   quote"}, {"turnId": "turn-c9db1374-56", "pointId": None, "atMs": 341361},
     {"quote": "ZOE will send the REVISED   quote", "turnId": "turn-c9db1374-56", "atMs": 341361}),
    ({"quote": "revised", "atMs": 336000}, {"turnId": "turn-c9db1374-55", "pointId": None, "atMs": 336000},
     {"quote": "revised", "turnId": "turn-c9db1374-55", "atMs": 336000}),
    ({"quote": "revised", "chunkId": "chunk-c9db1374-15"}, {"turnId": "turn-c9db1374-56", "pointId": None, "atMs": 341361},
     {"quote": "revised", "turnId": "turn-c9db1374-56", "atMs": 341361}),
], ids=["turn", "turn-and-moment", "chunk", "point", "moment", "quote", "quote-and-moment", "quote-in-chunk"])
def test_an_item_is_placed_like_a_bookmark(demo, place, anchor, source):
    created = demo.ok("action_items.create", {"title": "Placed", "sessionId": PRICING, **place})
    assert created["sources"] == ([source] if source else [])
    listed = demo.ok("action_items.list", {"sessionId": PRICING, "text": "placed"})["items"]
    assert [i["anchor"] for i in listed] == [anchor]


@pytest.mark.parametrize("place,message", [
    ({"chunkId": "chunk-33cf0ddb-1"}, "chunkId chunk-33cf0ddb-1 is not a chunk of session"),
    ({"pointId": "point-75f3eea2-1"}, "pointId point-75f3eea2-1 is not a timeline point of session"),
    ({"turnId": "turn-c9db1374-55", "chunkId": "chunk-c9db1374-15"}, "turnId turn-c9db1374-55 is not in chunk chunk-c9db1374-15"),
    ({"pointId": "point-c9db1374-2", "atMs": 303300}, "atMs 303300 is outside timeline point point-c9db1374-2"),
    ({"quote": "nobody said this"}, "No turn of session"),
    ({"quote": "revised quote", "turnId": "turn-c9db1374-55"}, "No turn of session"),
    ({"quote": "revised quote"}, "Several turns of session"),
], ids=["chunk", "point", "turn-not-in-chunk", "moment-after-point", "quote-unsaid", "quote-not-in-turn", "quote-in-two-turns"])
def test_a_place_not_in_the_session_is_a_wrong_request_and_writes_nothing(demo, place, message):
    code, out = demo.call("action_items.create", {"title": "Misplaced", "sessionId": PRICING, **place})
    assert code == 1 and out["error"]["code"] == "invalid_arguments"
    assert message in out["error"]["message"]
    assert demo.ok("action_items.list", {"sessionId": PRICING, "text": "misplaced"})["items"] == []


def test_items_can_be_added_while_the_session_records_but_not_after_now(demo):
    env = {"TALKBAR_NOW_MS": 1795528800000 + 420_000}   # seven minutes into the recording
    out = _batch(demo, [
        {"tool": "action_items.create", "args": {"title": "Model the Antwerp delay", "sessionId": RECORDING,
                                                 "quote": "Antwerp depot is delayed"}},
        {"tool": "action_items.create", "args": {"title": "Later", "sessionId": RECORDING, "atMs": 420_001}},
        {"tool": "action_items.create", "args": {"title": "Now", "sessionId": RECORDING, "atMs": 420_000}},
    ], env=env)
    live = out[0]["result"]
    assert live["sessionStatus"] == "recording" and live["projectId"] == "project-i0isnkiwylu7a51qpfvyw64f"
    assert live["sources"] == [{"quote": "Antwerp depot is delayed", "turnId": "turn-33cf0ddb-73", "atMs": 413568}]
    assert "warning" in live, "no app is running, so the recording only looks live"
    assert out[1]["error"]["code"] == "invalid_arguments" and "later than the current moment" in out[1]["error"]["message"]
    assert out[2]["ok"]


def test_remove_deletes_a_manual_item_and_hides_a_summary_item(demo):
    manual = demo.ok("action_items.create", {"title": "Mine", "sessionId": PRICING, "assignees": ["Dana"],
                                             "quote": "send the revised quote"})["itemId"]
    summary = "outcome-pc0ux4aa94a3h8zj9zxikku9"
    out = _batch(demo, [
        {"tool": "action_items.remove", "args": {"itemId": manual}},
        {"tool": "action_items.remove", "args": {"itemId": summary}},
        {"tool": "action_items.get", "args": {"itemId": manual}},
        {"tool": "action_items.get", "args": {"itemId": summary}},
        {"tool": "action_items.update", "args": {"itemId": summary, "title": "back?"}},
        {"tool": "action_items.list", "args": {"sessionId": PRICING}},
    ])
    assert out[0]["result"] == {"removed": True, "itemId": manual, "sessionId": PRICING, "projectId": ACME,
                                "sessionStatus": "complete"}
    assert [o["error"]["code"] for o in out[2:5]] == ["not_found"] * 3
    assert {manual, summary}.isdisjoint(i["itemId"] for i in out[5]["result"]["items"])
    doc = json.loads(demo.run("app", "export").stdout)
    items = {a["itemId"]: a for w in doc["workspaces"] for a in w["actionItems"]}
    assert manual not in items, "a manual item is deleted"
    assert items[summary]["hidden"] is True, "a summary item stays, hidden from its board"


def test_changing_the_type_keeps_finished_state_and_drops_what_the_new_type_cannot_have(demo):
    task = demo.ok("action_items.create", {"title": "Decide", "itemType": "task", "status": "done",
                                           "dueAtMs": 1793725200000, "labelId": "label-94ccgyt2lec4dt1p"})
    out = _batch(demo, [
        {"tool": "action_items.update", "args": {"itemId": task["itemId"], "itemType": "decision"}},
        {"tool": "action_items.update", "args": {"itemId": task["itemId"], "itemType": "question", "status": "open",
                                                 "answer": "n/a", "labelId": "label-z1ac15ximbb2lbcl"}},
        {"tool": "action_items.update", "args": {"itemId": task["itemId"], "answer": None, "details": None}},
        {"tool": "action_items.update", "args": {"itemId": task["itemId"], "itemType": "task", "answer": "x"}},
    ])
    decision = out[0]["result"]
    assert (decision["itemType"], decision["status"], decision["dueAtMs"], decision["labelId"]) == \
           ("decision", "superseded", None, None)
    assert decision["resolvedAtMs"] == task["resolvedAtMs"], "still finished since then"
    question = out[1]["result"]
    assert (question["status"], question["answer"], question["label"], question["resolvedAtMs"]) == \
           ("open", "n/a", "Legal", None)
    assert out[2]["result"]["answer"] is None
    assert out[3]["error"]["code"] == "invalid_arguments"


def test_list_filters_a_session_project_series_assignee_and_text(demo):
    out = _batch(demo, [
        {"tool": "action_items.list", "args": {"seriesId": "series-11yz0ks2ixr6vlv80mja", "limit": 200}},
        {"tool": "action_items.list", "args": {"seriesId": "series-11yz0ks2ixr6vlv80mja", "includeStopped": True}},
        {"tool": "action_items.list", "args": {"contactIds": ["contact-30vl0fszajd853nlmezd"]}},
        {"tool": "action_items.list", "args": {"text": "DPIA northwind"}},
        {"tool": "action_items.list", "args": {"seriesId": "series-nope"}},
        {"tool": "action_items.list", "args": {"contactIds": ["contact-nope"]}},
    ])
    weekly = {i["itemId"] for i in out[0]["result"]["items"]}
    with_stopped = {i["itemId"] for i in out[1]["result"]["items"]}
    assert with_stopped - weekly == {"outcome-4gqcqlk5p6odltnruupkmil7"}, "a stopped carry-over shows only when asked"
    assert all(any(a["contactId"] == "contact-30vl0fszajd853nlmezd" for a in i["assignees"])
               for i in out[2]["result"]["items"]) and out[2]["result"]["items"]
    assert [i["itemId"] for i in out[3]["result"]["items"]] == ["outcome-aio8jgf7q4jbsp9fqrbe78j9"]
    assert out[4]["error"]["code"] == out[5]["error"]["code"] == "not_found"
