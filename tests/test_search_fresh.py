"""The index follows every write in the write's own transaction: the very next search sees it.

The families that create notes and append turns are built elsewhere, so these tests write rows
with SQL and call the change hook exactly as a family's write (or the recording stand-in) does;
then they search through the real CLI. Trash and archive need no hook: visibility is decided when
searching.
"""


import json
from types import SimpleNamespace

import pytest

from talkbar import hooks, sqlfiles
from talkbar.db import Database
from talkbar.search import compact, index, postings, query

from older_database import database_before
from search_ranking_calls import lengths_wrong

WS = "workspace-niy3baezesnixbun"
LIVE = "33cf0ddb-f3c4-4447-8436-28063ff41be2"        # "Budget planning 2027", status recording
T0 = 1_800_000_000_000


def write(t, sql_steps, touched, workspace_id=WS):
    """One write transaction: the SQL, then the change hook, then commit (like the engine does)."""
    db = Database(t.db, create=False, idle_s=0)
    with db.cursor() as cur:
        cur.execute("BEGIN TRANSACTION")
        for sql, params in sql_steps:
            cur.execute(sql, params)
        hooks.changed(cur, workspace_id, touched)
        cur.execute("COMMIT")


def find(t, *queries, **extra):
    code, out = t.batch([{"tool": "workspace.search", "args": {"query": q, "match": "all", **extra}} for q in queries])
    assert all(e["ok"] for e in out), out
    return [e["result"]["matches"] for e in out]


def new_note(note_id, title, markdown):
    return ("INSERT INTO notes (workspace_id, note_id, title, markdown, created_at, updated_at) "
            "VALUES ($ws, $id, $title, $md, $t, $t)", {"ws": WS, "id": note_id, "title": title, "md": markdown, "t": T0})


def append_turn(n, text, changed):
    return ("INSERT INTO turns (workspace_id, session_id, turn_id, seq, speaker_id, start_ms, end_ms, text, changed_at_ms, "
            "session_no) "
            "SELECT $ws, $sid, $tid, max(seq) + 1, any_value(speaker_id), $start, $start + 2000, $text, $changed, "
            "any_value(session_no) FROM turns WHERE session_id = $sid",
            {"ws": WS, "sid": LIVE, "tid": f"live-turn-{n}", "start": 3_600_000 + n * 5000, "text": text,
             "changed": changed})


def test_a_created_note_is_found_by_the_next_search(demo):
    assert find(demo, "zanzibar") == [[]]
    write(demo, [new_note("note-fresh-1", "Zanzibar offsite", "Plan the **zanzibar** offsite budget.")],
          [("note", "note-fresh-1")])
    (found,) = find(demo, "Zanzibar offsite")
    assert [(m["kind"], m["id"], m["matchedIn"]) for m in found] == [("note", "note-fresh-1", "title")]
    assert found[0]["score"] >= 10 and "zanzibar offsite" in found[0]["snippet"].lower()


def test_live_turns_are_indexed_one_by_one(demo):
    changed = 2_000_000_000_000
    write(demo, [append_turn(1, "Let us book the Zanzibar venue before Friday.", changed)], [("turns", LIVE)])
    (found,) = find(demo, "zanzibar venue")
    assert len(found) == 1 and found[0]["id"] == LIVE and found[0]["matchedIn"] == "content"
    assert found[0]["score"] < 10
    assert found[0]["content"] == {"sourceType": "session", "sourceId": LIVE, "locator": "live-turn-1",
                                   "tMs": 3_605_000}
    # the next turn, and a changed earlier one: the old words go, the new ones come
    write(demo, [append_turn(2, "Kilimanjaro is the backup option.", changed + 1),
                 ("UPDATE turns SET text = 'Let us book the Serengeti venue before Friday.', changed_at_ms = $c "
                  "WHERE session_id = $sid AND turn_id = 'live-turn-1'", {"c": changed + 2, "sid": LIVE})],
          [("turns", LIVE)])
    zanzibar, kilimanjaro, serengeti = find(demo, "zanzibar", "kilimanjaro backup", "serengeti venue")
    assert zanzibar == []
    assert [m["content"]["locator"] for m in kilimanjaro] == ["live-turn-2"]
    assert [m["content"]["locator"] for m in serengeti] == ["live-turn-1"]
    # nothing new since: the hook indexes nothing twice
    write(demo, [], [("turns", LIVE)])
    (again,) = find(demo, "serengeti")
    assert len(again) == 1


LISTS = "SELECT key, docs, tfs FROM search_lists ORDER BY key"


