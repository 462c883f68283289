"""The tokeniser (talkbar/search/text.py) and its agreement with the list filters' SQL macros."""

import json
import os
import re
import subprocess
import sys
import unicodedata
from pathlib import Path
from collections import defaultdict

import duckdb
import pytest
from hypothesis import given
from hypothesis import strategies as st

from talkbar import sqlfiles, textmatch
from talkbar.search import text

from conftest import DEMO


def test_case_accents_and_yo_fold_away():
    assert text.query_terms("ZOË Müller") == text.query_terms("zoe muller") == ["zoe", "muller"]
    assert text.query_terms("ЁЛКА") == text.query_terms("елка")
    assert text.query_terms("Łukasz Straße Søren") == ["lukasz", "strass", "soren"]
    assert text.fold("Jonás") == "jonas"


def test_stemming_is_chosen_by_script_per_word():
    assert text.query_terms("meetings meeting") == ["meet"]
    assert text.query_terms("встречи") == text.query_terms("встреча") == text.query_terms("ВСТРЕЧУ")
    # one query, two scripts: each word stemmed by its own language
    assert text.query_terms("interviews интервью") == ["interview", "интерв"]
    assert text.query_terms("интервью интервьюер")[0] == "интерв"
    assert text.query_terms("новый новая новые") == ["нов"]


def test_function_words_and_punctuation_are_not_terms():
    assert text.query_terms("what did Dana say about the discount") == ["dana", "say", "discount"]
    assert text.query_terms("что он сказал про договор") == ["сказа", "договор"]
    assert text.query_terms("?! — …") == []
    assert text.query_terms("the of and") == []


def test_every_form_of_a_function_word_goes_and_content_words_sharing_its_stem_stay():
    # matched after folding and stemming: forms the stop list does not spell out go too
    assert text.query_terms("этому какие какими being") == []
    assert text.is_function_word("этому") and not text.is_function_word("договору")
    # a stem a function word shares with content words keeps those words (хоть/хотим, почти/почте …)
    for word in ("хотим", "почте", "тема", "боли", "лучший", "конечный", "willing", "owned", "underlying"):
        assert text.query_terms(word), word


def test_the_function_words_stems_kept_between_runs_are_the_stems(tmp_path, monkeypatch):
    """text._function_stems() from the cache (talkbar/parsecache.py) equals stemming the words now,
    the second process (here: call) stems none of them, and a changed stopwords file is stemmed anew."""
    from talkbar import parsecache
    from talkbar.search import stopwords
    monkeypatch.setattr(parsecache, "cache_dir", lambda: tmp_path / "cache")
    words = stopwords.ENGLISH.split() + stopwords.RUSSIAN.split()
    fresh = frozenset(text._stem(text._fold_yo(w)) for w in words) - stopwords.KEEP
    stemmed = []
    real = text._stem
    monkeypatch.setattr(text, "_stem", lambda w: stemmed.append(w) or real(w))
    runs = []
    for _ in range(2):
        text._function_stems.cache_clear()
        runs.append((text._function_stems(), len(stemmed)))
    text._function_stems.cache_clear()
    assert runs[0][0] == runs[1][0] == fresh
    assert runs[0][1] > 300 and runs[1][1] == runs[0][1], "the second run read the stems kept by the first"
    copy = tmp_path / "stopwords.py"
    copy.write_text(open(stopwords.__file__, encoding="utf-8").read() + "\n", encoding="utf-8")
    monkeypatch.setattr(stopwords, "__file__", str(copy))
    assert text._function_stems() == fresh and len(stemmed) > runs[1][1], "another stopwords file: stemmed again"
    text._function_stems.cache_clear()


STAND_IN_PYSTEMMER = """
def algorithms():
    return ["english", "russian"]

class Stemmer:
    def __init__(self, language):
        pass

    def stemWord(self, word):
        return "x"

    def stemWords(self, words):
        return ["x" for _ in words]
"""


