"""Tables for people: at most as wide as their terminal.

Piped (no width), a table is tabulate's "simple" table exactly as before, whatever its width:
scripts read it. On a terminal, the columns that may give way (`flex`, default all) are narrowed,
the widest first, until the table fits; their cells are cut with … or, with `wrap`, wrapped over
several lines. When a narrowed column would fall below `min_flex` characters, each row is shown as
a record instead, one `Header  value` line per column, values wrapped, records apart — the way
psql's expanded display does it. `style(column, text)` dresses each visible piece of a cell
afterwards (search's highlighting), so that colour codes never count towards a width.
"""

from talkbar.cli.columns import cols, cut, wrap as wrapped

GAP = 2           # tabulate's "simple" format puts two spaces between columns
HEADER_PAD = 2    # and makes each column at least its header + 2 wide


def render(rows, headers, width=None, flex=None, wrap=False, min_flex=0, style=None):
    if width is None:
        return _tabulate(rows, headers)
    rows = [["" if cell is None else str(cell) for cell in row] for row in rows]
    flex = range(len(headers)) if flex is None else flex
    natural = [max([cols(h) + HEADER_PAD] + [_longest_line(row[i]) for row in rows]) for i, h in enumerate(headers)]
    widths = fitted_widths(natural, width, flex)
    if widths is None or any(widths[i] < min(min_flex, natural[i]) for i in flex):
        return _records(rows, headers, width, style)
    shown = [[_dress(fit_cell(cell, widths[i], wrap), i, style) for i, cell in enumerate(row)] for row in rows]
    return _tabulate(shown, [fit_cell(h, max(1, widths[i] - HEADER_PAD), False) for i, h in enumerate(headers)])


def fitted_widths(natural, width, flex):
    """Each column's width so that the table is at most `width` wide, from the columns' natural
    widths: the flexible columns share what the others leave, the widest giving way first. None if
    that leaves them too little to show a character under a header cut to one."""
    room = width - GAP * (len(natural) - 1) - sum(w for i, w in enumerate(natural) if i not in flex)
    flexible = sorted(natural[i] for i in flex)
    if sum(flexible) <= room:
        return natural
    cap = _cap(flexible, room)
    if cap < HEADER_PAD + 1:
        return None
    return [min(w, cap) if i in flex else w for i, w in enumerate(natural)]


def _cap(sorted_widths, room):
    """The largest cap c with sum(min(w, c)) <= room (water-filling from the widest down)."""
    left, n = room, len(sorted_widths)
    for k, w in enumerate(sorted_widths):
        share = left // (n - k)
        if w > share:
            return share
        left -= w
    return sorted_widths[-1] if sorted_widths else 0


def _longest_line(text):
    return max((cols(line) for line in text.split("\n")), default=0)


def fit_cell(text, width, wrap):
    """`text` in `width` columns (talkbar/cli/columns.py): wrapped over lines, or cut with an ellipsis."""
    out = []
    for line in text.split("\n"):
        if cols(line) <= width:
            out.append(line)
        elif wrap:
            out.extend(wrapped(line, width))
        else:
            out.append(cut(line, width))
    return "\n".join(out)


def _dress(text, column, style):
    if style is None:
        return text
    return "\n".join(style(column, line) for line in text.split("\n"))


def _records(rows, headers, width, style):
    """Each row as `Header  value` lines, values wrapped to the rest of the width."""
    label = max(cols(h) for h in headers)
    room = max(1, width - label - GAP)
    blocks = []
    for row in rows:
        lines = []
        for i, (header, cell) in enumerate(zip(headers, row)):
            pieces = fit_cell(cell, room, wrap=True).split("\n")
            for n, piece in enumerate(pieces):
                lead = header + " " * (label - cols(header)) if n == 0 else " " * label
                lines.append((lead + " " * GAP + _dress(piece, i, style)).rstrip())
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def _tabulate(rows, headers):
    from tabulate import tabulate  # only table output pays for it
    return tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True)