def test_a_live_turn_made_final_keeps_its_passage(demo):
    """A live turn is appended provisional, then made final with the same words: its passage stays
    (only its change time moves on). When its words do change, the passage, still in the tail, is
    replaced there, and the settled term lists stay as they were."""
    changed = 2_000_000_000_000
    write(demo, [append_turn(1, "Zanzibar venue booked for the offsite.", changed)], [("turns", LIVE)])
    db = Database(demo.db, create=False, idle_s=0)
    passage = "SELECT doc_no, changed FROM search_docs WHERE part = 'live-turn-1'"
    with db.cursor() as cur:
        (doc_no, was), = cur.execute(passage).fetchall()
        lists = cur.execute(LISTS).fetchall()
        tail = cur.execute("SELECT count(*) FROM search_tail WHERE doc_no = $d", {"d": doc_no}).fetchone()[0]
    assert was == changed and tail > 0
    write(demo, [("UPDATE turns SET provisional = false, changed_at_ms = $c WHERE turn_id = 'live-turn-1'",
                  {"c": changed + 1})], [("turns", LIVE)])
    with db.cursor() as cur:
        assert cur.execute(passage).fetchall() == [(doc_no, changed + 1)]
        assert cur.execute("SELECT count(*) FROM search_tail WHERE doc_no = $d", {"d": doc_no}).fetchone()[0] == tail
    write(demo, [], [("turns", LIVE)])   # nothing changed since: nothing indexed twice
    (found,) = find(demo, "zanzibar venue")
    assert [m["content"]["locator"] for m in found] == ["live-turn-1"]
    # the words change: the passage is replaced, in the tail only
    write(demo, [("UPDATE turns SET text = 'Serengeti venue booked for the offsite.', changed_at_ms = $c "
                  "WHERE turn_id = 'live-turn-1'", {"c": changed + 2})], [("turns", LIVE)])
    with db.cursor() as cur:
        assert cur.execute(LISTS).fetchall() == lists
        assert cur.execute("SELECT count(*) FROM search_tail WHERE doc_no = $d", {"d": doc_no}).fetchone()[0] == 0
    zanzibar, serengeti = find(demo, "zanzibar", "serengeti venue")
    assert zanzibar == [] and [m["content"]["locator"] for m in serengeti] == ["live-turn-1"]


def _queries(stderr):
    return [e["name"] for e in map(json.loads, stderr.splitlines()) if e.get("event") == "sql"]


def test_a_live_turn_and_a_new_note_are_indexed_without_rewriting_or_scanning_what_was_there(demo, tmp_path):
    """What the index runs for a live turn (appended, then made final) and for a note just created
    (the -v events name each query): new passages and postings are added, a turn made final that
    says the same writes nothing to the index, and nothing already indexed is dropped, rewritten or
    looked through (a note just created has no passages to drop)."""
    turns = tmp_path / "turns.jsonl"
    turns.write_text(json.dumps({"speakerId": "spk-33cf0ddb-1", "text": "Okapi budget agreed for the offsite.",
                                 "startMs": 990000, "endMs": 991000}) + "\n")
    r = demo.run("-v", "app", "record", LIVE, "--turns", str(turns), "--interval-ms", "0", "--stop-after")
    assert r.code == 0, r.stderr
    steps = []   # the recorder's steps, each from the statement that starts it
    for name in _queries(r.stderr):
        if name in ("recorder.session", "recorder.session_no", "recorder.speaker", "recorder.append_turn",
                    "recorder.finalize_turn", "recorder.finalize") or not steps:
            steps.append([])
        steps[-1].append(name)
    append = next(s for s in steps if s[0] == "recorder.append_turn")
    final = next(s for s in steps if s[0] == "recorder.finalize_turn")   # the turn's; completing comes after
    assert append.count("search.docs.add") == 1 and append.count("search.tail.add") == 1
    assert not [q for q in final if q.startswith("search.")], final
    assert not {"search.docs.drop_ids", "search.tail.drop", "search.fronts.drop_short"} & set(append + final)
    # the recorder says what it wrote: the index reads none of it back, and knows the session's
    # item (looked up at the lease's first append) and the passage made final (the append's)
    assert "search.source.turns" not in append + final and "search.items.find" not in final, (append, final)
    r = demo.run("-v", "--output", "json", "tools", "call", "notes.create", "--args", '{"title": "Okapi plan"}')
    assert r.code == 0, r.stderr
    ran = _queries(r.stderr)
    assert "search.docs.add" in ran and not {"search.docs.drop", "search.tail.drop"} & set(ran)
    (okapi,) = find(demo, "okapi")
    assert {m["kind"] for m in okapi} == {"session", "note"}


def test_changed_and_removed_items_leave_the_index(demo):
    write(demo, [new_note("note-fresh-2", "Quokka census", "Count the quokkas.")], [("note", "note-fresh-2")])
    write(demo, [("UPDATE notes SET title = 'Wombat census', markdown = 'Count the wombats.' WHERE note_id = 'note-fresh-2'", {})],
          [("note", "note-fresh-2")])
    quokka, wombat = find(demo, "quokka", "wombat census")
    assert quokka == [] and [m["id"] for m in wombat] == ["note-fresh-2"]
    write(demo, [("DELETE FROM notes WHERE note_id = 'note-fresh-2'", {})], [("note", "note-fresh-2")])
    assert find(demo, "wombat") == [[]]