def test_terms_are_the_pinned_stemmers_even_where_pystemmer_is_installed(tmp_path):
    """snowballstemmer.stemmer() hands out PyStemmer's stemmers where that is installed (the
    algorithms of another Snowball release: PyStemmer 2.2 stems "added" to "ad"); the terms stay
    the pinned snowballstemmer's. A fresh process with a stand-in PyStemmer (every word to "x") on
    its path, and a cache of its own for the function words' stems."""
    (tmp_path / "Stemmer.py").write_text(STAND_IN_PYSTEMMER, encoding="utf-8")
    words = "organizations added evening встречи договору этому being"
    code = ("import json, snowballstemmer; from talkbar.search import text; "
            f"print(json.dumps([snowballstemmer.stemmer('english').stemWord('added'), text.query_terms({words!r}), "
            "text.doc_terms('We added the договор')[0]]))")
    repo = str(Path(text.__file__).resolve().parents[2])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), repo]), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    stand_in, terms, counts = json.loads(done.stdout)
    assert stand_in == "x", "the stand-in is what snowballstemmer gives in that process"
    assert terms == text.query_terms(words) == ["organiz", "add", "evening", "встреч", "договор"]
    assert counts == text.doc_terms("We added the договор")[0] == {"add": 1, "договор": 1}


def test_questions_lose_their_words_of_asking_unless_nothing_else_is_left():
    assert text.question_terms("what did Dana say about the discount") == ["dana", "discount"]
    assert text.question_terms("Summarize the discussion about the remote control") == ["remot", "control"]
    assert text.question_terms("What did the group discuss about the budget?") == ["budget"]
    assert text.question_terms("What was the team's opinion on pricing") == ["price"]
    assert text.question_terms("расскажи, что говорили про оплату в рублях") == ["оплат", "рубл"]
    assert text.question_terms("что обсуждали с ТехноСферой") == ["техносфер"]
    # a query of asking words only is searched as it is; the words themselves are indexed
    assert text.question_terms("discussion summary") == ["discuss", "summari"]
    assert text.doc_terms("We discussed the summary")[0] == {"discuss": 1, "summari": 1}


def test_digits_and_mixed_tokens():
    assert text.query_terms("Q3 2026 v2.1") == ["q3", "2026", "v2.1"]
    counts, length = text.doc_terms("template v2.1, Q3-2026")
    assert {"v2.1", "v2", "1", "q3", "2026", "templat"} <= set(counts)
    assert length == sum(counts.values())


def test_spans_find_matches_in_the_original_text():
    found, body = text.spans("Zoë met the Müllers at 9", ["zoe", "muller"])
    assert [body[a:b] for a, b in found] == ["Zoë", "Müllers"]


def _demo_texts():
    doc = json.loads(DEMO.read_text(encoding="utf-8"))
    out = []

    def walk(value):
        if isinstance(value, str):
            if " " in value or not re.fullmatch(r"[\w.-]+", value):
                out.append(value)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
    walk(doc["workspaces"])
    return out


def test_filters_find_every_word_the_search_finds(macros):
    """For each word of the demo, searched as typed, in upper case and without accents: every demo
    word that the search matches it to is also matched by the list filter (tb_has_all over
    textmatch.words) — the filters find at least what search finds."""
    groups = defaultdict(set)
    for body in _demo_texts():
        for w in text.words(body):
            for term in text.word_terms(w):
                groups[term].add(w)
    pairs = []
    for term, forms in groups.items():
        for typed in forms:
            variants = {typed, typed.upper(), "".join(c for c in unicodedata.normalize("NFD", typed)
                                                      if not unicodedata.combining(c))}
            for query in variants:
                if text.query_term(query) != term:
                    continue  # an accent dropped by hand can make another word (e.g. й → и)
                for found in forms:
                    pairs.append((found, textmatch.words(query)))
    assert len(pairs) > 5000
    macros.execute("CREATE TEMP TABLE pairs AS SELECT unnest($hay) AS hay, unnest($needles) AS needles",
                   {"hay": [p[0] for p in pairs], "needles": [p[1] for p in pairs]})
    missed = macros.execute("SELECT hay, needles FROM pairs WHERE NOT tb_has_all(hay, needles) LIMIT 10").fetchall()
    assert missed == []


