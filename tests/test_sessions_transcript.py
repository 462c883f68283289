"""sessions.transcript: pages of whole turns, the speaker filter, the cursor, and the clock format.

The oracle is the whole transcript read in one page (every turn, with its speaker's shown name);
the paged reads must give exactly the turns the filter keeps, once each, in order, each page as
full as maxChars allows and never splitting a turn.
"""

import json
import unicodedata

from hypothesis import HealthCheck, given, settings, strategies as st
import pytest


# These tests are about what the operations do, not the process around them: tb and demo run
# their tools/app commands in this process (conftest.InProcessCLI).
pytestmark = pytest.mark.commands_in_process


ACME = "8d51ad9b-43ac-4782-991c-d082f05de62e"
NORTHWIND = "c9d45f94-d812-453d-bd9f-5d596c814c59"   # has an unnamed speaker ("Speaker 1")
INTERVIEW = "125c3963-9fc4-467f-b687-ba404c83556f"   # private, a speaker excluded from AI
RUSSIAN = "c888c419-d6e3-4e80-8df6-673dbd78bff6"
SESSIONS = (ACME, NORTHWIND, INTERVIEW, RUSSIAN)


def clock(ms):
    s = ms // 1000
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60:02d}:{s % 60:02d}"


def fold(text):
    return "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))


def line(turn):
    return f"[{clock(turn['startMs'])}] {turn['speaker']}: {turn['text']}"


def batch(tb, calls):
    code, out = tb.batch(calls)
    assert out is not None and all(r["ok"] for r in out), out
    return [r["result"] for r in out]


def whole_transcripts(tb):
    pages = batch(tb, [{"tool": "sessions.transcript", "args": {"sessionId": s, "format": "json", "maxChars": 200000}}
                       for s in SESSIONS])
    for page in pages:
        assert page["nextTurnOffset"] is None and page["totalTurns"] == len(page["turns"])
    return dict(zip(SESSIONS, (p["turns"] for p in pages)))


@st.composite
def reads(draw, names):
    session = draw(st.sampled_from(SESSIONS))
    speaker = None
    if draw(st.booleans()):
        name = draw(st.sampled_from(names[session]))
        start = draw(st.integers(0, len(name) - 1))
        part = name[start:draw(st.integers(start + 1, len(name)))]
        if part.strip():
            speaker = part.upper() if draw(st.booleans()) else part
    return {"session": session, "speaker": speaker, "maxChars": draw(st.integers(1000, 5000)),
            "format": draw(st.sampled_from(["text", "json"]))}


def read_all_pages(tb, plans):
    """Page every plan to its end, one batch per round; returns the pages of each plan."""
    pages = [[] for _ in plans]
    offsets = [0] * len(plans)
    while True:
        going = [i for i, off in enumerate(offsets) if off is not None]
        if not going:
            return pages
        calls = []
        for i in going:
            p = plans[i]
            args = {"sessionId": p["session"], "maxChars": p["maxChars"], "format": p["format"],
                    "turnOffset": offsets[i]}
            if p["speaker"] is not None:
                args["speaker"] = p["speaker"]
            calls.append({"tool": "sessions.transcript", "args": args})
        for i, page in zip(going, batch(tb, calls)):
            assert page["turnOffset"] == offsets[i]
            pages[i].append(page)
            offsets[i] = page["nextTurnOffset"]


