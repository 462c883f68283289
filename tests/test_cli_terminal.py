"""The CLI's output at a terminal (the real process on a pseudo-terminal, tests/terminal.py)
against the same commands piped: tables as wide as the window, search matches highlighted.
Piped, scripts see what they always saw."""

import re

from terminal import run


def test_tools_list_fits_80_columns_with_every_id_whole(tb):
    r = run(tb, "tools", "list", stdout_tty=True, columns=80)
    assert r.code == 0, r
    lines = r.lines()
    assert max(len(line) for line in lines) <= 80
    piped = tb.run("tools", "list")
    assert max(len(line) for line in piped.stdout.splitlines()) > 80          # what scripts read is unchanged
    ids = [line.split()[0] for line in piped.stdout.splitlines()[2:-2]]
    assert [line.split()[0] for line in lines[2:2 + len(ids)]] == ids
    assert any(line.endswith("…") for line in lines)


def test_tables_follow_columns_and_the_window(demo):
    for argv in (["app", "access", "show"], ["search", "pricing", "Acme"], ["app", "license", "show"]):
        for columns, env in ((80, None), (200, {"COLUMNS": 60})):
            r = run(demo, *argv, stdout_tty=True, columns=columns, env=env)
            assert r.code == 0, (argv, r)
            width = int(env["COLUMNS"]) if env else columns
            assert max(len(line) for line in r.lines()) <= width, (argv, width, r.stdout)


def test_search_on_a_narrow_terminal_shows_records_with_whole_snippets(demo):
    r = run(demo, "search", "pricing", "Acme", stdout_tty=True, columns=80)
    piped = demo.run("--output", "json", "search", "pricing", "Acme").json
    screen = "\n".join(r.lines())
    for match in piped["matches"]:
        assert f"Link     {match['href']}" in screen
        assert match["snippet"].split()[-1] in screen       # wrapped, not cut


# ---------------------------------------------------------------------- search highlighting
def test_search_highlights_matched_words_on_a_terminal_only(demo):
    r = run(demo, "search", "prices", "ACME", stdout_tty=True, columns=250)
    assert r.code == 0, r
    marked = set(re.findall(r"\x1b\[[0-9;]*m([^\x1b]+)\x1b\[0m", r.stdout))
    assert {"Acme", "pricing", "Price"} <= marked, marked       # stemmed and case-folded as the search does
    assert all(word.casefold().startswith(("acme", "pric")) for word in marked), marked
    piped = demo.run("search", "prices", "ACME")
    assert piped.code == 0 and "\x1b" not in piped.stdout
    assert "Acme" in piped.stdout


def test_no_color_keeps_the_highlight_bold_only(demo):
    r = run(demo, "search", "pricing", stdout_tty=True, columns=250, env={"NO_COLOR": "1"})
    assert "\x1b[1mpricing\x1b[0m" in r.stdout
    assert "\x1b[31" not in r.stdout
