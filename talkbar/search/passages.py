"""What is indexed of each item, as passages: (field, part, t_ms, text).

Field 0 is the item's name, field 1 its own text, field 2 its indexed content: a transcript turn
(indexed by index.index_turns or in bulk) or a piece of a document's extracted text, cut at
paragraph ends into pieces of about PIECE characters whose locator is `chars:<from>-<to>`.
"""

import re

from talkbar import sqlfiles

KINDS = ("session", "note", "document", "chat", "action_item", "project", "series", "person", "company", "memory")
OWN, ALL = [0, 1], [0, 1, 2]   # the fields an item's own passages are in (a document's content too)
SESSIONS_AT_ONCE = 5_000       # sessions (titles, summaries) read per batch when all of them are

# the text of each kind of item, as indexed (sql/search/sources.sql)
SOURCES = {
    "session": "search.source.session", "note": "search.source.note", "document": "search.source.document",
    "chat": "search.source.chat", "action_item": "search.source.action_item",
    "project": "search.source.project", "series": "search.source.series", "person": "search.source.person",
    "company": "search.source.company", "memory": "search.source.memory",
}
PIECE = 700
_PARA = re.compile(r"\n\s*\n")


def fields(kind):
    """The fields one kind's items hold passages in, besides the transcript turns."""
    return ALL if kind == "document" else OWN


def sources(cur, workspace_id, kind, ids=None):
    """The indexed text of these items of one kind (ids None: all of the workspace), as batches of
    rows; all of a workspace's sessions come SESSIONS_AT_ONCE at a time, so that what one batch
    holds does not grow with the archive."""
    if ids is None and kind == "session":
        for r in sqlfiles.call(cur, "search.bulk.session_ranges", workspace_id=workspace_id, sessions=SESSIONS_AT_ONCE):
            yield sqlfiles.call(cur, "search.source.session", workspace_id=workspace_id, ids=None,
                                first_no=r["first_no"], last_no=r["last_no"])
        return
    yield sqlfiles.call(cur, SOURCES[kind], workspace_id=workspace_id, ids=ids)


def turn_text(speaker, body):
    """A turn's passage: who spoke, then what they said (so "what did Dana say" finds Dana's turns)."""
    return f"{speaker}: {body}" if speaker else body   # as tb_turn_passage (migration 1260) in SQL


def own_text(kind, row):
    """The item's own text as one string (for a session: summary, sections not already in it, keywords)."""
    if kind == "session":
        summaries = [s for s in (row["summaries"] or []) if s]
        joined = "\n\n".join(summaries)
        extra = [s for s in (row["sections"] or []) if s and s not in joined]
        return "\n\n".join(summaries + extra + [", ".join(row["keywords"] or [])])
    return "\n\n".join(b for b in (row["body"] or []) if b)


def pieces(body):
    """(from, to) character ranges of a document's text, cut at paragraph ends."""
    out, start, n = [], 0, len(body)
    while start < n:
        end = min(n, start + PIECE)
        if end < n:
            brk = None
            for m in _PARA.finditer(body, start + PIECE // 3, min(n, start + 2 * PIECE)):
                brk = m.end()
                break
            if brk is None:
                space = body.rfind(" ", start + PIECE // 2, end)
                brk = space + 1 if space > start else end
            end = brk
        out.append((start, end))
        start = end
    return out


def of(kind, row):
    """The passages of one item (a passage without a single term is left out by the writer)."""
    yield 0, "title", None, row["title"] or ""
    yield 1, "body", None, own_text(kind, row)
    if kind == "document" and row.get("content"):
        body = row["content"]
        for a, b in pieces(body):
            yield 2, f"chars:{a}-{b}", None, body[a:b]


def wanted(kind, rows, numbers):
    """The passages these items should hold, {(item_no, field, part): (text, t_ms)}, their numbers
    by id in `numbers` (one without a single term is left out by the writer)."""
    out = {}
    for row in rows:
        item_no = numbers[row["id"]]
        for field, part, t_ms, body in of(kind, row):
            out[(item_no, field, part)] = (body, t_ms)
    return out
