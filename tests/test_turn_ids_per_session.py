"""A turn's, a speaker's, a timeline point's and a chunk's id are their session's own: the fixture
format asks only that a session's differ, and a file may number every session's turns t0, t1 …,
speakers s0, s1 … (the demo's are unique across the file, so nothing else here would notice a join on
such an id alone; the index check had one).

The demo imported as it is, and again with all of these renumbered from 0 in every session (the
markers' and action items' references to them with them): searches answer the same, their
passages placed at the same turns; a speaker renamed through the operation, and one renamed in the
file by another tool and then checked (`app search-index check`), answer the same in both, and the
transcript, the timeline and the speakers read the same."""

import copy
import json

import duckdb

from conftest import DEMO

QUERIES = ["budget", "pricing renewal", "Dana", "Quetzalcoatl Zyx", "Zorblax Quimby", "roadmap", "migration plan",
           "hiring", "customer churn", "the", "Q1 planning"]


IMPORTED_PEOPLE = {c["contactId"] for ws in json.loads(DEMO.read_text(encoding="utf-8"))["workspaces"]
                   for c in ws.get("contacts", [])}


def renumbered(doc):
    """The demo with each session's turns numbered t0, t1 … in transcript order, its speakers s0, s1 …
    in the participants' order, its timeline points p0, p1 … and its chunks c0, c1 … (what refers to
    them with them); per session, the new id of each old turn, and of each speaker."""
    doc = copy.deepcopy(doc)
    ids, speakers, points, chunks = {}, {}, {}, {}
    for ws in doc["workspaces"]:
        for s in ws["sessions"]:
            sid = s["sessionId"]
            new = ids[sid] = {t["turnId"]: f"t{i}" for i, t in enumerate(s["turns"])}
            who = speakers[sid] = {p["speakerId"]: f"s{i}" for i, p in enumerate(s["participants"])}
            points[sid] = {p["pointId"]: f"p{i}" for i, p in enumerate(s.get("timeline", []))}
            chunks[sid] = {c: f"c{i}" for i, c in enumerate(dict.fromkeys(t["chunkId"] for t in s["turns"]
                                                                          if t.get("chunkId")))}
            for p in s["participants"]:
                p["speakerId"] = who[p["speakerId"]]
            for p in s.get("timeline", []):
                p["pointId"] = points[sid][p["pointId"]]
            for t in s["turns"]:
                t["turnId"], t["speakerId"] = new[t["turnId"]], who[t["speakerId"]]
                if t.get("chunkId"):
                    t["chunkId"] = chunks[sid][t["chunkId"]]
            for m in s.get("markers", []):
                _refer(m, new, points[sid], chunks[sid])
        for item in ws.get("actionItems", []):
            sid = item.get("sessionId")
            for ref in [item.get("anchor") or {}, *(item.get("sources") or [])]:
                _refer(ref, ids.get(sid, {}), points.get(sid, {}), chunks.get(sid, {}))
    return doc, ids, speakers, points, chunks


def _refer(ref, turns, points, chunks):
    for key, new in (("turnId", turns), ("pointId", points), ("chunkId", chunks)):
        if ref.get(key):
            ref[key] = new[ref[key]]


def answers(tb, ids=None):
    """Each query's matches in both modes: kind, id, score, where matched, snippet and the turn its
    passage is at (as the original's id, through `ids`, where given)."""
    back = {sid: {n: old for old, n in m.items()} for sid, m in (ids or {}).items()}
    calls = [{"tool": "workspace.search", "args": {"query": q, "match": match, "limit": 50}}
             for q in QUERIES for match in ("all", "any")]
    code, out = tb.batch(calls)
    assert code == 0 and all(e["ok"] for e in out), out
    got = []
    for e in out:
        rows = []
        for m in e["result"]["matches"]:
            content = m["content"] or {}
            locator = content.get("locator")
            if content.get("sourceType") == "session" and m["id"] in back:
                locator = back[m["id"]].get(locator, locator)
            made = m["kind"] == "person" and m["id"] not in IMPORTED_PEOPLE    # a speaker's new person: its own id
            rows.append((m["kind"], "(made)" if made else m["id"], m["score"], m["matchedIn"], m["snippet"], locator))
        got.append(rows)
    return got