def test_an_item_changed_in_one_field_keeps_the_passages_of_the_others(demo):
    """Only passages whose text changed are replaced (taking one out of the settled term lists
    marks each of its words and cuts their fronts): a note renamed keeps its body's passage, and a note
    written again with the same text keeps both."""
    write(demo, [new_note("note-fresh-6", "Okapi census", "Count the quokkas on the island.")], [("note", "note-fresh-6")])
    passages = ("SELECT d.part, d.doc_no, d.text FROM search_docs d JOIN search_items i USING (item_no) "
                "WHERE i.item_id = 'note-fresh-6' ORDER BY d.part")
    db = Database(demo.db, create=False, idle_s=0)
    with db.cursor() as cur:
        (body, title), = [cur.execute(passages).fetchall()]
    write(demo, [("UPDATE notes SET title = 'Wombat census' WHERE note_id = 'note-fresh-6'", {})], [("note", "note-fresh-6")])
    with db.cursor() as cur:
        renamed = cur.execute(passages).fetchall()
    assert renamed[0] == body and renamed[1][2] == "Wombat census" and renamed[1][1] != title[1]
    write(demo, [], [("note", "note-fresh-6")])   # told of a change that changed nothing
    with db.cursor() as cur:
        assert cur.execute(passages).fetchall() == renamed
    okapi, wombat, island = find(demo, "okapi", "wombat census", "quokkas island")
    assert okapi == [] and [m["id"] for m in wombat] == ["note-fresh-6"] and [m["id"] for m in island] == ["note-fresh-6"]


def test_long_queries_count_every_word(demo):
    """The ranking counts passages for the eight rarest terms exactly and knows of every term an
    item holds (up to the 32 a query keeps): `all` needs each of them, however many."""
    words = "aardvark bison caracal dugong eland fossa gerenuk hyrax ibex jerboa".split()
    write(demo, [new_note("note-fresh-5", "Zoo inventory", " ".join(words) + ".")], [("note", "note-fresh-5")])
    every, one_missing, many = find(demo, " ".join(words), " ".join(words + ["kinkajou"]),
                                    " ".join(words + [f"filler{i}" for i in range(30)]))
    assert [m["id"] for m in every] == ["note-fresh-5"] and every[0]["matchedIn"] == "body"
    assert one_missing == [] and many == []
    (anyway,) = find(demo, " ".join(words + ["kinkajou"]), match="any")
    assert anyway[0]["id"] == "note-fresh-5"


def test_trash_hidden_and_archive_are_decided_when_searching(demo):
    dana = "contact-cf2h51t5i821zfbmftsu"
    write(demo, [("UPDATE notes SET trashed_at = $t WHERE title = 'Acme account plan'", {"t": T0}),
                 ("UPDATE contacts SET archived_at_ms = $t WHERE contact_id = $id", {"t": T0, "id": dana}),
                 ("UPDATE action_items SET hidden = true WHERE title = 'Draft the Northwind DPIA'", {})], [])
    plan, dana_lee, dpia = find(demo, "Acme account plan", "Dana Lee", "Draft Northwind DPIA")
    assert all(m["title"] != "Acme account plan" for m in plan)
    assert all(m["id"] != dana for m in dana_lee)
    assert all(m["title"] != "Draft the Northwind DPIA" for m in dpia)
    (archived,) = find(demo, "Dana Lee", includeArchived=True)
    hit = next(m for m in archived if m["id"] == dana)
    assert hit["archived"] is True and hit["kind"] == "person"
    write(demo, [("UPDATE notes SET trashed_at = NULL WHERE title = 'Acme account plan'", {})], [])
    (plan,) = find(demo, "Acme account plan")
    assert plan[0]["title"] == "Acme account plan"


SETTLED = "SELECT key, unnest(docs) AS doc_no, unnest(tfs) AS tf, unnest(dls) AS dl FROM search_lists"


def _direct_search(cur, query):
    """The ranking statement itself, on this cursor (what a search ranks, before what it shows)."""
    from talkbar.search import query as search_query, text
    from talkbar.search.keys import key
    sql = lambda name, **params: sqlfiles.run(cur, sqlfiles.get(name), {"workspace_id": WS, **params})  # noqa: E731
    stats = search_query.term_stats(sql, [key(WS, x) for x in text.query_terms(query)])
    if stats is None:
        return []
    rows = sql("workspace.search", keys=stats["keys"], idfs=stats["idfs"], avgdl=stats["avgdl"], match_all=False,
               marked=stats["marked"], limit=100)
    rows = search_query.named(SimpleNamespace(sql=sql, memo={}, workspace_id=WS), rows, stats["items"])
    return sorted((r["kind"], r["id"], round(r["r"], 1)) for r in rows)


