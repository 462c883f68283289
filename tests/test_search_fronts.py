"""A long term list has a front (migration 0940): per item, its postings in names and own text, its
count of content passages, and the content passages that can be the item's best. The rankings that
read it (search_ranked_front, search_ranked_one_front, and search_ranked_front2 for the two
commonest words, migration 0950) must give the rows the whole lists give, and
the fronts must stay true to their lists through every write: new postings in the tail, a passage
removed from a list, a compaction, a removal while its copy waits, and a rebuild.

The demo's lists are short, so here a list of FRONT_AT postings has a front (the product's bound
is tb_front_at(), 100,000)."""

import random
from collections import Counter

import pytest

from search_ranking_calls import (EVERY_KEY, FRESH, LIVE_LISTS, WS, fronts_afresh as _fronts_afresh, lengths_wrong,
                                  macro, ranked as _ranked, stats as _stats, statements)
from talkbar import sqlfiles
from talkbar.search import compact, index, postings, query, text
from talkbar.search.keys import key

FRONT_AT = 30


@pytest.fixture(scope="module")
def engine(demo_engine):
    with demo_engine.db.cursor() as cur:
        cur.execute(f"CREATE OR REPLACE MACRO tb_front_at() AS {FRONT_AT}")
        _fronts_afresh(cur)
    return demo_engine


def _fronts(cur):
    return {r[0]: r for r in cur.execute("SELECT * FROM search_fronts").fetchall()}


def _marked(cur):
    return {r[0] for r in cur.execute("SELECT doc_no FROM search_tail WHERE tf < 0").fetchall()}


def _unmarked(front, marked):
    """A front's row less the entries of passages marked removed (names and own text: the front
    keeps them, as the list does, till the next compaction)."""
    keep = [i for i, doc in enumerate(front[1]) if doc not in marked]
    return (front[0], *([column[i] for i in keep] for column in front[1:]))


def _true_to_the_lists(cur):
    """Every front kept is the one its list gives now, both less the passages marked removed (and
    every list says its own length); returns the long lists without one."""
    cur.execute(LIVE_LISTS)
    marked = _marked(cur)
    kept = {k: _unmarked(f, marked) for k, f in _fronts(cur).items()}
    fresh = {r[0]: r for r in cur.execute(FRESH).fetchall()}
    assert kept and lengths_wrong(cur) == 0
    assert {k: fresh.get(k) for k in kept} == kept
    return set(fresh) - set(kept)


def _close(a, b):
    """The same rows; a score may differ in its last bits when three or more words' weights are
    added in another order."""
    return [r[:4] for r in a] == [r[:4] for r in b] and all(abs(x[4] - y[4]) <= 1e-12 * x[4] for x, y in zip(a, b))


def _form(stats, fronted):
    """The front form for these term counts (keys rarest first, the last with a front), as the search
    picks it (query.ranking_form: the one-word form unless the word has marks), and its fronts."""
    keys = stats["keys"]
    fronts = 2 if len(keys) > 1 and keys[-2] in fronted else 1
    return macro(stats, fronts), fronts