def _first_named_speaker(tb):
    con = duckdb.connect(str(tb.db), read_only=True)
    try:
        return con.execute("SELECT session_id, speaker_id FROM session_participants WHERE name IS NOT NULL AND spoke "
                           "ORDER BY session_id, speaker_id LIMIT 1").fetchone()
    finally:
        con.close()


def _renamed_by_hand(tb, session, speaker, name):
    con = duckdb.connect(str(tb.db))
    try:
        con.execute("UPDATE session_participants SET name = ? WHERE session_id = ? AND speaker_id = ?",
                    [name, session, speaker])
    finally:
        con.close()


def test_sessions_whose_turns_share_ids_answer_as_the_demo_does(demo, tb, demo_doc):
    doc, ids, speakers, _points, _chunks = renumbered(demo_doc)
    assert tb.import_fixture(doc).code == 0
    assert answers(tb, ids) == answers(demo)
    session, speaker = _first_named_speaker(demo)
    own = {demo: speaker, tb: speakers[session][speaker]}
    for t in (demo, tb):
        t.ok("sessions.speakers.rename", {"sessionId": session, "speakerId": own[t], "name": "Quetzalcoatl Zyx"})
    assert answers(tb, ids) == answers(demo)
    checked = []
    for t in (demo, tb):
        _renamed_by_hand(t, session, own[t], "Zorblax Quimby")
        r = t.run("--output", "json", "app", "search-index", "check")
        assert r.code == 0, r
        checked.append([w for w in json.loads(r.stdout)["workspaces"] if w["written"]])
    assert checked[0] == checked[1] and checked[0][0]["written"] > 0
    assert answers(tb, ids) == answers(demo)
    page = {"sessionId": session}
    demo_page, tb_page = demo.ok("sessions.transcript", page), tb.ok("sessions.transcript", page)
    assert tb_page["transcript"] == demo_page["transcript"]
    timelines = [t.ok("sessions.timeline", {"sessionId": session})["points"] for t in (demo, tb)]
    assert [{**x, "pointId": None} for x in timelines[0]] == [{**x, "pointId": None} for x in timelines[1]]
    stats = [t.ok("sessions.stats", {"sessionId": session})["speakers"] for t in (demo, tb)]
    made = lambda c: c if c in IMPORTED_PEOPLE or c is None else "(made)"   # noqa: E731
    assert ([{**x, "speakerId": speakers[session][x["speakerId"]], "contactId": made(x["contactId"])} for x in stats[0]]
            == [{**x, "contactId": made(x["contactId"])} for x in stats[1]])


def _placed(tb, sessions):
    """Each session's markers and its action items (listed, with their anchors, and each got, with its
    sources), as the operations read them (`sessions`: (workspace, session) pairs)."""
    calls = [{"tool": "markers.list", "args": {"workspaceId": w, "sessionId": s}} for w, s in sessions]
    calls += [{"tool": "action_items.list", "args": {"workspaceId": w, "sessionId": s, "limit": 100}}
              for w, s in sessions]
    code, out = tb.batch(calls)
    assert code == 0 and all(e["ok"] for e in out), out
    markers = {s: e["result"]["markers"] for (_w, s), e in zip(sessions, out)}
    items = [i for e in out[len(sessions):] for i in e["result"]["items"]]
    workspace = {s: w for w, s in sessions}
    code, got = tb.batch([{"tool": "action_items.get", "args": {"workspaceId": workspace[i["sessionId"]],
                                                                 "itemId": i["itemId"]}} for i in items])
    assert code == 0 and all(e["ok"] for e in got), got
    return markers, items, [e["result"] for e in got]


def _as_renumbered(value, session, maps):
    """`value` (a marker, an item, its anchor or sources) with its session's turn, point and chunk ids
    as renumbered()."""
    if isinstance(value, list):
        return [_as_renumbered(v, session, maps) for v in value]
    if not isinstance(value, dict):
        return value
    out = {}
    for key, v in value.items():
        table = {"turnId": "turns", "pointId": "points", "chunkId": "chunks"}.get(key)
        out[key] = maps[table].get(session, {}).get(v, v) if table and v else _as_renumbered(v, session, maps)
    return out


