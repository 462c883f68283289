"""A search ranks item numbers and names them from the lease's memo (query.named): an item's number
comes from a sequence and never passes to another item, so what it names is read once a lease."""

import shutil
from types import SimpleNamespace

import pytest

from conftest import DB_FILE
from talkbar import sqlfiles
from talkbar.db import Database
from talkbar.engine import CLI, Engine
from talkbar.search import query, text
from talkbar.search.keys import key

from search_ranking_calls import all_statements, statements

WS = "workspace-niy3baezesnixbun"     # the demo's workspace


@pytest.fixture
def lease(demo_template, tmp_path):
    """A Database and an engine on a copy of the demo, its lease kept across calls."""
    shutil.copy(demo_template / DB_FILE, tmp_path / DB_FILE)
    db = Database(tmp_path / DB_FILE, create=False, idle_s=30)
    yield db, Engine(db, CLI)
    db.release_now()


def _search(engine, words):
    """(the statements that named items, the matches as (kind, id)) of one workspace.search."""
    ran, matches = all_statements(engine, {"query": words, "limit": 50})
    return [n for n in ran if n.startswith("search.items.named")], [(m["kind"], m["id"]) for m in matches]


def test_a_lease_names_its_items_once(lease):
    db, engine = lease
    with db.holding():
        first, pricing = _search(engine, "pricing")
        again, discount = _search(engine, "discount")
        assert first == ["search.items.named:workspace"] and again == [] and pricing and discount
    db.release_now()
    with db.holding():          # a new lease starts with nothing known
        anew, pricing_anew = _search(engine, "pricing")
    assert anew == ["search.items.named:workspace"] and pricing_anew == pricing


def test_an_item_made_after_the_memo_is_named(lease, monkeypatch):
    """Once the lease knows the workspace's items, a new one is read alone, and counted with its kind."""
    db, engine = lease
    seen, real = [], query._learn

    def learn(ctx, known, n_items, missing):
        counts = real(ctx, known, n_items, missing)
        seen.append(dict(ctx.memo["search.kinds"][WS]))
        return counts
    monkeypatch.setattr(query, "_learn", learn)
    with db.holding():
        first, _ = _search(engine, "pricing")
        note = engine.call("notes.create", {"title": "Quokka offsite", "markdown": "Quokka offsite in March."})
        ran, found = _search(engine, "quokka")
        again, _ = _search(engine, "quokka offsite")
    assert first == ["search.items.named:workspace"] and ran == ["search.items.named"] and again == []
    assert found == [("note", note["noteId"])]
    assert seen[1] == {**seen[0], "note": seen[0].get("note", 0) + 1}


def _ranked(items):
    return [{"item": n, "own_wins": True, "in_title": True, "r": 10.0 - i, "doc": None} for i, n in enumerate(items)]


@pytest.mark.parametrize("n_items, statement", [(3, "search.items.named:workspace"),
                                                (query.MEMO_ITEMS + 1, "search.items.named")])
def test_named_keeps_the_order_and_drops_what_is_not_of_the_workspace(n_items, statement):
    ran = []

    def sql(name, **params):
        ran.append((name, params))
        return [{"item_no": 2, "workspace_id": WS, "kind": "note", "item_id": "note-b"},
                {"item_no": 3, "workspace_id": "workspace-other", "kind": "note", "item_id": "note-c"}]
    memo = {"search.items": {1: (WS, "session", "session-a")}}
    ctx = SimpleNamespace(sql=sql, memo=memo, workspace_id=WS)
    out = query.named(ctx, _ranked([2, 1, 3, 4]), n_items)
    assert [(r["kind"], r["id"], r["r"]) for r in out] == [("note", "note-b", 10.0), ("session", "session-a", 9.0)]
    assert [name for name, _ in ran] == [statement]
    if statement == "search.items.named":
        assert ran[0][1] == {"items": [2, 3, 4]}          # only the numbers not known
    assert 2 in memo["search.items"] and 4 not in memo["search.items"]   # an unknown number is asked again