def test_compaction_swaps_in_a_sorted_copy_without_losing_later_writes(demo):
    write(demo, [append_turn(1, "Zanzibar venue", 2_000_000_000_000)], [("turns", LIVE)])
    db = Database(demo.db, create=False, idle_s=0)
    with db.cursor() as cur:
        before = {q: _direct_search(cur, q) for q in ("zanzibar", "pricing review", "Dana discount", "встречи")}
        tail_before = cur.execute("SELECT count(*) FROM search_tail").fetchone()[0]
        assert tail_before > 0
        compact.build(cur)                                    # the background step, run here in the open
        # a write that lands while the copy waits: it stays in the tail through the swap
        cur.execute("BEGIN TRANSACTION")
        cur.execute(*append_turn(2, "Kilimanjaro fallback", 2_000_000_000_001))
        index.index_turns(cur, WS, LIVE)
        assert compact.swap(cur) is True
        cur.execute("COMMIT")
        in_tail = cur.execute("SELECT DISTINCT d.part FROM search_tail JOIN search_docs d USING (doc_no)").fetchall()
        assert in_tail == [("live-turn-2",)]
        assert {q: _direct_search(cur, q) for q in before} == before
        assert [r[1] for r in _direct_search(cur, "kilimanjaro")] == [LIVE]
        # a passage removed while a copy waits is taken out of the copy too
        compact.build(cur)
        cur.execute("BEGIN TRANSACTION")
        cur.execute("UPDATE turns SET text = 'Serengeti fallback', changed_at_ms = 2000000000002 "
                    "WHERE turn_id = 'live-turn-2'")
        index.index_turns(cur, WS, LIVE)
        assert compact.swap(cur) is True
        cur.execute("COMMIT")
        assert _direct_search(cur, "kilimanjaro") == []
        assert [r[1] for r in _direct_search(cur, "serengeti")] == [LIVE]
        assert cur.execute("SELECT count(*) FROM search_dead").fetchone()[0] == 0
        assert lengths_wrong(cur) == 0          # the copy's lengths, less the passages removed meanwhile
        # a copy built before a rebuild (an import) is never swapped in
        compact.build(cur)
        cur.execute("BEGIN TRANSACTION")
        index.after_import(cur, [WS])
        assert compact.swap(cur) is False
        cur.execute("COMMIT")
        assert [r[1] for r in _direct_search(cur, "serengeti")] == [LIVE]


def test_a_compaction_started_while_a_copy_awaits_its_swap_leaves_that_copy(demo):
    """A write whose transaction began before a copy was committed sees none and may start another
    compaction; that one builds nothing (it had replaced the copy while the next write swapped it in:
    a catalog write-write conflict, an append failing), and the waiting copy is swapped in."""
    write(demo, [append_turn(1, "Zanzibar venue", 2_000_000_000_000)], [("turns", LIVE)])
    db = Database(demo.db, create=False, idle_s=0)
    with db.cursor() as cur:
        assert compact.build(cur) is True
        copy = cur.execute("SELECT * FROM search_next ORDER BY key").fetchall()
        assert compact.build(cur) is False
        assert cur.execute("SELECT * FROM search_next ORDER BY key").fetchall() == copy
        cur.execute("BEGIN TRANSACTION")
        assert compact.swap(cur) is True
        cur.execute("COMMIT")
        assert [r[1] for r in _direct_search(cur, "zanzibar")] == [LIVE]
        assert compact.build(cur) is True          # nothing waits: a compaction builds again


def _settle(t):
    """Fold the tail into the term lists, as a background compaction does."""
    db = Database(t.db, create=False, idle_s=0)
    with db.cursor() as cur:
        compact.build(cur)
        cur.execute("BEGIN TRANSACTION")
        assert compact.swap(cur) is True
        cur.execute("COMMIT")


MARKS = "SELECT key, doc_no FROM search_tail WHERE tf < 0 ORDER BY ALL"


def _ranking_statements(t, query, match):
    """The ranking statements a search through the CLI ran (the -v events name each query)."""
    r = t.run("-v", "--output", "json", "tools", "call", "workspace.search",
              "--args", json.dumps({"query": query, "match": match}))
    assert r.code == 0, r.stderr
    return [n for n in _queries(r.stderr) if n.startswith("workspace.search") and n != "workspace.search:terms"]


