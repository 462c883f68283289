"""Tables fitted to a width (talkbar/cli/tables.py) and search's highlighting, in-process: no
line wider than asked, nothing lost when wrapping, piped tables exactly tabulate's, and the words
highlighted exactly those the search matches."""

import re

from hypothesis import assume, given, settings, strategies as st
from tabulate import tabulate

from talkbar.cli import tables
from talkbar.cli.columns import cols
from talkbar.cli.search_cmd import highlighter

ANSI = re.compile(r"\x1b\[[0-9;]*m")
# Text of one column a character, and text whose characters take two columns of a terminal (CJK,
# most emoji) or none (a combining mark): widths are in columns (talkbar/cli/columns.py)
narrow_words = st.text(alphabet="abcdefghij klmnopé—…", min_size=0, max_size=90)
wide_words = st.text(alphabet="会議の予算について 한국어 abc é\u0301👍—…", min_size=0, max_size=90)


def _shapes(words, headers):
    return st.integers(min_value=1, max_value=5).flatmap(
        lambda n: st.tuples(st.lists(st.text(alphabet=headers, min_size=1, max_size=12), min_size=n, max_size=n),
                            st.lists(st.lists(words, min_size=n, max_size=n), min_size=0, max_size=6)))


@settings(max_examples=80, deadline=None)
@given(_shapes(narrow_words, "ABCdef") | _shapes(wide_words, "AB会議"), st.integers(min_value=30, max_value=140),
       st.booleans())
def test_no_line_wider_than_the_terminal(shape, width, wrap):
    headers, rows = shape
    out = tables.render(rows, headers, width, wrap=wrap)
    assert max(cols(line) for line in out.split("\n")) <= width, out


@settings(max_examples=80, deadline=None)
@given(narrow_words | wide_words, st.integers(min_value=1, max_value=40))
def test_a_wrapped_cell_keeps_every_character_and_a_cut_one_ends_with_an_ellipsis(text, width):
    assume(width > 1 or all(cols(c) <= 1 for c in text))   # a character two columns wide has no room in one
    wrapped = tables.fit_cell(text, width, wrap=True).split("\n")
    assert all(cols(line) <= width for line in wrapped), wrapped
    assert "".join("".join(wrapped).split()) == "".join(text.split())
    cut = tables.fit_cell(text, width, wrap=False)
    assert cols(cut) <= width
    assert cut == text or (cut.endswith("…") and text.startswith(cut[:-1]))


def test_columns_line_up_under_wide_characters():
    """A CJK title took twice its share (74 columns of a 50-column terminal) and pushed its link
    out of line."""
    rows = [("会議の予算について話しました、来週また確認します", "/notes/n-1"), ("Budget review with the vendor", "/notes/n-2"),
            ("예산 회의", "/notes/n-3")]
    for wrap in (False, True):
        lines = tables.render(rows, ["Title", "Link"], 50, flex=[0], wrap=wrap).split("\n")
        assert max(cols(line) for line in lines) <= 50
        starts = {cols(line[:line.index("/notes/")]) for line in lines if "/notes/" in line}
        assert len(starts) == 1, lines
    short = tables.render([("会議の予算について", "/notes/n-1")], ["Title", "Link"], 50, flex=[0]).split("\n")
    assert short[2] == "会議の予算について  /notes/n-1"        # it fits: measured in columns, not cut short
    piped = tables.render(rows, ["Title", "Link"]).split("\n")   # tabulate measures with wcwidth too
    assert len({cols(line[:line.index("/notes/")]) for line in piped if "/notes/" in line}) == 1


def test_piped_is_exactly_tabulate():
    rows = [("a" * 300, 5, None), ("b", "unlimited", "x")]
    assert tables.render(rows, ["Name", "Max", "Per"]) == tabulate(rows, headers=["Name", "Max", "Per"],
                                                                  tablefmt="simple", disable_numparse=True)


def test_fixed_columns_stay_whole_and_cut_cells_end_with_an_ellipsis():
    rows = [("knowledge.suggestions.accept", "x" * 200), ("notes.get", "short")]
    out = tables.render(rows, ["Operation", "Description"], 60, flex=[1])
    lines = out.split("\n")
    assert lines[2].startswith("knowledge.suggestions.accept  ") and lines[2].endswith("x…")
    assert len(lines[2]) == 60 and lines[3].rstrip().endswith("short")


def test_too_narrow_for_the_flexible_columns_becomes_records():
    rows = [("Pricing review", "…agreed to keep the pricing review on Thursdays, with the numbers…", "/sessions/s-1")]
    out = tables.render(rows, ["Title", "Snippet", "Link"], 50, flex=[0, 1], wrap=True, min_flex=30)
    assert out.split("\n") == ["Title    Pricing review",
                               "Snippet  …agreed to keep the pricing review on",
                               "         Thursdays, with the numbers…",
                               "Link     /sessions/s-1"]


def test_style_sees_each_visible_piece_and_never_counts_towards_width():
    rows = [("Pricing review", "the pricing review " * 10)]
    style = highlighter("pricing")
    out = tables.render(rows, ["Title", "Snippet"], 70, wrap=True, style=style)
    assert max(len(ANSI.sub("", line)) for line in out.split("\n")) <= 70
    assert out.count("\x1b[") >= 2 * 11


def test_highlighter_marks_what_the_search_matches():
    style = highlighter("Prices ZOE the")
    out = style(1, "Zoë priced the pricing sheet; Zoey said price-list")
    marked = re.findall(r"\x1b\[[0-9;]*m([^\x1b]+)\x1b\[0m", out)
    assert marked == ["Zoë", "priced", "pricing", "price"]      # folded and stemmed; "the" is no term
    assert ANSI.sub("", out) == "Zoë priced the pricing sheet; Zoey said price-list"
    assert style(2, "/notes/price") == "/notes/price"               # links are left alone
    assert highlighter("the of")(1, "the end of it") == "the end of it"