def test_an_item_number_is_not_given_again_within_a_lease(lease):
    """What named() relies on: within a lease, the sequence behind item numbers does not go back
    when the transaction that drew a number is rolled back. (A file opened again may give a number
    drawn and rolled back before: the memo lives only as long as the lease.)"""
    db, _ = lease
    with db.holding():
        drawn = []
        for item_id in ("note-gone", "note-new"):
            with db.cursor(write=True) as cur:
                cur.execute("BEGIN TRANSACTION")
                drawn += sqlfiles.call(cur, "search.items.add", workspace_id=WS, kind="note", ids=[item_id])
                cur.execute("ROLLBACK")
    assert drawn[1]["item_no"] > drawn[0]["item_no"]


QUERIES = ["pricing", "discount review", "Dana", "встречи", "budget plan", "launch"]
KINDS = [["session"], ["note"], ["person", "company"], ["session", "note", "action_item"]]


def test_a_search_of_some_kinds_answers_the_same_ranked_by_number(demo_engine, monkeypatch):
    """Ranked by number and kept to the kinds in Python (kinds_share at or above KINDS_BY_NUMBER), by
    the statement that joins the items, or (two words or more, kinds that are few) by number with the
    ranking narrowed to the kinds' items (narrowing()): the same matches, in the same order."""
    compared = found = narrowings = 0
    for words in QUERIES:
        for kinds in KINDS:
            for match in ("any", "all"):
                args = {"query": words, "kinds": kinds, "match": match, "limit": 5}
                monkeypatch.setattr(query, "KINDS_BY_NUMBER", 2.0)      # never by number
                monkeypatch.setattr(query, "CAND_FRONT_SHARE", 0.0)     # kinds never few enough to narrow to
                joined_ran, joined = statements(demo_engine, args)
                monkeypatch.setattr(query, "CAND_FRONT_SHARE", 2.0)     # kinds always few enough
                cands = []
                narrowed_ran, narrowed = statements(demo_engine, args, cands)
                monkeypatch.setattr(query, "KINDS_BY_NUMBER", 0.0)      # always by number
                monkeypatch.setattr(query, "CAND_FRONT_SHARE", 0.0)
                by_number_ran, by_number = statements(demo_engine, args)
                assert by_number == joined == narrowed, (words, kinds, match)
                assert all(":kinds" in name for name in joined_ran)
                assert bool(by_number_ran) == bool(joined_ran)     # no ranking: a word found nowhere
                assert not by_number_ran or ":kinds" not in by_number_ran[0]
                one_word = len(query.text.query_terms(words)) == 1
                assert all((":kinds" in name) == one_word for name in narrowed_ran), (words, kinds, narrowed_ran)
                narrowings += sum(c is not None for c in cands) if not one_word else 0
                compared += 1
                found += bool(joined)
    assert compared == 48 and found >= 24 and narrowings >= 12    # not a comparison of empty answers


def test_a_search_in_a_project_answers_the_same_narrowed_to_its_items(demo_engine, monkeypatch):
    """In a project, maybe of some kinds: ranked with the project's items kept afterwards (the
    statement that joins them), or (two words or more) narrowed to its items first (narrowing()):
    the same matches, in the same order."""
    projects = [p["projectId"] for p in demo_engine.call("projects.list", {"limit": 50})["items"]]
    compared = found = narrowings = 0
    for project in projects[:3]:
        for words in QUERIES:
            for kinds in (None, ["session", "note"]):
                args = {"query": words, "projectId": project, "match": "any", "limit": 5, **({"kinds": kinds} if kinds else {})}
                monkeypatch.setattr(query, "CAND_FRONT_SHARE", 0.0)     # never narrowed
                joined_ran, joined = statements(demo_engine, args)
                monkeypatch.setattr(query, "CAND_FRONT_SHARE", 2.0)     # always, from two words on
                cands = []
                narrowed_ran, narrowed = statements(demo_engine, args, cands)
                assert narrowed == joined, (project, words, kinds)
                assert all(":project" in name for name in joined_ran)
                one_word = len(query.text.question_terms(words)) == 1
                assert all((":project" in name) == one_word for name in narrowed_ran), (words, narrowed_ran)
                narrowings += sum(c is not None for c in cands) if not one_word else 0
                compared += 1
                found += bool(joined)
    assert compared == 36 and found >= 12 and narrowings >= 9


