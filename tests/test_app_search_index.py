"""`app search-index check`: the search index compared with the items and mended where they differ,
through the real talkbar-cli process (after the file was changed by another tool); `app search-index
compact`: what writes added folded into the term lists now, in one process."""

import json

import duckdb

NEW_NAME = "Zorblax Quimby"


def _by_hand(tb):
    """What an analyst's own DuckDB session might do: a speaker renamed (the passages of their turns
    start with their name) and a note deleted, with no index told. Returns the session."""
    con = duckdb.connect(str(tb.db))
    try:
        session = con.execute(
            "UPDATE session_participants SET name = ? WHERE (session_id, speaker_id) IN (SELECT session_id, speaker_id "
            "FROM session_participants WHERE name IS NOT NULL AND spoke ORDER BY session_id, speaker_id LIMIT 1) "
            "RETURNING session_id", [NEW_NAME]).fetchone()[0]
        con.execute("DELETE FROM notes WHERE note_id = (SELECT min(note_id) FROM notes)")
    finally:
        con.close()
    return session


def _check(tb, *args):
    r = tb.run("--output", "json", "app", "search-index", "check", *args)
    return r.code, (json.loads(r.stdout) if r.stdout.strip() else None)


def _sessions_found(tb, query):
    found = tb.ok("workspace.search", {"query": query, "match": "all", "kinds": ["session"]})["matches"]
    return [m["id"] for m in found]


def test_a_change_made_by_another_tool_is_mended_by_the_check(demo):
    session = _by_hand(demo)
    assert _sessions_found(demo, NEW_NAME) == []           # the index does not know
    code, out = _check(demo)
    assert code == 0, out
    mended = [w for w in out["workspaces"] if w["removed"] or w["written"] or w["itemsGone"]]
    assert len(mended) == 1 and mended[0]["rebuilt"] is False and mended[0]["itemsGone"] == 1
    assert mended[0]["written"] > 0 and mended[0]["removed"] == mended[0]["written"] + 2   # + the note's two
    assert len(out["workspaces"]) > 1                      # every workspace of the data root
    assert _sessions_found(demo, NEW_NAME) == [session]
    code, again = _check(demo, "--workspace", mended[0]["workspaceId"])
    assert code == 0 and again == {"workspaces": [{"workspaceId": mended[0]["workspaceId"], "rebuilt": False,
                                                   "removed": 0, "written": 0, "itemsGone": 0}]}


def test_an_unknown_workspace_is_refused_and_an_empty_root_left_without_a_database(tb):
    code, out = _check(tb)
    assert code == 0 and out == {"workspaces": []}
    assert not tb.db.exists()                              # nothing to check: no database made for it
    r = tb.run("--output", "json", "app", "search-index", "check", "--workspace", "nope")
    assert r.code == 1 and "Error: Workspace not found: nope" in r.stderr
    assert json.loads(r.stdout)["error"]["code"] == "not_found"
    assert not tb.db.exists()


def _session(session_id, texts):
    return {"sessionId": session_id, "title": f"Meeting {session_id}", "startedAtMs": 1790000000000,
            "participants": [{"speakerId": "a", "name": f"Alice {session_id}"}, {"speakerId": "b"}],
            "turns": [{"turnId": f"t{i}", "speakerId": "ab"[i % 2], "startMs": i * 1000, "endMs": i * 1000 + 900,
                       "text": text} for i, text in enumerate(texts)]}


def test_turn_ids_another_session_holds_too_are_mended_with_their_own_sessions_words(tb):
    """A turn's id is its session's own (a file may number every session's turns t0, t1 …): the check
    matched a stale passage with every turn of that id in its range, and wrote the other sessions'
    words into the session's passages."""
    doc = {"format": "talkbar-fixture/1", "workspaces": [{
        "workspaceId": "w-ids", "name": "Ids", "active": True,
        "sessions": [_session("s-1", ["apples are red", "bananas are yellow", "cherries are dark"]),
                     _session("s-2", ["zebras run", "yaks sleep", "xylophones ring"])]}]}
    assert tb.import_fixture(doc).code == 0
    con = duckdb.connect(str(tb.db))
    try:
        con.execute("UPDATE session_participants SET name = ? WHERE session_id = 's-1' AND speaker_id = 'a'", [NEW_NAME])
    finally:
        con.close()
    code, out = _check(tb)
    assert code == 0, out
    assert out["workspaces"] == [{"workspaceId": "w-ids", "rebuilt": False, "removed": 2, "written": 2, "itemsGone": 0}]
    assert _sessions_found(tb, NEW_NAME) == ["s-1"]
    for words, session in (("apples", "s-1"), ("cherries", "s-1"), ("zebras", "s-2"), ("xylophones", "s-2"),
                           ("Alice s-2", "s-2")):
        assert _sessions_found(tb, words) == [session], words
    snippets = tb.ok("workspace.search", {"query": "cherries", "match": "all"})["matches"]
    assert snippets[0]["snippet"].startswith(f"{NEW_NAME}: ")


