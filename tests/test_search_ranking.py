"""A one-word search is ranked by search_ranked_one (migration 0930), which does not group the
postings by passage first. For one key it must give exactly the rows search_ranked gives: the same
scores, best passages, ties and sides. This holds for keys in the settled lists and in the unsorted
tail, in both modes. A one-word search is never narrowed to items (its known items are all of its
list's), so search_ranked_one binds no narrowing (migration 0990)."""

import random

import pytest

from search_ranking_calls import WS, ranked as _ranked, stats as _stats, statements as _statements

GENERAL, ONE_WORD = "search_ranked", "search_ranked_one"
NOTES = [("Budget lunch", "The budget for the offsite lunch, and the vendor."),
         ("Vendor budget", "Budget review with the vendor: the budget grows."),
         ("Quokka", "A word found only in the tail.")]


@pytest.fixture(scope="module")
def engine(demo_engine):
    for title, markdown in NOTES:   # through the engine: their postings go to the tail
        demo_engine.call("notes.create", {"title": title, "markdown": markdown})
    return demo_engine


def _keys(cur):
    """The 20 longest lists, 20 others drawn with a fixed seed, and every key of the tail."""
    listed = [r[0] for r in cur.execute("SELECT key FROM search_lists ORDER BY len(docs) DESC, key").fetchall()]
    tail = [r[0] for r in cur.execute("SELECT DISTINCT key FROM search_tail ORDER BY key").fetchall()]
    return listed[:20] + random.Random(7).sample(listed[20:], 20) + tail, set(listed) & set(tail)


def test_one_word_ranks_as_the_general_ranking_does(engine):
    with engine.db.cursor() as cur:
        keys, both = _keys(cur)
        assert both, "some key must have postings both in its list and in the tail"
        compared = 0
        for k in keys:
            for match_all in (False, True):
                stats = _stats(cur, [k], match_all)
                general = _ranked(cur, GENERAL, stats, match_all, stats["cand"])
                assert general, k
                assert _ranked(cur, ONE_WORD, stats, match_all, stats["cand"]) == general, (k, match_all)
                assert stats["cand"] is None, k    # what the one-word statement is given
                compared += 1
        assert compared >= 2 * 40


@pytest.mark.parametrize("extra, statement, two_words", [
    ({}, "workspace.search", "workspace.search@whole"),     # any words: the items never narrowed (ranking_form)
    ({"kinds": ["note", "session"]}, "workspace.search:kinds", "workspace.search:kinds@whole"),
    # a project holding few of the items: two words ranked among its items (query.narrowing())
    ({"projectId": None}, "workspace.search:project", "workspace.search"),
])
def test_a_one_word_query_takes_the_one_word_statement(engine, extra, statement, two_words):
    if "projectId" in extra:
        with engine.db.cursor() as cur:
            extra = {"projectId": cur.execute("SELECT min(project_id) FROM projects WHERE workspace_id = $ws",
                                              {"ws": WS}).fetchone()[0]}
    one, found = _statements(engine, {"query": "budget", "match": "any", **extra})
    assert one == [statement + "@one"]
    two, _ = _statements(engine, {"query": "budget vendor", "match": "any", **extra})
    assert two == [two_words]
    if not extra:
        assert {m["title"] for m in found} >= {"Budget lunch", "Vendor budget"}


# BM25's weight of a term in one passage, per field (0 title, 1 own text, 2 content): k1 and b, and
# how much the field counts (a title double)
FIELD_BM25 = {0: (1.2, 0.75, 2), 1: (1.2, 0.75, 1), 2: (0.9, 0.4, 1)}


def test_a_passage_weight_is_bm25_in_floating_point(engine):
    """tb_passage_score (migration 0970) gives BM25's weight of a term in a passage for every field,
    as DOUBLE arithmetic (not DECIMAL: a third of the cost per posting)."""
    avgdl = [3.5, 41.25, 17.0]
    with engine.db.cursor() as cur:
        for field, (k1, b, weight) in FIELD_BM25.items():
            for tf in (1, 2, 7, 300):
                for dl in (1, 12, 40, 5000):
                    got, kind = cur.execute("SELECT s, typeof(s) FROM (SELECT tb_passage_score($f::TINYINT, $tf::SMALLINT, "
                                            "$dl::INTEGER, $avgdl) AS s)",
                                            {"f": field, "tf": tf, "dl": dl, "avgdl": avgdl}).fetchone()
                    want = weight * tf * (k1 + 1) / (tf + k1 * (1 - b + b * dl / avgdl[field]))
                    assert kind == "DOUBLE"
                    assert got == pytest.approx(want, rel=1e-12), (field, tf, dl)
        plan = cur.execute("EXPLAIN SELECT tb_passage_score(2::TINYINT, tf, 10, [1.0, 1.0, 1.0]) "
                           "FROM (SELECT 3::SMALLINT AS tf)").fetchall()[0][1]
        assert "DECIMAL" not in plan