def _compare(cur, rng, ones=12, pairs=30, triples=10, both=0, first=()):
    """The front forms against the whole lists: one word, two words (bit for bit) and three, both
    modes, the items narrowed and not; `both`: as many pairs and as many triples again whose two
    commonest words have fronts; `first`: keys with fronts taken alone and in a pair before the
    drawn ones. Returns how many rankings of each form were compared (and as `.marked`, how many of
    them had words with marks)."""
    lengths = dict(cur.execute("SELECT key, len(docs) FROM search_lists").fetchall())
    fronted = sorted(_fronts(cur))
    shorter = lambda k: [o for o in sorted(lengths) if lengths[o] < lengths[k]]  # noqa: E731
    tail = [r[0] for r in cur.execute("SELECT DISTINCT key FROM search_tail ORDER BY key").fetchall()]
    cases = [[k] for k in first] + [[rng.choice(shorter(k) + tail), k] for k in first]
    cases += [[k] for k in rng.sample(fronted, ones)]
    cases += [[rng.choice(shorter(k) + tail), k] for k in rng.choices(fronted, k=pairs)]
    cases += [rng.sample(shorter(k), 2) + [k] for k in rng.choices(fronted, k=triples)]
    two = [sorted(rng.sample(fronted, 2), key=lambda k: (lengths[k], k)) for _ in range(2 * both)]
    two = [ks for ks in two if lengths[ks[0]] < lengths[ks[1]]]
    cases += two[:both] + [[rng.choice(shorter(ks[0]) + tail)] + ks for ks in two[both:]]
    compared = Counter()
    compared.marked = 0
    for keys in cases:
        for match_all in (False, True):
            stats = _stats(cur, keys, match_all)
            if stats is None or stats["keys"][-1] != keys[-1]:   # no item holds them all; a tail key is commoner
                continue
            form, fronts = _form(stats, set(fronted))
            narrow = not query.reads_front(stats["cand"], stats["items"])
            assert stats["fronts"] == (0 if narrow else fronts), keys  # narrowed to a few items: the whole list
            one = len(keys) == 1
            whole = _ranked(cur, macro(stats), stats, match_all, stats["cand"])
            assert whole or match_all, keys
            if stats["cand"] is None and not one:   # @whole: search_ranked without the narrowing it has none of
                assert macro(stats) == "search_ranked_whole"
                assert whole == _ranked(cur, "search_ranked", stats, match_all, None), keys
            front = _ranked(cur, form, stats, match_all, stats["cand"])
            assert front == whole if len(keys) < 3 else _close(front, whole), (keys, match_all, form)
            compared.marked += stats["marked"]
            if one:                  # never narrowed (query.term_stats): the one-word forms bind no narrowing
                if stats["marked"]:  # its marked passages left out as grouping by passage takes them out
                    assert whole == _ranked(cur, "search_ranked", stats, match_all, None), keys
                    assert front == _ranked(cur, "search_ranked_front", stats, match_all, None), keys
                compared[form] += 1
                continue
            if not whole:            # the items the short lists share hold the words apart
                continue
            some = [row[0] for row in whole[::2]]
            narrowed = _ranked(cur, form, stats, match_all, some)
            assert [row[0] for row in narrowed] == some
            compared[form] += 1
    return compared


def test_a_front_holds_what_the_ranking_needs_of_its_list(engine):
    with engine.db.cursor() as cur:
        assert _true_to_the_lists(cur) == set()
        long_lists = cur.execute("SELECT count(*) FROM search_lists WHERE len(docs) >= $n", {"n": FRONT_AT}).fetchone()
        assert len(_fronts(cur)) == long_lists[0] >= 20
        postings = {}
        for k, doc, item, field, tf, dl in cur.execute(
                "SELECT key, unnest(docs), unnest(items), unnest(fields), unnest(tfs), unnest(dls) FROM search_lists "
                "WHERE key IN (SELECT key FROM search_fronts)").fetchall():
            postings.setdefault(k, {})[doc] = (item, field, tf, dl)
        shorter = 0
        for k, docs, items, fields, tfs, dls, ns in _fronts(cur).values():
            entries = list(zip(docs, items, fields, tfs, dls, ns))
            counts = {item: n for doc, item, _f, tf, _dl, n in entries if tf == 0}
            content = {}
            for item, field, _tf, _dl in postings[k].values():
                if field == 2:
                    content[item] = content.get(item, 0) + 1
            assert counts == content, k                      # each item's content passages, counted once
            for doc, item, field, tf, dl, n in entries:
                if tf:
                    assert postings[k][doc] == (item, field, tf, dl) and n == (field < 2), k
            own = {doc for doc, (_i, field, _t, _d) in postings[k].items() if field < 2}
            assert own == {doc for doc, _i, field, tf, _d, _n in entries if tf and field < 2}, k
            shorter += sum(1 for _ in postings[k]) - sum(1 for e in entries if e[3])
        assert shorter > 0                                  # some passages were left off a front
        # whatever the turns' average length, an item's best content passage (ties: the first) is on its front
        checked = 0
        for k, docs, items, fields, tfs, dls, _ns in _fronts(cur).values():
            front = {}
            for doc, item, field, tf in zip(docs, items, fields, tfs):
                if field == 2 and tf:
                    front.setdefault(item, set()).add(doc)
            by_item = {}
            for doc, (item, field, tf, dl) in postings[k].items():
                if field == 2:
                    by_item.setdefault(item, []).append((doc, tf, dl))
            for avgdl in (0.5, 3.0, 11.7, 40.0, 1e6):
                for item, passages in by_item.items():
                    best = max(passages, key=lambda p: (p[1] * 1.9 / (p[1] + 0.9 * (0.6 + 0.4 * p[2] / avgdl)), -p[0]))
                    assert best[0] in front[item], (k, item, avgdl)
                    checked += 1
        assert checked > 1000