def test_markers_and_action_items_at_turns_that_share_ids_read_as_the_demos(demo, tb, demo_doc):
    """Markers and action items refer to a turn, a point or a chunk by their session's own id: read
    back, and placed anew by a quote alone (the turn holding the words found), they name their own
    session's turn, as the demo's do."""
    doc, ids, _speakers, points, chunks = renumbered(demo_doc)
    assert tb.import_fixture(doc).code == 0
    maps = {"turns": ids, "points": points, "chunks": chunks}
    placed_at = [(ws["workspaceId"], s["sessionId"]) for ws in demo_doc["workspaces"] for s in ws["sessions"]
                 if s.get("markers") or any(i.get("sessionId") == s["sessionId"] for i in ws.get("actionItems", []))]
    assert len(placed_at) >= 3, placed_at
    (demo_markers, demo_listed, demo_items), (tb_markers, tb_listed, tb_items) = (_placed(t, placed_at)
                                                                                  for t in (demo, tb))
    assert sum(len(m) for m in demo_markers.values()) >= 3 and len(demo_items) >= 3
    assert any(m["turnId"] for ms in demo_markers.values() for m in ms)
    assert any((i.get("anchor") or {}).get("turnId") for i in demo_listed)
    assert any(src.get("turnId") for i in demo_items for src in i.get("sources") or [])
    assert {s: _as_renumbered(m, s, maps) for s, m in demo_markers.items()} == tb_markers
    assert [_as_renumbered(i, i["sessionId"], maps) for i in demo_listed] == tb_listed
    assert [_as_renumbered(i, i["sessionId"], maps) for i in demo_items] == tb_items
    workspace, session = next((w, s) for w, s in placed_at if demo_markers[s] and demo_markers[s][0].get("quote"))
    quote = demo_markers[session][0]["quote"]
    made = [t.ok("markers.create", {"workspaceId": workspace, "sessionId": session, "quote": quote,
                                    "body": "Placed by its words"}) for t in (demo, tb)]
    assert made[0]["turnId"] and _as_renumbered(made[0], session, maps)["turnId"] == made[1]["turnId"]


def _exported_turns(tb, sessions, destination, turn_ids):
    out = tb.ok("exports.preview", {"sessionIds": sessions, "destinationIds": [destination],
                                    "selection": {"summary": False, "metadata": False, "turnIds": turn_ids}})
    return {s["sessionId"]: s["transcript"] for s in out["sessions"]}


def test_an_exports_turn_ids_take_each_sessions_own_turn(demo, tb, demo_doc):
    """An export's selection holds for each session exported, and its turnIds name turns by their
    session's own ids: in the renumbered copy "t2" takes the third turn of each session (as the
    demo's ids of those turns take them), never another session's turn t2, and its speaker, s2 in
    each, is named as that session's s2."""
    doc, ids, _speakers, _points, _chunks = renumbered(demo_doc)
    assert tb.import_fixture(doc).code == 0
    ws = demo_doc["workspaces"][0]
    destination = ws["exports"]["destinations"][0]["destinationId"]
    said_by = lambda s: [p["speakerId"] for p in s["participants"]].index(s["turns"][2]["speakerId"])  # noqa: E731
    sessions = [s for s in ws["sessions"] if len(s["turns"]) >= 3 and said_by(s) == 2][:3]    # by each one's s2
    sids = [s["sessionId"] for s in sessions]
    assert len(sids) == 3
    third = [s["turns"][2]["turnId"] for s in sessions]
    assert all(ids[sid][turn] == "t2" for sid, turn in zip(sids, third))
    demo_turns = _exported_turns(demo, sids, destination, third)
    tb_turns = _exported_turns(tb, sids, destination, ["t2"])
    assert [len(demo_turns[sid]) for sid in sids] == [1, 1, 1], demo_turns
    as_renumbered = {sid: [{**t, "turnId": ids[sid][t["turnId"]]} for t in turns] for sid, turns in demo_turns.items()}
    assert as_renumbered == tb_turns
    assert len({t[0]["text"] for t in tb_turns.values()}) == 3     # each session's own turn
    assert len({t[0]["speaker"] for t in tb_turns.values()}) == 3  # and its own s2's name