def test_a_passage_removed_from_the_lists_is_marked_until_a_compaction_takes_it_out(demo):
    """A settled passage removed (a note renamed) rewrites no list: each of its terms gets a mark in
    the tail. The term counts are less it, every search (one word too, its marked passages left out
    first) answers without it, and a compaction takes it out of the lists with its marks: the answers stay
    the same."""
    write(demo, [new_note("note-mark-1", "Zebu budget census", "Count the herd.")], [("note", "note-mark-1")])
    _settle(demo)
    db = Database(demo.db, create=False, idle_s=0)
    with db.cursor() as cur:
        lists = cur.execute(LISTS).fetchall()
        (title_doc,), = cur.execute("SELECT d.doc_no FROM search_docs d JOIN search_items i USING (item_no) "
                                    "WHERE i.item_id = 'note-mark-1' AND d.field = 0").fetchall()
    write(demo, [("UPDATE notes SET title = 'Wombat census' WHERE note_id = 'note-mark-1'", {})],
          [("note", "note-mark-1")])
    queries = ("zebu", "census", "budget", "zebu census", "wombat census", "budget herd")
    with db.cursor() as cur:
        assert cur.execute(LISTS).fetchall() == lists                           # no list rewritten
        marks = cur.execute(MARKS).fetchall()
        assert {d for _, d in marks} == {title_doc} and len(marks) == 3         # zebu, budget, census
        marked = {q: _direct_search(cur, q) for q in queries}
    assert _ranking_statements(demo, "zebu", "any") == []                       # found nowhere now
    assert _ranking_statements(demo, "budget", "any") == ["workspace.search@one_marked"]   # its mark left out
    assert _ranking_statements(demo, "herd", "any") == ["workspace.search@one"]
    answers = {m: find(demo, *queries, match=m) for m in ("all", "any")}
    zebu, census, *_ = answers["all"]
    assert zebu == [] and "note-mark-1" in [m["id"] for m in census]
    assert marked["zebu"] == [] and marked["wombat census"][0][1] == "note-mark-1"
    _settle(demo)
    with db.cursor() as cur:
        assert cur.execute(MARKS).fetchall() == []
        assert cur.execute("SELECT count(*) FROM (SELECT unnest(docs) AS d FROM search_lists) WHERE d = $d",
                           {"d": title_doc}).fetchone()[0] == 0
        assert lengths_wrong(cur) == 0
        assert {q: _direct_search(cur, q) for q in queries} == marked
    assert {m: find(demo, *queries, match=m) for m in ("all", "any")} == answers
    assert _ranking_statements(demo, "budget", "any") == ["workspace.search@one"]


def test_settling_carries_out_the_marks_first(demo):
    """postings.settle (after an import) takes the marked passages out of the lists and the marks
    out of the tail before it folds the tail in."""
    write(demo, [new_note("note-mark-2", "Zebu census", "Count the zebu herd.")], [("note", "note-mark-2")])
    _settle(demo)
    write(demo, [("DELETE FROM notes WHERE note_id = 'note-mark-2'", {})], [("note", "note-mark-2")])
    db = Database(demo.db, create=False, idle_s=0)
    with db.cursor() as cur:
        removed = {d for _k, d in cur.execute(MARKS).fetchall()}
        assert removed
        before = {q: _direct_search(cur, q) for q in ("zebu", "census", "herd")}
        cur.execute("BEGIN TRANSACTION")
        postings.settle(cur)
        cur.execute("COMMIT")
        in_lists = "SELECT count(*) FROM (SELECT unnest(docs) AS d FROM search_lists) WHERE list_contains($r, d)"
        assert cur.execute(in_lists, {"r": sorted(removed)}).fetchone()[0] == 0      # out of the lists
        assert cur.execute("SELECT count(*) FROM search_tail").fetchone()[0] == 0
        assert cur.execute("SELECT count(*) FROM search_dead").fetchone()[0] == 0
        assert lengths_wrong(cur) == 0 and cur.execute("SELECT count(*) FROM search_lists WHERE n = 0").fetchone()[0] == 0
        assert {q: _direct_search(cur, q) for q in before} == before and before["zebu"] == []


def test_all_words_are_held_by_one_item_in_the_lists_and_in_the_tail(demo):
    """An all-words search whose words' short lists share no item ends before ranking (the term
    counts carry the lists' items); a word with postings in the tail is never ruled out that way."""
    write(demo, [new_note("note-fresh-a", "Quokka lunch", "The quokka menu."),
                 new_note("note-fresh-b", "Wombat lunch", "The wombat menu.")],
          [("note", "note-fresh-a"), ("note", "note-fresh-b")])
    _settle(demo)
    apart, one, both_lunch = find(demo, "quokka wombat", "quokka menu", "lunch menu")
    assert apart == []
    assert [m["id"] for m in one] == ["note-fresh-a"]
    assert {m["id"] for m in both_lunch} >= {"note-fresh-a", "note-fresh-b"}
    # a new note holding both words: its postings are in the tail, the lists still disagree
    write(demo, [new_note("note-fresh-c", "Quokka and wombat lunch", "Both menus.")], [("note", "note-fresh-c")])
    (together,) = find(demo, "quokka wombat")
    assert [m["id"] for m in together] == ["note-fresh-c"]
    _settle(demo)
    (settled,) = find(demo, "quokka wombat")
    assert [m["id"] for m in settled] == ["note-fresh-c"]


