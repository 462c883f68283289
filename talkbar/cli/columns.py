"""How much of a terminal's width text takes: a Chinese, Japanese or Korean character (and most
emoji) two columns, a combining mark none (wcwidth's tables, which tabulate also measures its
columns with once wcwidth is installed). Text cut and wrapped to a width in columns, not in
characters: a line of CJK cut at `width` characters took twice the terminal's width.

wcwidth is pinned at 0.2.14, which gives the widths alone: 0.9's `clip` and `wrap` would do the
cutting too, but importing it took 22 ms of every command that prints a table (0.2.14: 3 ms)."""

import textwrap

import wcwidth

ELLIPSIS = "…"


def cols(text):
    """The columns `text` takes (a control character, which wcwidth cannot place, none)."""
    n = wcwidth.wcswidth(text)
    return n if n >= 0 else sum(max(wcwidth.wcwidth(c), 0) for c in text)


def cut(line, width):
    """`line` in at most `width` columns: as it is, or cut with … ."""
    if cols(line) <= width:
        return line
    return _head(line, max(0, width - 1)) + ELLIPSIS


def wrap(line, width):
    """`line` over lines of at most `width` columns, broken between words (a word wider than that,
    or a run of CJK, which has no spaces, where it must)."""
    if cols(line) == len(line):   # one column a character: the standard library's wrap, as it was
        return textwrap.wrap(line, width, break_on_hyphens=False) or [""]
    lines, current = [], ""
    for word in line.split():
        joined = f"{current} {word}" if current else word
        if cols(joined) <= width:
            current = joined
            continue
        if current:
            lines.append(current)
        while cols(word) > width:
            head = _head(word, width) or word[0]
            lines.append(head)
            word = word[len(head):]
        current = word
    return lines + [current] if current or not lines else lines


def _head(text, width):
    """The longest start of `text` that takes at most `width` columns."""
    used = 0
    for i, ch in enumerate(text):
        used += max(wcwidth.wcwidth(ch), 0)
        if used > width:
            return text[:i]
    return text