def test_the_front_forms_rank_as_the_whole_lists(engine):
    with engine.db.cursor() as cur:
        compared = _compare(cur, random.Random(11), ones=30, pairs=60, triples=20, both=40)
        assert sum(compared.values()) >= 250 and compared["search_ranked_front2"] >= 100, compared


def test_fronts_stay_true_through_writes_and_a_compaction(engine):
    for i in range(3):      # new postings go to the tail; the lists and their fronts stay
        engine.call("notes.create", {"title": f"Budget review {i}", "markdown": "The budget and the pricing review."})
    with engine.db.cursor() as cur:
        assert _true_to_the_lists(cur) == set()
        old = cur.execute("SELECT note_id, title FROM notes WHERE workspace_id = $ws ORDER BY created_at, note_id "
                          "LIMIT 1", {"ws": WS}).fetchone()
        before = _fronts(cur)
    engine.call("notes.update", {"noteId": old[0], "title": "Quarterly budget review"})   # leaves its lists
    with engine.db.cursor() as cur:
        assert _true_to_the_lists(cur) == set() and _fronts(cur) == before   # marked: the fronts keep the title
        marked = {r[0] for r in cur.execute("SELECT key FROM search_tail WHERE tf < 0").fetchall()} & set(before)
        assert marked
        compared = _compare(cur, random.Random(10), first=sorted(marked))   # and the rankings take it out
        assert compared.marked >= 2 * len(marked), compared
        # a transcript passage leaving its lists, on the front of one where its session keeps other
        # passages holding the word: that list loses its front until a compaction; the others follow
        kept = _fronts(cur)
        doc, on = cur.execute("WITH f AS (SELECT key, unnest(docs) AS doc, unnest(items) AS item, unnest(fields) AS field, "
                              "unnest(ns) AS n FROM search_fronts) "
                              "SELECT a.doc, a.key FROM f a JOIN f c ON c.key = a.key AND c.item = a.item "
                              "AND c.doc = -c.item AND c.n > 1 JOIN search_items i ON i.item_no = a.item "
                              "WHERE a.field = 2 AND a.n = 0 AND a.doc > 0 AND i.kind = 'session' "
                              "ORDER BY a.doc LIMIT 1").fetchone()
        turn = cur.execute("SELECT s.session_id, d.part FROM search_docs d JOIN search_items i USING (item_no) "
                           "JOIN sessions s ON s.session_id = i.item_id WHERE d.doc_no = $d", {"d": doc}).fetchone()
        cur.execute("BEGIN TRANSACTION")
        cur.execute("UPDATE turns SET text = 'Quokka', changed_at_ms = changed_at_ms + 10 ** 9 WHERE turn_id = $t",
                    {"t": turn[1]})
        index.index_turns(cur, WS, turn[0])
        cur.execute("COMMIT")
        lost, after = _true_to_the_lists(cur), _fronts(cur)
        assert on in lost and lost < set(kept)              # every other long list keeps a true front
        assert any(after[k] != kept[k] for k in after if k in kept)   # some of them took the passage off
        compared = _compare(cur, random.Random(12), both=10)
        assert sum(compared.values()) >= 70 and compared["search_ranked_front2"] >= 15, compared
        compact.build(cur)
        # renamed again while the copy waits, in the swap's own transaction (an engine call could swap
        # the copy in itself, on its process's every CHECK_EVERY-th write)
        cur.execute("BEGIN TRANSACTION")
        cur.execute("UPDATE notes SET title = 'Yearly budget review' WHERE note_id = $id", {"id": old[0]})
        index.index_items(cur, WS, "note", [old[0]])
        dead = {r[0] for r in cur.execute("SELECT DISTINCT key FROM search_dead").fetchall()}
        assert compact.swap(cur) is True
        cur.execute("COMMIT")
        assert dead and _true_to_the_lists(cur) == dead & set(
            r[0] for r in cur.execute(f"SELECT key FROM search_front_rows('search_lists', {EVERY_KEY})").fetchall())
        compared = _compare(cur, random.Random(13), both=10)
        assert sum(compared.values()) >= 70 and compared["search_ranked_front2"] >= 15, compared
        cur.execute("BEGIN TRANSACTION")
        index.after_import(cur, [WS])                       # a rebuild: every long list has its front again
        cur.execute("COMMIT")
        assert _true_to_the_lists(cur) == set()


