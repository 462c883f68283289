"""The reference check of a streamed import (talkbar/fixture/rows.py): sessions written as they
were read leave only a Written stand-in and what they named in a SessionRefs, and the check must
still report the first bad reference in document order, exactly as on the whole document."""

import copy
import json
import random

from hypothesis import given, strategies as st

from conftest import DEMO
from talkbar.fixture import rows
from talkbar.fixture.importer import _written

DOC = json.loads(DEMO.read_text(encoding="utf-8"))
GHOST = "ghost-id"
# where a session can name something of its workspace (field, index or None, key inside or None)
PLACES = [("projectId", None, None), ("seriesId", None, None), ("topicIds", 0, None), ("documentIds", 0, None),
          ("participants", 0, "contactId"), ("cards", 0, "memoryId"), ("broughtInActionItems", 0, "itemId"),
          ("turns", 0, "speakerId")]


def _spoil(sess, field, index, key, value):
    if index is None:
        sess[field] = value
    elif key is None:
        sess[field] = [value] + list(sess.get(field) or [])
    elif field == "turns":
        if sess.get("turns"):
            sess["turns"][0][key] = value
    elif field == "participants":
        if sess.get("participants"):
            sess["participants"][0][key] = value
    else:
        entry = {"memoryId": value} if field == "cards" else {"itemId": value}
        sess[field] = [entry] + list(sess.get(field) or [])


def _streamed(doc, written):
    """The document as a streamed import leaves it: sessions in `written` replaced by their stand-ins."""
    out = copy.deepcopy(doc)
    refs = rows.SessionRefs()
    for w, ws in enumerate(out["workspaces"]):
        for s, sess in enumerate(ws.get("sessions", [])):
            if (w, s) in written:
                refs.add(w, s, sess, rows.session_problem(sess, f"workspaces[{w}].sessions[{s}]"))
                ws["sessions"][s] = _written(sess)
    return out, refs


@given(st.integers(0, 2**32 - 1))
def test_the_first_bad_reference_is_the_same_streamed_or_whole(seed):
    rnd = random.Random(seed)
    doc = copy.deepcopy(DOC)
    places = [(w, s) for w, ws in enumerate(doc["workspaces"]) for s in range(len(ws.get("sessions", [])))]
    for w, s in rnd.sample(places, rnd.randint(0, 4)):
        field, index, key = rnd.choice(PLACES)
        _spoil(doc["workspaces"][w]["sessions"][s], field, index, key, rnd.choice([GHOST, GHOST + "2"]))
    written = set(rnd.sample(places, rnd.randint(0, len(places))))
    whole = rows.check_references(doc)
    streamed, refs = _streamed(doc, written)
    turns = {s["sessionId"]: {t["turnId"] for t in s.get("turns", [])} for ws in doc["workspaces"] for s in ws["sessions"]}

    def has_turn(sess, turn_id):   # the importer asks the database for a written session's turns
        return turn_id in turns[sess["sessionId"]]
    assert rows.check_references(streamed, refs, has_turn) == whole


def test_a_written_sessions_bad_reference_is_reported_by_its_path():
    doc = copy.deepcopy(DOC)
    doc["workspaces"][0]["sessions"][5]["participants"][1]["contactId"] = GHOST
    doc["workspaces"][0]["sessions"][7]["projectId"] = GHOST
    streamed, refs = _streamed(doc, {(0, 5), (0, 7)})
    assert rows.check_references(streamed, refs) == \
        f"workspaces[0].sessions[5].participants[1].contactId: no contact {GHOST!r} in this workspace"
