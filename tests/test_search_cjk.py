"""Chinese, Japanese and Korean, written without spaces between words (Korean with particles written
onto them): a run of their characters is indexed as its characters and overlapping pairs, and a
query's run searches for its pairs (or for itself, one character long), so that a word inside a
sentence is found (talkbar/search/text.py, CJK_RUN; tokeniser 2). Search and the list filters
agree: the filters' words for a run are its pairs."""

import copy
import json

import pytest

from note_search import listed_notes, searched_notes
from talkbar.search import text

# (a note's text, a word in it as a person types it)
WRITTEN = [
    ("我们讨论了明年的预算和招聘计划", "预算"),
    ("我们讨论了明年的预算和招聘计划", "招聘计划"),
    ("会議の予算について話しました", "予算"),
    ("APIの設計レビューは金曜日", "設計"),
    ("다음 분기 예산을 논의했습니다", "예산"),
    ("회의에서 돈을 이야기했다", "돈"),          # a one-syllable noun with its particle
]


def test_a_run_is_indexed_as_its_characters_and_pairs_and_searched_by_its_pairs():
    assert text.word_terms("予算案") == ("予", "算", "案", "予算", "算案")
    assert text.query_terms("予算案") == ["予算", "算案"]
    assert text.query_terms("돈") == ["돈"]
    assert text.word_terms("API設計") == ("api", "設", "計", "設計")
    assert text.query_terms("API設計 v2.1") == ["api", "設計", "v2.1"]
    assert text.needles("予算案 API設計 budget") == ["予算", "算案", "api", "設計", "budget"]


def test_only_the_words_that_matched_are_marked_inside_a_run():
    sentence = "我们讨论了明年的预算和招聘计划"
    spans, _ = text.spans(sentence, text.query_terms("预算 招聘计划"))
    assert [sentence[a:b] for a, b in spans] == ["预算", "招聘计划"]
    spans, _ = text.spans("회의에서 돈을 이야기했다", text.query_terms("돈"))
    assert spans == [(5, 6)]
    found, body = text.first_span("很长的句子" * 40 + "预算", text.query_terms("预算"))
    assert body[found[0]:found[1]] == "预算" and found[0] == 200


@pytest.mark.parametrize("mode", ["all", "any"])
def test_a_word_inside_a_sentence_is_found_by_search_and_the_list_filter(fresh_engine, mode):
    made = {}
    for i, (body, _word) in enumerate(WRITTEN):
        if body not in made:
            made[body] = fresh_engine.call("notes.create", {"title": f"Note {i}", "markdown": body})["noteId"]
    for body, word in WRITTEN:
        assert made[body] in searched_notes(fresh_engine, word, mode), (body, word)
        assert made[body] in listed_notes(fresh_engine, word), (body, word)


def test_all_words_wants_every_pair_of_the_run(fresh_engine):
    together = fresh_engine.call("notes.create", {"title": "A", "markdown": "来週の予算会議"})["noteId"]
    apart = fresh_engine.call("notes.create", {"title": "B", "markdown": "予算の会議"})["noteId"]
    assert searched_notes(fresh_engine, "予算会議", "all") == {together}
    assert searched_notes(fresh_engine, "予算会議", "any") >= {together, apart}
    assert listed_notes(fresh_engine, "予算会議") == {together}


def test_a_transcript_in_chinese_is_found_at_its_turn_after_an_import(tb, demo_doc, tmp_path):
    doc = copy.deepcopy(demo_doc)
    session = doc["workspaces"][0]["sessions"][0]
    turn = session["turns"][3]
    turn["text"] = "关于明年的预算，我们下周再讨论招聘计划。"
    path = tmp_path / "zh.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert tb.run("app", "import", str(path)).code == 0
    out = tb.ok("workspace.search", {"query": "招聘计划", "kinds": ["session"], "match": "all"})
    [match] = [m for m in out["matches"] if m["id"] == session["sessionId"]]
    assert (match["content"]["locator"], match["content"]["tMs"]) == (turn["turnId"], turn["startMs"]), match
    assert "招聘计划" in match["snippet"]