def test_a_list_that_falls_below_the_bound_loses_its_front(engine):
    """A note's title leaving the list of each of its words: a list that is then shorter than
    tb_front_at() has no front any more (search.fronts.drop_short), the others keep theirs, cut."""
    with engine.db.cursor() as cur:
        note, item = cur.execute("SELECT i.item_id, i.item_no FROM search_items i JOIN search_docs d USING (item_no) "
                                 "JOIN notes n ON n.note_id = i.item_id "
                                 "WHERE i.workspace_id = $ws AND i.kind = 'note' AND d.field = 0 AND n.trashed_at IS NULL "
                                 "AND d.doc_no IN (SELECT unnest(docs) FROM search_lists) ORDER BY i.item_no DESC LIMIT 1",
                                 {"ws": WS}).fetchone()   # its title in the lists, not in the tail
        doc, title = cur.execute("SELECT doc_no, text FROM search_docs WHERE item_no = $i AND field = 0",
                                 {"i": item}).fetchone()
        keys = [key(WS, t) for t in text.doc_terms(title)[0]]
        lengths = dict(cur.execute("SELECT key, n FROM search_lists WHERE list_contains($k, key) "
                                   "AND list_contains(docs, $d)", {"k": keys, "d": doc}).fetchall())
        assert len(lengths) >= 2, title
        bound = max(lengths.values())          # the longest of them is exactly long enough
        cur.execute(f"CREATE OR REPLACE MACRO tb_front_at() AS {bound}")
        _fronts_afresh(cur)
        at_bound = {k for k, n in lengths.items() if n == bound}
        assert at_bound <= set(_fronts(cur))
    try:
        engine.call("notes.update", {"noteId": note, "title": "Wombat"})
        with engine.db.cursor() as cur:
            assert not at_bound & set(_fronts(cur))
            assert _true_to_the_lists(cur) == set()   # every list long enough has its front, as fresh
    finally:
        with engine.db.cursor() as cur:
            cur.execute(f"CREATE OR REPLACE MACRO tb_front_at() AS {FRONT_AT}")
            _fronts_afresh(cur)


def _word(cur, with_front, other_than=()):
    """A word of the demo's transcripts whose list has a front, or one whose list is too short."""
    fronts, lengths = set(_fronts(cur)), dict(cur.execute("SELECT key, len(docs) FROM search_lists").fetchall())
    for (body,) in cur.execute("SELECT text FROM search_docs WHERE field = 2 ORDER BY doc_no").fetchall():
        for word in body.split():
            terms = text.query_terms(word)
            if (len(terms) == 1 and key(WS, terms[0]) in lengths and (key(WS, terms[0]) in fronts) == with_front
                    and word.strip(".,:;!?") not in other_than):
                return word.strip(".,:;!?")
    raise AssertionError("no such word")


