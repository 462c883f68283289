"""Text in the forms real text holds, found as typed plainly and the other way round (tokeniser 2,
migration 1220): the Latin ligatures of text taken from a PDF (ﬁnancial), the full-width letters and
digits of East Asian input (ＡＰＩ ２０２６), the final sigma (σοφος as ΣΟΦΟΣ), the Arabic and Persian
letters the two write for one another and their digits (کتاب and كتاب, ٢٠٢٦), and the invisible
characters that join, hyphenate or stretch a word (a soft hyphen from a web page, the tatweel).
The search's tokeniser (Python) and the list filters' tb_fold (SQL) fold them alike."""

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kept_facts import stale
from note_search import listed_notes, searched_notes
from older_database import workspace_before
from talkbar.db import Database
from talkbar.engine import CLI, Engine
from talkbar.search import text

SHY, ZWNJ, ZWJ = "\u00ad", "\u200c", "\u200d"

# (what a note holds, what a person types for it plainly, the form as written): each finds the note
FORMS = [
    ("Quarterly ﬁnancial review", "financial", "ﬁnancial"),
    ("ＡＰＩ keys for ２０２６", "api 2026", "ＡＰＩ ２０２６"),
    (f"The pro{SHY}ject plan", "project", f"pro{SHY}ject"),
    ("ΣΟΦΟΣ agenda", "σοφος", "ΣΟΦΟΣ"),
    (f"Notes on می{ZWNJ}خواهم", "میخواهم", f"می{ZWNJ}خواهم"),
    ("Budget ｆｏｒｅｃａｓｔ", "Forecast", "ｆｏｒｅｃａｓｔ"),
    ("The floor plan", "floor", "ﬂoor"),      # plain in the note, typed with the ligature a PDF gave
    ("كتاب المدرسة", "کتاب", "كتاب"),          # Arabic kaf in the note, Persian keheh typed
    ("برنامه‌ریزی سالانه", "سالانه", "سالانه"),   # with a zero-width non-joiner inside the first word
    ("اجتماع يوم الأحد", "یوم", "يوم"),          # Persian yeh typed for the Arabic
    ("الموازنة لعام ٢٠٢٦", "2026", "٢٠٢٦"),
    ("كـتاب جديد", "كتاب", "كـتاب"),            # stretched by a tatweel
]


# Every character of the blocks the folding names (Latin, Greek, Cyrillic, Arabic, the ligatures,
# the full-width forms) and the joiners, but the marks that combine with no combining class (Cyrillic's
# enclosing ҈ ҉, and outside these blocks the spacing vowel signs of Indic scripts): DuckDB's
# strip_accents drops them, Python's combining class keeps them. Each side folds its own text and
# its own words alike, so the filters stay consistent; not this change.
BLOCKS = [c for c in (*range(0x20, 0x250), *range(0x370, 0x530), *range(0x600, 0x700), *range(0xFB00, 0xFB07),
                      *range(0xFF00, 0xFFF0),
                      *map(ord, text.JOINERS), 0x200B)
          if not (unicodedata.category(chr(c)).startswith("M") and not unicodedata.combining(chr(c)))]


def test_fold_and_tb_fold_agree_on_every_character_of_the_blocks_they_name(macros):
    chars = [chr(c) for c in BLOCKS]
    got = macros.execute("SELECT list_transform($s, lambda x: tb_fold(x))", {"s": chars}).fetchone()[0]
    assert [(hex(ord(c)), g) for c, g in zip(chars, got) if g != text.fold(c)] == []
    assert text.fold("ﬃ ＡＰＩ ２０２６ ΣΟΦΟΣ σοφος " + "pro" + SHY + "ject") == "ffi api 2026 σοφοσ σοφοσ project"


ALPHABET = st.sampled_from([chr(c) for c in BLOCKS] + ["\u0301", "\u0306", "ё", "й", ZWJ])


@given(st.lists(st.text(ALPHABET, max_size=20), min_size=1, max_size=20))
def test_fold_and_tb_fold_agree_on_text_made_of_them(macros, texts):
    got = macros.execute("SELECT list_transform($s, lambda x: tb_fold(x))", {"s": texts}).fetchone()[0]
    assert got == [text.fold(t) for t in texts]


def test_a_word_runs_on_through_a_joiner_but_not_a_zero_width_space():
    assert text.words(f"pro{SHY}ject x{ZWJ}y{SHY}z zero\u200bwidth \ufeffHello{SHY}") == [
        f"pro{SHY}ject", f"x{ZWJ}y{SHY}z", "zero", "width", "Hello"]
    assert text.query_terms(f"pro{SHY}ject") == text.query_terms("project") == ["project"]


@pytest.mark.parametrize("mode", ["all", "any"])
def test_each_form_is_found_by_search_and_the_list_filter_typed_plainly_and_as_written(fresh_engine, mode):
    made = {body: fresh_engine.call("notes.create", {"title": f"Form {i}", "markdown": body})["noteId"]
             for i, (body, _plain, _written) in enumerate(FORMS)}
    for body, plain, written in FORMS:
        for query in (plain, written):
            assert made[body] in searched_notes(fresh_engine, query, mode), (body, query)
            assert made[body] in listed_notes(fresh_engine, query), (body, query)


def test_a_snippet_is_cut_around_a_word_with_a_soft_hyphen(fresh_engine):
    body = "word " * 60 + f"the pro{SHY}ject budget " + "filler " * 60
    fresh_engine.call("notes.create", {"title": "Long", "markdown": body})
    [match] = [m for m in fresh_engine.call("workspace.search", {"query": "project budget", "match": "all",
                                                                    "kinds": ["note"]})["matches"]
               if m["title"] == "Long"]
    assert f"pro{SHY}ject budget" in match["snippet"]


def test_a_file_from_before_learns_the_forms_in_its_kept_text_and_its_index(tmp_path, monkeypatch):
    path = tmp_path / "older.duckdb"
    con, ws = workspace_before(path, 1220, monkeypatch)
    con.execute("INSERT INTO notes (workspace_id, note_id, title, markdown, created_at, updated_at) "
                "VALUES ($ws, 'note-pdf', 'From a PDF', 'The ﬁnancial outlook', 1, 1)", {"ws": ws})
    con.execute("INSERT INTO note_facts SELECT * FROM note_facts_of(['note-pdf'])")
    assert con.execute("SELECT hay FROM note_facts").fetchone()[0] == "from a pdf the ﬁnancial outlook"
    con.close()
    engine = Engine(Database(path, create=False, idle_s=0), CLI)
    assert listed_notes(engine, "financial") == {"note-pdf"}
    assert searched_notes(engine, "financial outlook", "all") == {"note-pdf"}
    engine.db.release_now()
    assert stale(path, "note_facts", "note_id", "notes") == []
