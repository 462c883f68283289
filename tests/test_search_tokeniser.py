"""What the terms are is one number (talkbar/search/text.py, TOKENISER), recorded with each index: a
change to any word's terms must bump it, and an index built under another number is built again.

    python tests/test_search_tokeniser.py --write    # after bumping TOKENISER: record the new terms
"""

import json
import sys
from contextlib import contextmanager
from pathlib import Path

import duckdb
import pytest

from talkbar import db as db_module
from talkbar import engine as engine_module
from talkbar import events, sqlfiles
from talkbar.search import index, postings, stopwords, text

HERE = Path(__file__).resolve().parent
TERMS = HERE / "tokeniser_terms.txt"
DEMO = HERE.parent / "fixtures" / "demo.json"


def _words():
    """The demo's words (not its ids), the function words, compounds of digits, and words in the
    compatibility forms and with the joiners that fold away (text.FOLD_COMPAT, text.JOINERS),
    and runs of CJK characters (text.CJK_RUN)."""
    def strings(x):
        if isinstance(x, str):
            yield x
        elif isinstance(x, dict):
            for k, v in x.items():
                if not k.lower().endswith("id"):
                    yield from strings(v)
        elif isinstance(x, list):
            for v in x:
                yield from strings(v)
    words = set(stopwords.ENGLISH.split()) | set(stopwords.RUSSIAN.split())
    for s in strings(json.loads(DEMO.read_text(encoding="utf-8"))):
        words.update(w.lower() for w in text.WORD_RE.findall(s) if w.isalpha())
    return sorted(words | {"v2.1", "2,000", "q3", "straße", "ёлка", "йогурт", "zoë", "интервьюер",
                           "ﬁnancial", "ａｐｉ", "２０２６", "pro\u00adject", "σοφος", "می\u200cخواهم",
                           "会議の予算", "api設計", "예산을", "预算", "کتاب", "مدرسة", "على", "كـتاب", "٢٠٢٦", "۲۰۲۶",
                           "συναντήσεις", "Συνάντηση", "προϋπολογισμό", "ΑΠΟΦΑΣΕΙΣ", "έργα", "ομάδας"})


def _lines():
    return [f"tokeniser {text.TOKENISER}"] + [" ".join([w, *text.word_terms(w)]) for w in _words()]


def test_the_terms_of_the_demos_words_are_those_recorded_under_this_tokeniser():
    recorded = TERMS.read_text(encoding="utf-8").splitlines()
    now = _lines()
    assert recorded[0] == now[0], (f"text.TOKENISER is {text.TOKENISER}; {TERMS.name} was recorded under "
                                   f"{recorded[0]}: run python tests/{Path(__file__).name} --write")
    changed = sorted(set(now) ^ set(recorded))
    assert not changed, (f"words' terms changed under the same tokeniser ({changed[:6]}…): bump text.TOKENISER "
                         f"so that indexes are built again, then run python tests/{Path(__file__).name} --write")
    assert len(now) > 3000


def _reindexed(heard):
    return [e for e in heard() if e["event"] == "search.reindexed"]


def test_an_index_built_under_another_tokeniser_is_built_again_at_the_first_search(fresh_engine, heard, monkeypatch):
    """Under 1, whose successor changed the terms of any text (text.changed_since: nothing to upgrade
    by; from 2 on, only the passages a change reaches are indexed again: tests/test_search_greek.py)."""
    engine = fresh_engine
    ws = engine.call("workspace.list", {})["workspaces"][0]["workspaceId"]
    budget = engine.call("workspace.search", {"query": "budget", "match": "all"})["matches"]
    assert budget
    with engine.db.cursor(write=True) as cur:      # as an older tokeniser would have left it: other terms
        cur.execute("DELETE FROM search_lists")
        cur.execute("DELETE FROM search_tail")
    _stamp(engine, 1)
    monkeypatch.setattr(index, "_indexed", set())   # another process, from here
    assert engine.call("workspace.search", {"query": "budget", "match": "all"})["matches"] == budget
    assert [e["tokeniser"] for e in _reindexed(heard)] == [[1, text.TOKENISER]]
    with engine.db.cursor() as cur:
        assert cur.execute("SELECT version FROM search_tokeniser WHERE workspace_id = ?", [ws]).fetchall() == \
            [(text.TOKENISER,)]