def test_a_search_reads_the_front_of_its_commonest_word(engine, monkeypatch):
    with engine.db.cursor() as cur:
        common, rare = _word(cur, True), _word(cur, False)
        other = _word(cur, True, other_than=(common,))
    for words, match, statement in (([common], "any", "workspace.search@one_front"),
                                    ([rare], "any", "workspace.search@one"),
                                    ([rare, common], "any", "workspace.search@front"),
                                    ([common, other], "any", "workspace.search@front2"),
                                    ([rare, other, common], "any", "workspace.search@front2"),
                                    ([common, "zzyzxq"], "any", "workspace.search@whole")):   # found nowhere: last
        assert statements(engine, {"query": " ".join(words), "match": match})[0] == [statement], words
    # one word is never narrowed (its items are not read), so its front is read whatever the share
    for share in (2, 0):
        monkeypatch.setattr(query, "CAND_FRONT_SHARE", share)
        assert statements(engine, {"query": common, "match": "all"})[0] == ["workspace.search@one_front"]
    # two words narrowed to CAND_FRONT_SHARE of the items or more: the fronts are read all the same
    monkeypatch.setattr(query, "CAND_FRONT_SHARE", 0)
    narrowed, found = statements(engine, {"query": f"{common} {other}", "match": "all", "limit": 100})
    monkeypatch.setattr(query, "CAND_FRONT_SHARE", 2)
    whole, found_whole = statements(engine, {"query": f"{common} {other}", "match": "all", "limit": 100})
    assert narrowed == ["workspace.search@front2"] and whole == ["workspace.search"] and found == found_whole and found
    # and from CAND_WHOLE_SHARE of the items on, they are ranked without the narrowing: the same matches
    monkeypatch.setattr(query, "CAND_FRONT_SHARE", 0)
    for whole_at, told in ((2, "a list"), (0, None)):
        monkeypatch.setattr(query, "CAND_WHOLE_SHARE", whole_at)
        cands = []
        ran, found_now = statements(engine, {"query": f"{common} {other}", "match": "all", "limit": 100}, cands)
        assert ran == ["workspace.search@front2"] and found_now == found_whole
        assert [type(c).__name__ if c is not None else None for c in cands] == [told and "list"], whole_at
    found = engine.call("workspace.search", {"query": f"{rare} {common}", "match": "any", "limit": 100})["matches"]
    assert found


def test_the_whole_lists_are_ranked_unnarrowed_from_the_whole_share(engine, monkeypatch):
    """All words, no front read: narrowed to the items every word holds below CAND_WHOLE_SHARE of
    the workspace's items, unnarrowed from it on, with the same matches."""
    with engine.db.cursor() as cur:
        common = _word(cur, True)
        other = _word(cur, True, other_than=(common,))
    monkeypatch.setattr(query, "CAND_FRONT_SHARE", 2)   # the whole lists, never a front
    answers = []
    for whole_at, told in ((2, "list"), (0, None)):
        monkeypatch.setattr(query, "CAND_WHOLE_SHARE", whole_at)
        cands = []
        ran, found = statements(engine, {"query": f"{common} {other}", "match": "all", "limit": 100}, cands)
        assert ran == ["workspace.search" if told else "workspace.search@whole"] and found, whole_at
        assert [type(c).__name__ if c is not None else None for c in cands] == [told], whole_at
        answers.append(found)
    assert answers[0] == answers[1]


def test_one_word_reads_no_items_and_matches_as_any_word(engine):
    """All words, one word: its items would narrow nothing (every posting of its list is of them),
    so its counts come without them (no `cand`), the ranking is the one-word form (its front where
    it has one), and the matches are those of the same word searched as any word."""
    with engine.db.cursor() as cur:
        rare, common = _word(cur, False), _word(cur, True)
        for word in (rare, common):
            one = key(WS, text.query_terms(word)[0])
            assert _stats(cur, [one], True)["cand"] is None, word
        assert _stats(cur, [key(WS, text.query_terms(w)[0]) for w in (rare, common)], True)["cand"]  # two: read
    for word, form in ((rare, "workspace.search@one"), (common, "workspace.search@one_front")):
        cands = []
        ran, found = statements(engine, {"query": word, "match": "all", "limit": 100}, cands)
        assert ran == [form] and cands == [None] and found, word
        assert statements(engine, {"query": word, "match": "any", "limit": 100})[1] == found, word


def test_a_session_taken_out_of_the_lists_leaves_their_fronts_true(engine):
    """All of an item's transcript passages leaving the lists (a session indexed again, or gone):
    each list's front loses the item, count and passages, and stays the one its list gives."""
    from talkbar import sqlfiles
    from talkbar.search import postings
    with engine.db.cursor() as cur:
        assert _true_to_the_lists(cur) == set()
        item, held = cur.execute("SELECT item, count(*) FROM (SELECT unnest(items) AS item, unnest(docs) AS doc "
                                 "FROM search_fronts) WHERE doc = -item GROUP BY item ORDER BY 2 DESC, 1 LIMIT 1").fetchone()
        assert held >= 3                                    # it is in several fronts
        cur.execute("BEGIN TRANSACTION")
        writer = postings.Writer(cur, WS)
        writer.remove(sqlfiles.call(cur, "search.docs.drop", items=[item], fields=[2]))
        writer.flush()
        cur.execute("COMMIT")
        assert _true_to_the_lists(cur) == set()             # no long list lost its front
        assert -item not in {doc for r in _fronts(cur).values() for doc in r[1]}   # no count entry of it left
        compared = _compare(cur, random.Random(14))
        assert sum(compared.values()) >= 30, compared