NOTHING = {"compacted": False, "stopped": False, "tailBefore": 0, "tailAfter": 0, "ranges": 0, "built": 0,
           "handedOver": 0}


def _compact(tb):
    r = tb.run("--output", "json", "app", "search-index", "compact")
    return r.code, (json.loads(r.stdout) if r.stdout.strip() else r.stderr)


def _answers(tb, queries):
    out = {}
    for q in queries:
        for match in ("all", "any"):
            found = tb.ok("workspace.search", {"query": q, "match": match, "limit": 50})["matches"]
            out[(q, match)] = [(m["id"], round(m["score"], 6)) for m in found]
    return out


def test_compact_folds_what_writes_added_into_the_lists_and_answers_as_before(demo):
    """After one-shot writes (each adds to the index's unsorted tail), the command folds the tail in
    through the real process: the same answers, nothing left to fold, and a second run does nothing."""
    code, out = _compact(demo)
    assert (code, out) == (0, NOTHING)
    made = [demo.ok("notes.create", {"title": f"Okapi savanna {n}", "markdown": f"Pangolin budget review {n}."})
            for n in range(3)]
    demo.ok("notes.update", {"noteId": made[0]["noteId"], "markdown": "Vendor pricing after the discount."})
    queries = ("okapi savanna", "pangolin budget", "vendor pricing", "budget review", "discount")
    before = _answers(demo, queries)
    assert sum(len(v) for v in before.values()) >= 10, before
    code, out = _compact(demo)
    assert code == 0 and out["compacted"] is True and out["tailBefore"] > 0 and out["tailAfter"] == 0, out
    assert out["ranges"] == out["built"] == 1 and out["handedOver"] == 0 and out["stopped"] is False, out
    assert _answers(demo, queries) == before
    con = duckdb.connect(str(demo.db), read_only=True)
    try:
        assert con.execute("SELECT count(*) FROM search_tail").fetchone()[0] == 0
        assert con.execute("SELECT count(*) FROM search_next_ranges").fetchone()[0] == 0
    finally:
        con.close()
    assert _compact(demo) == (0, NOTHING)


def test_compact_on_an_empty_root_makes_no_database(tb):
    assert _compact(tb) == (0, NOTHING)
    assert not tb.db.exists()


def test_the_check_reads_with_the_machines_threads_and_leaves_the_lease_on_one(demo):
    """The check reads every turn and every passage: with DuckDB's threads at the machine's count
    (its default), as an import does; back on one once it is done (talkbar/dbwidth.py)."""
    _by_hand(demo)
    r = demo.run("-v", "--output", "json", "app", "search-index", "check")
    assert r.code == 0, r.stderr
    events = [json.loads(line) for line in r.stderr.splitlines() if line.startswith("{")]
    names = [e["event"] for e in events]
    checked = [i for i, n in enumerate(names) if n == "search.checked"]
    assert checked, names
    threads = [(i, e["threads"]) for i, e in enumerate(events) if e["event"] == "db.threads"]
    con = duckdb.connect()
    try:
        machine = int(con.execute("SELECT current_setting('threads')").fetchone()[0])
    finally:
        con.close()
    during = [t for i, t in threads if i < checked[0]]
    assert (during[-1] if during else 1) == machine, threads
    assert (threads[-1][1] if threads else 1) == 1, threads     # narrow again after the last check
    assert all(i < checked[0] for i, t in threads if t == machine and machine > 1), threads