def test_pages_hold_every_matching_turn_once_in_order_and_never_split_one(demo):
    whole = whole_transcripts(demo)
    names = {s: sorted({t["speaker"] for t in turns}) for s, turns in whole.items()}

    @settings(max_examples=3, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
    @given(st.lists(reads(names), min_size=6, max_size=10))
    def check(plans):
        for plan, plan_pages in zip(plans, read_all_pages(demo, plans)):
            expected = [t for t in whole[plan["session"]]
                        if plan["speaker"] is None or fold(plan["speaker"]) in fold(t["speaker"])]
            lines = [line(t) for t in expected]
            got, position = [], 0
            for page in plan_pages:
                assert page["totalTurns"] == len(expected)
                assert page["truncated"] == (page["nextTurnOffset"] is not None)
                if plan["format"] == "json":
                    page_turns = page["turns"]
                    text = "\n".join(line(t) for t in page_turns)
                    got += [t["turnId"] for t in page_turns]
                else:
                    text = page["transcript"]
                    count = len(text.split("\n")) if text else 0
                    assert text == "\n".join(lines[position:position + count])  # whole lines only
                    got += [t["turnId"] for t in expected[position:position + count]]
                    page_turns = expected[position:position + count]
                position += len(page_turns)
                assert len(text) <= plan["maxChars"] or len(page_turns) == 1
                if page["nextTurnOffset"] is not None:  # as full as the limit allows
                    assert page["nextTurnOffset"] == position
                    assert len(text) + 1 + len(lines[position]) > plan["maxChars"]
            assert got == [t["turnId"] for t in expected]

    check()


def test_cursor_pages_report_every_turn_once_in_order_of_change(demo):
    whole = whole_transcripts(demo)[ACME]
    cursor, seen, pages = "0:", [], 0
    while True:
        (page,) = batch(demo, [{"tool": "sessions.transcript",
                                "args": {"sessionId": ACME, "cursor": cursor, "format": "json", "maxChars": 1500}}])
        assert "totalTurns" not in page and "turnOffset" not in page
        pages += 1
        seen += [t["turnId"] for t in page["turns"]]
        if not page["turns"]:
            assert page["nextCursor"] == cursor and page["truncated"] is False
            break
        assert page["nextCursor"].endswith(":" + page["turns"][-1]["turnId"])
        cursor = page["nextCursor"]
    assert seen == [t["turnId"] for t in whole]   # imported turns changed in transcript order
    assert pages > 3


def test_an_hour_in_the_clock_shows_hours_and_an_empty_transcript_pages(tb):
    fixture = {"format": "talkbar-fixture/1", "workspaces": [{
        "workspaceId": "ws-long", "name": "Long", "active": True,
        "sessions": [
            {"sessionId": "ses-long", "title": "Board offsite", "startedAtMs": 1790000000000,
             "endedAtMs": 1790000000000 + 3 * 3600000,
             "participants": [{"speakerId": "a", "name": "Ada"}, {"speakerId": "b"}],
             "turns": [{"turnId": "t1", "speakerId": "a", "startMs": 59999, "endMs": 61000, "text": "Start."},
                       {"turnId": "t2", "speakerId": "b", "startMs": 3723000, "endMs": 3725000, "text": "Later."},
                       {"turnId": "t3", "speakerId": "a", "startMs": 10 * 3600000, "endMs": 10 * 3600000 + 5, "text": "Late."}],
             "timeline": [{"pointId": "p1", "atMs": 3600000, "text": "Hour"}, {"pointId": "p2", "text": "No time"}]},
            {"sessionId": "ses-empty", "title": "Nothing said", "startedAtMs": 1790000000000}]}]}
    assert tb.import_fixture(fixture).code == 0
    text, timeline, empty, past = batch(tb, [
        {"tool": "sessions.transcript", "args": {"sessionId": "ses-long"}},
        {"tool": "sessions.timeline", "args": {"sessionId": "ses-long"}},
        {"tool": "sessions.transcript", "args": {"sessionId": "ses-empty", "format": "json"}},
        {"tool": "sessions.transcript", "args": {"sessionId": "ses-long", "turnOffset": 2}},
    ])
    assert text["transcript"] == "[00:59] Ada: Start.\n[1:02:03] Speaker 1: Later.\n[10:00:00] Ada: Late."
    assert [(p["at"], p["atMs"]) for p in timeline["points"]] == [("1:00:00", 3600000), ("--:--", None)]
    assert (empty["turns"], empty["totalTurns"], empty["nextTurnOffset"], empty["truncated"]) == ([], 0, None, False)
    assert past["transcript"] == "[10:00:00] Ada: Late." and past["nextTurnOffset"] is None
    code, out = tb.batch([{"tool": "sessions.transcript", "args": {"sessionId": "ses-empty", "turnOffset": 1}},
                          {"tool": "sessions.transcript", "args": {"sessionId": "ses-long", "turnOffset": 3}}])
    assert [r["error"]["code"] for r in out] == ["invalid_arguments", "invalid_arguments"]
    assert "past the end of the transcript (3 turns)" in out[1]["error"]["message"]


def test_one_turn_longer_than_max_chars_is_a_page_of_its_own(tb):
    long_text = "word " * 400  # 2,000 characters
    fixture = {"format": "talkbar-fixture/1", "workspaces": [{
        "workspaceId": "ws-x", "name": "X", "active": True,
        "sessions": [{"sessionId": "ses-x", "title": "Monologue", "startedAtMs": 1790000000000,
                      "participants": [{"speakerId": "a", "name": "Ada"}],
                      "turns": [{"turnId": f"t{i}", "speakerId": "a", "startMs": i * 1000, "endMs": i * 1000 + 1,
                                 "text": long_text if i == 1 else "short"} for i in range(3)]}]}]}
    assert tb.import_fixture(fixture).code == 0
    pages = batch(tb, [{"tool": "sessions.transcript", "args": {"sessionId": "ses-x", "maxChars": 1000, "turnOffset": n,
                                                                "format": "json"}} for n in range(3)])
    assert [[t["turnId"] for t in p["turns"]] for p in pages] == [["t0"], ["t1"], ["t2"]]
    assert [p["nextTurnOffset"] for p in pages] == [1, 2, None]
    assert json.dumps(pages[1]["turns"][0]["text"]).count("word") == 400