def test_a_compaction_built_a_range_of_keys_at_a_time_builds_what_one_range_builds(engine, monkeypatch):
    """The copy's lists and fronts are built a range of keys at a time (compact.RANGE_POSTINGS: the
    lists' aggregates do not spill, and the whole index at once held 7.5 GB at 6 M turns); cut into
    many ranges, the demo's copy is the one a single range builds, row for row, with the tail's
    postings folded in and the marked passages taken out."""
    with engine.db.cursor() as cur:
        cur.execute("BEGIN TRANSACTION")
        cur.execute("UPDATE notes SET title = 'Quarterly budget review' WHERE note_id = "
                    "(SELECT min(note_id) FROM notes WHERE workspace_id = $ws)", {"ws": WS})
        index.index_items(cur, WS, "note", [cur.execute("SELECT min(note_id) FROM notes WHERE workspace_id = $ws",
                                                        {"ws": WS}).fetchone()[0]])
        cur.execute("COMMIT")
        assert cur.execute("SELECT count(*) FILTER (WHERE tf > 0), count(*) FILTER (WHERE tf < 0) "
                           "FROM search_tail").fetchone() >= (1, 1)     # postings to fold in, marks to take out
        builds = []
        for per_range in (10 ** 12, 2_000):
            monkeypatch.setattr(compact, "RANGE_POSTINGS", per_range)
            ranges = []
            monkeypatch.setattr(compact, "key_ranges", lambda parts, cut=compact.key_ranges: ranges.append(parts)
                                or cut(parts))
            compact.build(cur)
            builds.append((sorted(cur.execute("SELECT * FROM search_next").fetchall()),
                           sorted(cur.execute("SELECT * FROM search_next_fronts").fetchall())))
            sqlfiles.call_each(cur, compact.DROP_COPY)
            assert (ranges == [1]) == (per_range == 10 ** 12) and ranges[0] >= 1
        assert builds[1] == builds[0] and builds[0][0] and builds[0][1]
        assert ranges[0] >= 10


def _later(cur):
    """A change time after every turn's and passage's (so index_turns reads the turn changed)."""
    return cur.execute("SELECT greatest((SELECT max(changed_at_ms) FROM turns), (SELECT max(changed) FROM search_docs))"
                       " + 1").fetchone()[0]


def test_a_copy_taken_before_a_transcript_passage_left_a_list_is_swapped_in_with_its_fronts_following(engine,
                                                                                                      monkeypatch):
    """A compaction's copy is built from what was committed when it began (the write that starts it
    has not committed yet): a transcript passage that leaves a long list after that, on the front of
    its session that keeps other passages holding the word, is still in the copy's list and on its
    front. Swapped in as it was, that front ranked the word otherwise than its whole list, until the
    next compaction; now the fronts follow the marks the tail still holds, as they followed the
    passage when it left, and every front ranks as its list; the front gone again, the next write
    looks for a compaction (whose copy will hold the removal)."""
    with engine.db.cursor() as cur:
        compact.build(cur)        # the copy taken now
        doc, on = cur.execute("WITH f AS (SELECT key, unnest(docs) AS doc, unnest(items) AS item, unnest(fields) AS field, "
                              "unnest(ns) AS n FROM search_fronts) "
                              "SELECT a.doc, a.key FROM f a JOIN f c ON c.key = a.key AND c.item = a.item "
                              "AND c.doc = -c.item AND c.n > 1 JOIN search_items i ON i.item_no = a.item "
                              "WHERE a.field = 2 AND a.n = 0 AND a.doc > 0 AND i.kind = 'session' AND i.workspace_id = $ws "
                              "ORDER BY a.doc DESC LIMIT 1", {"ws": WS}).fetchone()
        turn = cur.execute("SELECT s.session_id, d.part FROM search_docs d JOIN search_items i USING (item_no) "
                           "JOIN sessions s ON s.session_id = i.item_id WHERE d.doc_no = $d", {"d": doc}).fetchone()
        cur.execute("BEGIN TRANSACTION")
        cur.execute("UPDATE turns SET text = 'Wallaby', changed_at_ms = $later "
                    "WHERE session_id = $s AND turn_id = $t", {"s": turn[0], "t": turn[1], "later": _later(cur)})
        index.index_turns(cur, WS, turn[0])
        assert on in _true_to_the_lists(cur)        # the live front could not follow: gone
        postings.fronts_dropped()
        monkeypatch.setattr(compact, "_due", True)  # as once this process built the copy
        compact.after_write(cur)                    # swaps it in
        assert sqlfiles.call(cur, "search.compact.state")["ready"] is None and compact._due
        cur.execute("COMMIT")
        assert on in _true_to_the_lists(cur)        # the copy's goes the same way; every other is true
        compared = _compare(cur, random.Random(14), both=10)
        assert sum(compared.values()) >= 70 and compared.marked, compared