def test_an_index_under_this_tokeniser_or_with_none_recorded_is_kept(fresh_engine, heard, monkeypatch):
    """No row: built before the number was recorded, under 1 (every index built then was)."""
    engine = fresh_engine
    monkeypatch.setattr(index, "_indexed", set())
    engine.call("workspace.search", {"query": "budget"})
    with engine.db.cursor(write=True) as cur:
        cur.execute("DELETE FROM search_tokeniser")
    monkeypatch.setattr(index, "_indexed", set())
    monkeypatch.setattr(text, "TOKENISER", 1)
    engine.call("workspace.search", {"query": "budget"})
    assert _reindexed(heard) == []
    monkeypatch.setattr(index, "_indexed", set())
    monkeypatch.setattr(text, "TOKENISER", 2)
    engine.call("workspace.search", {"query": "budget"})
    assert [e["tokeniser"] for e in _reindexed(heard)] == [[1, 2]]


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit(__doc__)
    TERMS.write_text("\n".join(_lines()) + "\n", encoding="utf-8")
    print(f"{TERMS}: {len(_lines()) - 1} words under tokeniser {text.TOKENISER}")


@pytest.mark.parametrize("op, args", [("workspace.search", {"query": "budget"}),
                                      ("notes.create", {"title": "Written to an index built under another"})])
def test_a_rebuild_outside_an_import_holds_duckdb_to_an_imports_memory_through_its_commit(
        fresh_engine, heard, monkeypatch, op, args):
    """At 6 M turns the rebuild took 3.4 GiB unbounded and 1.8 GiB with the bound lifted before its
    commit (whose checkpoint writes the new index): the bound is set before the rebuild and lifted
    only after the commit, so the next call on the same lease has DuckDB's usual memory again."""
    engine = fresh_engine
    bounded = duckdb.connect()
    bounded.execute(sqlfiles.get("import.bounded_memory").text)
    limit = bounded.execute("SELECT current_setting('memory_limit')").fetchone()[0]
    during = []

    def bulk_turns(cur, workspace_id, _real=postings.bulk_turns):
        during.append(cur.execute("SELECT current_setting('memory_limit')").fetchone()[0])
        return _real(cur, workspace_id)

    @contextmanager
    def transaction(cur, _real=db_module.transaction):
        with _real(cur):
            yield cur
        events.emit("test.committed")

    with engine.db.holding():
        usual = _memory_limit(engine)
        _stamp(engine, 1)
        monkeypatch.setattr(index, "_indexed", set())
        monkeypatch.setattr(postings, "bulk_turns", bulk_turns)
        for module in (db_module, engine_module):
            monkeypatch.setattr(module, "transaction", transaction)
        engine.call(op, args)
        assert _memory_limit(engine) == usual != limit
    assert during == [limit]
    seen = [e.get("name", e["event"]) for e in heard() if e["event"] in ("sql", "test.committed", "search.reindexed")]
    assert seen.index("import.bounded_memory") < seen.index("search.reindexed") < seen.index("test.committed") \
        < seen.index("import.usual_memory")


def _memory_limit(engine):
    with engine.db.cursor() as cur:
        return cur.execute("SELECT current_setting('memory_limit')").fetchone()[0]


def _stamp(engine, version):
    """The demo workspace's index recorded as built under tokeniser `version`."""
    ws = engine.call("workspace.list", {})["workspaces"][0]["workspaceId"]
    with engine.db.cursor(write=True) as cur:
        sqlfiles.call(cur, "search.tokeniser.set", workspace_id=ws, version=version)