def test_kinds_whose_share_is_not_known_are_narrowed_to_only_when_few(demo_engine, monkeypatch):
    """A workspace too large for the memo (its share of kinds not known): the items of the kinds are
    read, at most as many as would be too many, and the ranking is narrowed to them only when they
    are fewer; the answers are those of the statement that keeps the kinds."""
    monkeypatch.setattr(query, "MEMO_ITEMS", 0)
    for kinds, narrowed in ((["session", "note", "action_item"], False), (["company", "project"], True)):
        args = {"query": "budget plan", "kinds": kinds, "match": "any", "limit": 5}
        ran, found = statements(demo_engine, args)
        assert (ran == ["workspace.search"]) == narrowed and (ran == ["workspace.search:kinds@whole"]) != narrowed, ran
        monkeypatch.setattr(query, "CAND_FRONT_SHARE", 0.0)
        assert statements(demo_engine, args) == (["workspace.search:kinds@whole"], found)
        monkeypatch.undo()
        monkeypatch.setattr(query, "MEMO_ITEMS", 0)


def test_kinds_that_fall_short_among_the_best_are_ranked_by_their_own_statement(demo_engine, monkeypatch):
    """Companies are few among the best matches of "Dana" (sessions and notes hold the name): taken
    for every item (a share of 1), the first ranking by number keeps too few, and the search goes on
    with the statement that keeps the kinds, to the same answer."""
    args = {"query": "Dana", "kinds": ["company", "person"], "limit": 3}
    by_number_from = query.KINDS_BY_NUMBER
    monkeypatch.setattr(query, "KINDS_BY_NUMBER", 2.0)
    _, joined = statements(demo_engine, args)
    monkeypatch.setattr(query, "KINDS_BY_NUMBER", by_number_from)
    monkeypatch.setattr(query, "kinds_share", lambda ctx, kinds, n_items: 1.0)
    ran, by_number = statements(demo_engine, args)
    assert [":kinds" in name for name in ran] == [False, True] and by_number == joined and joined


def test_a_list_seen_long_is_read_without_its_items_for_the_rest_of_the_lease(lease, monkeypatch):
    """query.term_stats reads the items of a word's list (to narrow an all-words search to the items
    every word holds) only while the lease has not seen that list longer than ITEMS_AT postings; once
    seen, the list is read without them (workspace.search:terms, `long`), its items are not known,
    and the search finds what it found before. A new lease starts with nothing seen."""
    db, engine = lease
    args = {"query": "budget review pricing", "match": "all", "limit": 50}
    with db.cursor() as cur:
        lengths = sorted(n for (n,) in cur.execute(
            "SELECT n FROM search_lists WHERE list_contains($keys, key)",
            {"keys": [key(WS, t) for t in text.query_terms(args["query"])]}).fetchall())
    assert len(lengths) == 3 and lengths[0] < lengths[-1]
    monkeypatch.setattr(query, "ITEMS_AT", lengths[0])   # the shortest list's items read, the longest's not
    asked, real = [], sqlfiles.run

    def spy(cursor, q, params):
        rows = real(cursor, q, params)
        if q.name == "workspace.search:terms":
            asked.append((params, {r["key"]: r["items"] for r in rows if r["part"] == 0}))
        return rows
    monkeypatch.setattr(sqlfiles, "run", spy)
    with db.holding():
        first = engine.call("workspace.search", args)["matches"]
        long_seen = set(db.lease_cache["search.long_lists"])
        again = engine.call("workspace.search", args)["matches"]
    (before, items_before), (after, items_after) = asked
    keys = before["keys"]
    assert before["long"] == [] and sorted(before["short"]) == sorted(keys)
    assert long_seen and long_seen < set(keys)           # some of the words' lists longer, not all
    assert all(items_before[k] is None for k in long_seen)   # longer than ITEMS_AT: never their items
    assert any(items_before[k] is not None for k in set(keys) - long_seen)
    assert sorted(after["long"]) == sorted(long_seen) and sorted(after["short"]) == sorted(set(keys) - long_seen)
    assert {k: items_after[k] for k in long_seen} == dict.fromkeys(long_seen)
    assert first and again == first
    db.release_now()
    with db.holding():
        engine.call("workspace.search", args)
    assert asked[2][0]["long"] == []