@pytest.mark.parametrize("check_every", [1, 1000])
def test_a_write_that_took_a_front_away_makes_a_compaction_due(engine, monkeypatch, check_every):
    """A long list without its front has its searches group the whole list until a compaction
    builds it again: the write after the one that took it looks (not only every CHECK_EVERY writes:
    a copy begun in the same write would not hold its removal) and starts one, even where the tail
    alone would not ask for it; a compaction done, none is due. Whether or not every write looks
    (CHECK_EVERY 1), the write that took it starts none."""
    started = []
    monkeypatch.setattr(compact, "start", lambda path: started.append(path))
    monkeypatch.setattr(compact, "MIN_ROWS", 0)
    monkeypatch.setattr(compact, "COMPACT_AT", 10.0)     # the tail never large enough alone
    with engine.db.cursor() as cur:
        # an earlier test's writes (whichever ran before this one in its process) took a front or
        # left marks: a compaction builds the fronts again and takes the marks out (a list that its
        # marks leave too short for a front counts as unfronted until then)
        if sqlfiles.call(cur, "search.compact.state")["unfronted"] or _marked(cur):
            compact.build(cur)
            cur.execute("BEGIN TRANSACTION")
            compact.swap(cur)
            cur.execute("COMMIT")
        assert sqlfiles.call(cur, "search.compact.state")["unfronted"] == 0 == len(_true_to_the_lists(cur))
        doc = cur.execute("WITH f AS (SELECT key, unnest(docs) AS doc, unnest(items) AS item, unnest(fields) AS field, "
                          "unnest(ns) AS n FROM search_fronts) "
                          "SELECT a.doc FROM f a JOIN f c ON c.key = a.key AND c.item = a.item "
                          "AND c.doc = -c.item AND c.n > 1 JOIN search_items i ON i.item_no = a.item "
                          "WHERE a.field = 2 AND a.n = 0 AND a.doc > 0 AND i.kind = 'session' AND i.workspace_id = $ws "
                          "ORDER BY a.doc LIMIT 1", {"ws": WS}).fetchone()[0]
        turn = cur.execute("SELECT s.session_id, d.part FROM search_docs d JOIN search_items i USING (item_no) "
                           "JOIN sessions s ON s.session_id = i.item_id WHERE d.doc_no = $d", {"d": doc}).fetchone()
        postings.fronts_dropped()
        monkeypatch.setattr(compact, "_due", False)
        monkeypatch.setattr(compact, "CHECK_EVERY", check_every)
        monkeypatch.setattr(compact, "_writes", 0)  # the next is a process's first write: it looks
        cur.execute("BEGIN TRANSACTION")
        compact.after_write(cur)
        assert started == []                        # nothing due
        cur.execute("UPDATE turns SET text = 'Numbat', changed_at_ms = $later "
                    "WHERE session_id = $s AND turn_id = $t", {"s": turn[0], "t": turn[1], "later": _later(cur)})
        index.index_turns(cur, WS, turn[0])
        assert sqlfiles.call(cur, "search.compact.state")["unfronted"] >= 1
        compact.after_write(cur)
        cur.execute("COMMIT")
        assert started == []                        # not in the write that took it
        cur.execute("BEGIN TRANSACTION")
        compact.after_write(cur)                    # the next write
        cur.execute("COMMIT")
        assert len(started) == 1                    # it looked, and one is due
        compact.build(cur)
        cur.execute("BEGIN TRANSACTION")
        assert compact.swap(cur) is True
        cur.execute("COMMIT")
        assert sqlfiles.call(cur, "search.compact.state")["unfronted"] == 0 and _true_to_the_lists(cur) == set()
