"""HTML (one escaped, self-contained page per session) and JSON (one document per session with a
fixed set of keys in a fixed order: a part left out of the selection is null).

Summaries and notes are Markdown, rendered by markdown-it-py (CommonMark) with raw HTML off: a
`<script>` in a note is shown as text, and links to javascript: or data: are not made links."""

import json
from functools import cache
from html import escape

from talkbar.exports.formats import common
from talkbar.exports.formats.markdown import demote, demote_to

JSON_FORMAT = "talkbar-export/1"

_STYLE = ("body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#222}"
          "dt{font-weight:600}dd{margin:0 0 .5rem}.t{color:#666;font-variant-numeric:tabular-nums}"
          "li.done{color:#666}")


_DONE = ' class="done"'


@cache
def _renderer():
    from markdown_it import MarkdownIt  # only an html export pays for it
    return MarkdownIt("commonmark", {"html": False})


def _markdown(text):
    return _renderer().render(text)


def _section(key, title, inner):
    return f'<section id="{key}"><h2>{title}</h2>{inner}</section>'


def html(doc):
    parts = []
    pairs = common.metadata_pairs(doc)
    meta = ("<dl>" + "".join(f"<dt>{escape(k)}</dt><dd>{escape(v)}</dd>" for k, v in pairs) + "</dl>") if pairs else ""
    if doc["summary"] is not None:
        parts.append(_section("summary", "Summary", "".join(
            f"<h3>{escape(t)}</h3>{_markdown(demote(x, 3))}" if t else _markdown(demote_to(x, 3))
            for t, x in common.summary_sections(doc))))
    if doc["outcomes"] is not None:
        items = "".join(f"<li{_DONE if common.is_done(i) else ''}>{escape(common.outcome_line(i))}</li>"
                        for i in doc["outcomes"])
        parts.append(_section("action-items", "Action items", f"<ul>{items}</ul>" if items else ""))
    if doc["notes"] is not None:
        parts.append(_section("notes", "Notes", "".join(
            f"<article><h3>{escape(common.note_title(n))}</h3>{_markdown(demote(n['markdown'], 3))}</article>"
            for n in doc["notes"])))
    if doc["markers"] is not None:
        items = "".join(f"<li>{escape(common.marker_line(m))}</li>" for m in doc["markers"])
        parts.append(_section("bookmarks", "Bookmarks", f"<ul>{items}</ul>" if items else ""))
    if doc["transcript"] is not None:
        parts.append(_section("transcript", "Transcript", "".join(
            f'<p><span class="t">[{common.clock(t["startMs"])}]</span> <b>{escape(t["speaker"])}:</b> '
            f'{escape(t["text"])}</p>' for t in doc["transcript"])))
    title = escape(doc["title"])
    return ('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{title}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n<main>\n"
            f"<header><h1>{title}</h1>{meta}</header>\n" + "\n".join(parts) + "\n</main>\n</body>\n</html>\n")


def document(doc):
    """The JSON export of one session, keys always present and in this order."""
    return {
        "format": JSON_FORMAT,
        "sessionId": doc["sessionId"],
        "title": doc["title"],
        "startedAtMs": doc["startedAtMs"],
        "endedAtMs": doc["endedAtMs"],
        "metadata": doc["metadata"],
        "summary": doc["summary"],
        "outcomes": doc["outcomes"],
        "notes": doc["notes"],
        "markers": doc["markers"],
        "transcript": doc["transcript"],
    }


def json_text(doc):
    return json.dumps(document(doc), ensure_ascii=False, indent=2) + "\n"