def test_fold_agrees_with_the_sql_macro(macros):
    sample = ["Zoë Müller", "Łukasz Wójcik", "ЁЛКА и йод", "Straße", "Søren Dahl", "Æsir", "Björn Åkesson",
              "Ana Јовановић", "François Lefèvre", "Fatma Yılmaz", "Aoife Ní Bhriain"]
    got = macros.execute("SELECT list_transform($s, lambda x: tb_fold(x))", {"s": sample}).fetchone()[0]
    assert got == [text.fold(s) for s in sample]


# The list filter as 0002 wrote it (with 0400's tb_fold): every word folded, the text folded again
# for each word. Migration 1050 folds the text once and lowers ASCII only; the answers must not move.
FOLD_EACH_TIME = ("CREATE OR REPLACE TEMP MACRO has_all_as_before(hay, words) AS coalesce(list_bool_and(list_transform("
                  "words, lambda w: contains(tb_fold(coalesce(hay, '')), tb_fold(w)))), true)")
ASCII = st.sampled_from(list("abzAZ09 -.,'"))
LETTERS = ASCII | st.sampled_from(list("ÀàÉéËëÖöÜüÅåØøÆæŒœßẞŁłĐđÐðĦħİıÞþŞşЁёЙйЖжΣσς") + ["\u0301", "\u00a0"])
SOME_TEXT = st.text(ASCII, max_size=30) | st.text(LETTERS, max_size=30) | st.text(
    st.characters(exclude_categories=["Cs"]), max_size=30)
TEXTS = st.none() | SOME_TEXT


@st.composite
def filter_cases(draw):
    """A text and words to find in it: most cut from the text itself, some in another case or
    without their accents, so that both answers occur."""
    hay = draw(TEXTS)
    words = draw(st.none() | st.lists(st.text(ASCII, min_size=1, max_size=6) | st.text(LETTERS, min_size=1, max_size=6),
                                      max_size=3))
    if hay and words is not None and draw(st.booleans()):
        start = draw(st.integers(0, len(hay) - 1))
        cut = hay[start:start + draw(st.integers(1, 6))]
        shown = draw(st.sampled_from([cut, cut.upper(), cut.lower(), cut.swapcase(), "".join(
            c for c in unicodedata.normalize("NFD", cut) if not unicodedata.combining(c))]))
        words = words + [shown] if shown else words
    return {"hay": hay, "words": words}


# both answers, ASCII and not, in the text and in the words, and nothing to look for
FILTER_CASES = [("ACME Review", ["acme", "review"], True), ("acme review", ["ACME"], True),
                ("Acme", ["acme", "budget"], False), ("Łukasz Wójcik", ["lukasz", "WOJCIK"], True),
                ("lukasz", ["Łukasz"], True), ("Straße", ["strasse"], True), ("ЁЛКА", ["елка"], True),
                ("Zoë", ["zoe"], True), ("Zoe", ["zoë"], True), (None, ["a"], False), ("", ["a"], False),
                ("x", [], True), ("x", None, True), (None, None, True)]


def _both(macros, cases):
    macros.execute(FOLD_EACH_TIME)
    return macros.execute("SELECT list_transform($cases, lambda c: [tb_has_all(c.hay, c.words), "
                          "has_all_as_before(c.hay, c.words)])", {"cases": cases}).fetchone()[0]


def test_the_filter_finds_what_it_found_before_it_folded_once(macros):
    got = _both(macros, [{"hay": hay, "words": words} for hay, words, _ in FILTER_CASES])
    assert got == [[want, want] for _, _, want in FILTER_CASES]


@given(st.lists(filter_cases(), min_size=10, max_size=60))
def test_the_filter_answers_as_it_did_before_it_folded_once(macros, cases):
    got = _both(macros, cases)
    assert [a for a, _ in got] == [b for _, b in got], cases