def test_settling_the_tail_appends_to_lists_that_exist_and_makes_the_others(demo):
    """postings.settle (after an import, with another workspace's live writes still in the tail)
    folds every posting of the tail into the term lists: appended, in order, to the list its term
    has, or a new list for a term that has none; nothing is lost or doubled."""
    write(demo, [new_note("note-settle-a", "Budget okapi review", "The budget for the okapi launch."),
                 new_note("note-settle-b", "Okapi lunch", "Budget lunch with okapi.")],
          [("note", "note-settle-a"), ("note", "note-settle-b")])
    pairs = ("SELECT key, unnest(docs), unnest(items), unnest(fields), unnest(tfs), unnest(dls) FROM search_lists "
             "UNION ALL SELECT key, doc_no, item, field, tf, dl FROM search_tail")
    db = Database(demo.db, create=False, idle_s=0)
    with db.cursor() as cur:
        before = sorted(cur.execute(pairs).fetchall())
        tail_keys = {r[0] for r in cur.execute("SELECT key FROM search_tail").fetchall()}
        listed = {r[0] for r in cur.execute("SELECT key FROM search_lists").fetchall()}
        assert tail_keys & listed and tail_keys - listed   # both kinds of term are in the tail
        cur.execute("BEGIN TRANSACTION")
        postings.settle(cur)
        cur.execute("COMMIT")
        assert cur.execute("SELECT count(*) FROM search_tail").fetchone()[0] == 0
        assert sorted(cur.execute(pairs).fetchall()) == before
        assert cur.execute("SELECT count(*) FROM search_lists WHERE docs <> list_sort(docs)").fetchone()[0] == 0
        assert cur.execute("SELECT count(*) FROM (SELECT key FROM search_lists GROUP BY key HAVING count(*) > 1)").fetchone()[0] == 0
        assert lengths_wrong(cur) == 0          # appended to and made
    (both,) = find(demo, "budget okapi")
    assert {m["id"] for m in both} >= {"note-settle-a", "note-settle-b"}


def _reindex_turns(cur, item, session_id, between=lambda: True):
    """Inside the caller's transaction: the session's turns leave the index (`between` checks what
    is left then) and come back one by one, read from the tables (the general path)."""
    writer = postings.Writer(cur, WS)
    writer.remove(sqlfiles.call(cur, "search.docs.drop", items=[item], fields=[2]))
    writer.flush()
    assert between()
    index.index_turns(cur, WS, session_id)


def _bulk_and_incremental_agree(root, sessions, at_least=500):
    query = ("SELECT d.part, p.key, p.tf, p.dl FROM search_docs d JOIN search_tail p USING (doc_no) "
             "WHERE d.item_no = $item UNION ALL SELECT d.part, p.key, p.tf, p.dl FROM search_docs d "
             f"JOIN ({SETTLED}) p USING (doc_no) WHERE d.item_no = $item ORDER BY ALL")
    db = Database(root.db, create=False, idle_s=0)
    with db.cursor() as cur:
        for sid in sessions:
            item = cur.execute("SELECT item_no FROM search_items WHERE item_id = $s", {"s": sid}).fetchone()[0]
            bulk = cur.execute(query, {"item": item}).fetchall()
            cur.execute("BEGIN TRANSACTION")
            _reindex_turns(cur, item, sid, between=lambda: cur.execute(query, {"item": item}).fetchall()
                           == [r for r in bulk if r[0] in ("title", "body")])
            cur.execute("COMMIT")
            incremental = [r for r in cur.execute(query, {"item": item}).fetchall()]
            own = [r for r in bulk if r[0] in ("title", "body")]
            assert len(bulk) > at_least and sorted(incremental) == sorted(bulk), sid
            assert own


def test_bulk_and_incremental_indexing_agree(demo):
    """The import's bulk path (text split at spaces in SQL, each piece by the tokeniser) and the
    per-turn path (the tokeniser on the whole text) index alike."""
    _bulk_and_incremental_agree(demo, ("c888c419-d6e3-4e80-8df6-673dbd78bff6", "c9db1374-73be-403e-adc6-cc1f3f08f3d9"))


TRICKY = [
    "a-b-a  double  spaces ", " leading space", "", "line\nbreak\ttab\u00a0nbsp\u2003em space",
    "v2.1, 2,000 and v2.1. v2.1", "Ёлка ёжик — бюджет/budget, бюджета", "(Thursday) Thursday. Thursday, thursday",
    "e\u0301cole ecole école", "don't we're", "x_y snake_case", "\uff12\uff10\uff12\uff16 full-width",
    "the and of", "word\u001fword", "Straße STRASSE łódź",
]


def test_bulk_and_incremental_indexing_agree_on_awkward_text(tb, demo_doc):
    """Repeats inside one piece, runs of spaces, other whitespace, compounds with punctuation,
    decomposed accents, function words only, an empty turn: each word counted as the tokeniser
    counts it."""
    doc = json.loads(json.dumps(demo_doc))
    session = doc["workspaces"][0]["sessions"][0]
    for turn, said in zip(session["turns"], TRICKY):
        turn["text"] = said
    assert tb.import_fixture(doc).code == 0
    _bulk_and_incremental_agree(tb, [session["sessionId"]], at_least=100)


