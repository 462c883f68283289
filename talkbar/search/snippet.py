"""Snippets: a short piece of text centred on the first word that matched, with … where cut."""

import re

from talkbar.search import text

WIDTH = 160
_SPACE = re.compile(r"\s+")
_MARKUP = re.compile(r"(?:(?<=\s)|^)(?:#{1,6}|[-*+>]|\d+\.)(?=\s)|\*\*|__|`")


def plain(body):
    """Markdown and line breaks read as plain running text."""
    return _SPACE.sub(" ", _MARKUP.sub(" ", body or "")).strip()


def cut(body, terms, width=WIDTH):
    """`body` cut to about `width` characters around its first match (or its start)."""
    body = plain(body)
    if len(body) <= width:
        return body
    found, body = text.first_span(body, terms)
    centre = found[0] if found else 0
    start = max(0, centre - width // 3)
    end = min(len(body), start + width)
    start = max(0, end - width)
    if start > 0:
        space = body.find(" ", start, centre) if centre > start else -1
        start = space + 1 if space >= 0 else start
    if end < len(body):
        space = body.rfind(" ", max(start, centre), end)
        end = space if space > start else end
    return ("…" if start > 0 else "") + body[start:end].strip() + ("…" if end < len(body) else "")


def for_query(body, query, width=WIDTH):
    """A list filter's snippet (e.g. notes.list matchSnippet): `body` around the query's first word."""
    return cut(body, text.query_terms(query or ""), width)


def has_match(body, terms):
    return bool(body) and text.first_span(body, terms)[0] is not None