def test_a_filter_over_kept_text_folds_its_words_when_it_binds_them(macros):
    """tb_has_all_folded (migration 1150) folds the call's words by an expression of the words alone,
    so the plan's filter holds them folded, not a folding run for every item."""
    macros.execute("CREATE OR REPLACE TEMP TABLE kept (hay VARCHAR)")
    plan = macros.execute("EXPLAIN SELECT count(*) FROM kept WHERE tb_has_all_folded(hay, $words)",
                          {"words": ["Zoë", "ДОГОВОР"]}).fetchone()[1]
    assert "'zoe', 'договор'" in plan and "strip_accents" not in plan and "lower(" not in plan


# notes.list's matchSnippet as 0200 wrote it; migration 1060 binds the plain text and its folding once
SNIPPET_AS_BEFORE = ("CREATE OR REPLACE TEMP MACRO match_snippet_as_before(hay, words) AS "
                     "CASE WHEN tb_match_at(tb_plain(hay), words) IS NOT NULL THEN tb_window(tb_plain(hay), "
                     "greatest(1, tb_match_at(tb_plain(hay), words) - 60)) END")
MARKDOWN = st.lists(st.sampled_from(["## ", "**", "__", "\n", "  ", "- ", "Budget", "review", "Zoë", "Straße",
                                     "łódź", "ЁЛКА", "the", "plan"]) | st.text(LETTERS, max_size=12), max_size=40)


@given(st.lists(st.tuples(MARKDOWN, st.none() | st.lists(st.sampled_from(
    ["budget", "REVIEW", "zoe", "strasse", "lodz", "елка", "plan", "nowhere"]), max_size=3)), min_size=5, max_size=30))
def test_the_match_snippet_is_the_one_it_cut_before(macros, cases):
    macros.execute(SNIPPET_AS_BEFORE)
    cases = [{"hay": "".join(parts), "words": words} for parts, words in cases]
    got = macros.execute("SELECT list_transform($cases, lambda c: [tb_match_snippet(c.hay, c.words), "
                         "match_snippet_as_before(c.hay, c.words)])", {"cases": cases}).fetchone()[0]
    assert [a for a, _ in got] == [b for _, b in got], cases


def test_the_match_snippet_centres_as_before_on_long_notes(macros):
    macros.execute(SNIPPET_AS_BEFORE)
    filler = "## Notes\n\n" + "Words about **nothing** much. " * 12
    cases = [{"hay": hay, "words": words} for hay, words in (
        (filler + "The Budget review with Zoë.", ["ZOË"]), (filler + "Straße plan " + filler, ["strasse", "plan"]),
        ("Budget first", ["budget"]), (filler, ["budget"]), (filler + "ЁЛКА", ["елка"]), (None, ["a"]), ("x", None))]
    got = macros.execute("SELECT list_transform($cases, lambda c: [tb_match_snippet(c.hay, c.words), "
                         "match_snippet_as_before(c.hay, c.words)])", {"cases": cases}).fetchone()[0]
    assert [a for a, _ in got] == [b for _, b in got]
    assert [a is not None for a, _ in got] == [True, True, True, False, True, False, False]
    assert got[0][0].startswith("…") and got[0][0].endswith("The Budget review with Zoë.")


@st.composite
def chats(draw):
    """A chat's title and messages, and words to find: some cut from a message, so that both
    answers occur. A needle holds no space (text.WORD_RE), and neither do these words."""
    title = draw(SOME_TEXT)
    messages = draw(st.lists(SOME_TEXT, max_size=4))
    words = draw(st.none() | st.lists(st.text(LETTERS, min_size=1, max_size=6), max_size=3))
    if messages and words is not None and draw(st.booleans()):
        text_ = draw(st.sampled_from(messages))
        if text_:
            start = draw(st.integers(0, len(text_) - 1))
            words = words + [text_[start:start + draw(st.integers(1, 6))].upper()]
    words = None if words is None else [w for w in (x.replace(" ", "") for x in words) if w]
    return {"title": title, "messages": messages, "words": words}