@pytest.mark.parametrize("check_every", [1, 1000])
def test_a_write_starts_compaction_in_the_background_and_the_next_swaps_it_in(demo, monkeypatch, check_every):
    """Whether every write looks or one in CHECK_EVERY: a copy built in this process is swapped in by
    the next write (till then, searches read the old lists and the whole tail)."""
    monkeypatch.setattr(compact, "MIN_ROWS", 1)
    monkeypatch.setattr(compact, "CHECK_EVERY", check_every)
    monkeypatch.setattr(compact, "COMPACT_AT", 0)
    monkeypatch.setattr(compact, "_writes", 0)          # the next write is a process's first: it looks
    monkeypatch.setattr(compact, "_due", False)
    write(demo, [new_note("note-fresh-3", "Okapi sighting", "An okapi in the garden.")], [("note", "note-fresh-3")])
    compact.wait(60)                                       # the copy was built by a daemon thread
    db = Database(demo.db, create=False, idle_s=0)
    with db.cursor() as cur:
        assert cur.execute("SELECT count(*) FROM search_next_info").fetchone()[0] == 1
    write(demo, [new_note("note-fresh-4", "Pangolin sighting", "A pangolin too.")], [("note", "note-fresh-4")])
    db = Database(demo.db, create=False, idle_s=0)
    with db.cursor() as cur:
        # the copy was swapped in: the demo's own text left the tail; what the copy could not see
        # (the write that started it had not committed yet, and the next one) stays there, once
        in_tail = cur.execute("SELECT DISTINCT i.item_id FROM search_tail t JOIN search_items i ON i.item_no = t.item").fetchall()
        assert set(in_tail) <= {("note-fresh-3",), ("note-fresh-4",)} and ("note-fresh-4",) in in_tail
        assert cur.execute("SELECT count(*) FROM search_next_info").fetchone()[0] == 0
        assert cur.execute(f"SELECT count(*) FROM ({SETTLED}) JOIN search_tail USING (doc_no, key)").fetchone()[0] == 0
    okapi, pangolin = find(demo, "okapi", "pangolin")
    assert [m["id"] for m in okapi] == ["note-fresh-3"] and [m["id"] for m in pangolin] == ["note-fresh-4"]


def test_a_workspace_indexed_before_search_existed_is_indexed_at_first_use(demo):
    db = Database(demo.db, create=False, idle_s=0)
    with db.cursor() as cur:
        for table in ("search_lists", "search_tail", "search_docs", "search_items", "search_stats"):
            cur.execute("DELETE FROM " + table)
    (found,) = find(demo, "Q1 planning")
    assert found and found[0]["title"] == "Insight Portal — Q1 planning"


def test_a_rebuild_made_in_small_pieces_is_the_index_made_in_one(demo, monkeypatch):
    """A bulk build stages the turns a range of sessions at a time and folds the tail into the lists
    a share of the terms at a time, so that an import of many sessions stays within its memory
    bound (100,000 sessions ran DuckDB out of memory); the pieces make the same index."""
    import io
    from talkbar import events
    lists = (f"SELECT i.item_id, d.part, d.field, p.key, p.tf, p.dl FROM ({SETTLED}) p "
             "JOIN search_docs d USING (doc_no) JOIN search_items i ON i.item_no = d.item_no")
    ordered = "SELECT count(*) FROM search_lists WHERE docs <> list_sort(docs)"

    def rebuild(cur):
        log = io.StringIO()
        monkeypatch.setattr(events, "_sink", log)
        cur.execute("BEGIN TRANSACTION")
        index.after_import(cur, [WS])
        cur.execute("COMMIT")
        monkeypatch.setattr(events, "_sink", None)
        ran = [e.get("name") for e in map(json.loads, log.getvalue().splitlines()) if e["event"] == "sql"]
        return sorted(cur.execute(lists).fetchall()), ran

    db = Database(demo.db, create=False, idle_s=0)
    with db.cursor() as cur:
        whole, ran = rebuild(cur)
        assert ran.count("search.bulk.stage_turns") == 1 and ran.count("search.bulk.settle") == 1
        monkeypatch.setattr(postings, "STAGE_TURNS", 7)
        monkeypatch.setattr(postings, "SETTLE_POSTINGS", 500)
        pieces, ran = rebuild(cur)
        assert ran.count("search.bulk.stage_turns") > 3 and ran.count("search.bulk.settle") > 3
        assert cur.execute(ordered).fetchone()[0] == 0 and lengths_wrong(cur) == 0
    assert len(whole) > 1000 and pieces == whole


def test_a_database_from_before_list_lengths_gets_them_when_opened(tmp_path, monkeypatch):
    """Migration 0960 gives every term list of an older file its length, and a search counts by it."""
    import duckdb
    path = tmp_path / "old.duckdb"
    con = database_before(path, 960, monkeypatch)
    assert "n" not in [r[0] for r in con.execute("DESCRIBE search_lists").fetchall()]
    con.execute("INSERT INTO search_lists VALUES (7, [1, 2, 5], [1, 1, 2], [2, 2, 2], [1, 3, 1], [4, 9, 2]), "
                "(8, [3], [1], [0], [1], [2])")
    con.close()
    db = Database(path, create=False, idle_s=0)
    with db.cursor() as cur:
        assert sorted(cur.execute("SELECT key, n FROM search_lists").fetchall()) == [(7, 3), (8, 1)]
        counted = sqlfiles.call(cur, "workspace.search:terms", workspace_id="none", keys=[7, 8, 9], short=[7, 8, 9],
                                long=[], match_all=True, items_at=query.ITEMS_AT)
        assert sorted((r["key"], r["n"], sorted(r["items"])) for r in counted if r["part"] == 0) == [(7, 3, [1, 2]),
                                                                                                    (8, 1, [1])]
        try:
            cur.execute("INSERT INTO search_lists (key, docs, items, fields, tfs, dls) VALUES (9, [], [], [], [], [])")
        except duckdb.ConstraintException:
            pass
        else:
            raise AssertionError("a list without its length was taken")
    db.release_now()


def test_a_recording_indexes_its_turns_as_reading_them_back_would(demo, tmp_path):
    """The recorder tells the index what it wrote instead of the index reading it back: the
    passages and postings are the ones the general path makes from the tables, for a named voice,
    one named only by their person, and a new voice without a name. A turn made final keeps its
    passage's change time, but the index's cursor (the latest) is the general path's: once the
    recording is complete, no turn is left to read."""
    db = Database(demo.db, create=False, idle_s=0)
    with db.cursor() as cur:
        cur.execute("UPDATE session_participants SET name = NULL WHERE session_id = $s AND speaker_id = $p",
                    {"s": LIVE, "p": "spk-33cf0ddb-2"})
        person = cur.execute("SELECT c.name FROM session_participants p JOIN contacts c USING (contact_id) "
                             "WHERE p.session_id = $s AND p.speaker_id = $p", {"s": LIVE, "p": "spk-33cf0ddb-2"}).fetchone()[0]
    said = [("spk-33cf0ddb-1", "Okapi budget agreed for the offsite."), ("spk-33cf0ddb-2", "Quokka line items look fine."),
            ("spk-new-voice", "Wombat logistics are on me."), ("spk-33cf0ddb-1", "Then the okapi plan stands.")]
    turns = tmp_path / "turns.jsonl"
    turns.write_text("".join(json.dumps({"speakerId": s, "text": t, "startMs": 990000 + i * 1000,
                                         "endMs": 990500 + i * 1000}) + "\n" for i, (s, t) in enumerate(said)))
    r = demo.run("app", "record", LIVE, "--turns", str(turns), "--interval-ms", "0", "--stop-after")
    assert r.code == 0, r.stderr
    query = ("SELECT d.part, d.text, d.t_ms, d.len, p.key, p.tf, p.dl FROM search_docs d "
             "JOIN (SELECT doc_no, key, tf, dl FROM search_tail UNION ALL SELECT doc_no, key, tf, dl FROM "
             f"({SETTLED})) p USING (doc_no) WHERE d.item_no = $item AND d.field = 2 ORDER BY ALL")
    with db.cursor() as cur:
        item = cur.execute("SELECT item_no FROM search_items WHERE item_id = $s", {"s": LIVE}).fetchone()[0]
        cursor = "SELECT max(changed) FROM search_docs WHERE item_no = $item AND field = 2"
        recorded, recorded_cursor = cur.execute(query, {"item": item}).fetchall(), cur.execute(cursor, {"item": item}).fetchone()
        assert sqlfiles.call(cur, "search.source.turns", item_no=item, session_id=LIVE) == []
        cur.execute("BEGIN TRANSACTION")
        _reindex_turns(cur, item, LIVE)
        reread, reread_cursor = cur.execute(query, {"item": item}).fetchall(), cur.execute(cursor, {"item": item}).fetchone()
        cur.execute("ROLLBACK")
    assert recorded == reread and recorded_cursor == reread_cursor
    texts = {row[1] for row in recorded}
    assert {"Maya Okafor: Okapi budget agreed for the offsite.", f"{person}: Quokka line items look fine.",
            "Wombat logistics are on me."} <= texts


def test_counts_gone_under_a_process_that_saw_them_are_written_again(demo, monkeypatch):
    """A process that saw a workspace indexed does not ask again (index._indexed); if its counts row
    went meanwhile (another process cleared the workspace's index), the next write adds the rows
    instead of bumping rows that are not there."""
    monkeypatch.setattr(index, "_indexed", {WS})
    db = Database(demo.db, create=False, idle_s=0)
    with db.cursor() as cur:
        cur.execute("DELETE FROM search_stats WHERE workspace_id = $ws", {"ws": WS})
    write(demo, [new_note("note-counts-1", "Zanzibar offsite", "Plan the zanzibar offsite.")], [("note", "note-counts-1")])
    with db.cursor() as cur:
        counts = cur.execute("SELECT field, n_docs, total_len FROM search_stats WHERE workspace_id = $ws ORDER BY field",
                             {"ws": WS}).fetchall()
    assert counts == [(0, 1, 2), (1, 1, 3), (2, 0, 0)]   # "the" is not counted