def _chat_filters(macros, cases):
    """For each case: [chats.list's filter as it reads the chat's facts (tb_has_all_folded over
    chat_facts_of, migration 1100), as 0910 filtered (tb_has_all over the title and the messages
    joined)]."""
    messages = [(f"c{i}", n, m) for i, c in enumerate(cases) for n, m in enumerate(c["messages"])]
    macros.execute("BEGIN")
    try:
        macros.execute("INSERT INTO chats (workspace_id, chat_id, title, created_at, updated_at) "
                       "SELECT 'w', 'c' || (i - 1), title, 0, 0 FROM unnest($titles) WITH ORDINALITY AS t(title, i)",
                       {"titles": [c["title"] for c in cases]})
        if messages:
            macros.execute("INSERT INTO chat_messages (chat_id, message_id, sequence, role, content, created_at) "
                           "SELECT unnest($ids), 'm' || unnest($ns), unnest($ns) + 1, 'user', unnest($texts), unnest($ns)",
                           {"ids": [c for c, _, _ in messages], "ns": [n for _, n, _ in messages],
                            "texts": [m for _, _, m in messages]})
        return [list(r) for r in macros.execute(
            "SELECT tb_has_all_folded(f.hay, $words[i + 1]),"
            "       tb_has_all(c.title || ' ' || coalesce((SELECT string_agg(content, ' ' ORDER BY sequence) "
            "                  FROM chat_messages m WHERE m.chat_id = c.chat_id), ''), $words[i + 1]) "
            "FROM chats c JOIN chat_facts_of((SELECT list(chat_id) FROM chats)) f USING (chat_id), "
            "     LATERAL (SELECT CAST(substr(c.chat_id, 2) AS INTEGER) AS i) "
            "ORDER BY i", {"words": [c["words"] for c in cases]}).fetchall()]
    finally:
        macros.execute("ROLLBACK")


def test_a_chats_kept_facts_find_what_its_text_finds(macros):
    cases = [{"title": "Budget", "messages": ["ok", "Łukasz Wójcik"], "words": ["budget", "lukasz"]},
             {"title": "", "messages": ["ЁЛКА", "Straße"], "words": ["елка", "STRASSE"]},
             {"title": "x", "messages": ["\u0301é"], "words": ["e"]},
             {"title": "x", "messages": [], "words": ["y"]},
             {"title": "Zoë", "messages": [], "words": None}]
    assert _chat_filters(macros, cases) == [[True, True], [True, True], [True, True], [False, False], [True, True]]


@given(st.lists(chats(), min_size=5, max_size=25))
def test_a_chats_kept_facts_answer_as_its_text_did(macros, cases):
    """The same answers, but where DuckDB's strip_accents cut the old joined text at a NUL (it ends
    a text that is not ASCII there): folded piece by piece, only that piece is cut, and the words
    of the messages after it are found."""
    for case, (kept, joined) in zip(cases, _chat_filters(macros, cases)):
        assert kept == joined or (kept and "\x00" in case["title"] + "".join(case["messages"])), case


def test_a_nul_cuts_only_its_own_piece_of_a_chat(macros):
    assert _chat_filters(macros, [{"title": "\x00\x80", "messages": ["budget"], "words": ["budget"]}]) == [[True, False]]


def test_needles_reach_other_forms_of_a_word(macros):
    cases = [("rate", "rating"), ("happiness", "happy"), ("meetings", "Meeting"), ("встречи", "встречу"),
             ("Lukasz", "Łukasz"), ("Zoe", "Zoë"), ("studies", "study")]
    for query, hay in cases:
        assert macros.execute("SELECT tb_has_all($h, $w)", {"h": hay, "w": textmatch.words(query)}).fetchone()[0], (query, hay)
    assert textmatch.words(None) is None
    assert textmatch.words("the") == ["the"]      # only function words: the filter still filters


def test_snippets_centre_on_the_first_match():
    from talkbar.search import snippet
    body = ("## Notes\n\n" + "Filler words about nothing in particular. " * 8 + "The **discount** was agreed at ten percent. "
            + "More filler afterwards to make it long. " * 8)
    cut = snippet.for_query(body, "Discounts")
    assert cut.startswith("…") and cut.endswith("…") and "discount was agreed" in cut
    assert len(cut) <= snippet.WIDTH + 2 and "#" not in cut and "**" not in cut
    assert snippet.for_query("Short text", "nothing") == "Short text"
    assert snippet.for_query(body, "zzz").startswith("Notes Filler")
