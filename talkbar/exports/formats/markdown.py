"""Markdown in three flavours, one writer:

markdown        metadata as a list, then summary, action items, notes, bookmarks, transcript
obsidian        the same body under YAML front-matter properties (title, date, participants, ...)
notionMarkdown  metadata as a two-column table, which Notion's Markdown import keeps as a table
"""

import json
import re

from talkbar.exports.formats import common

_HEADING = re.compile(r"^(#{1,6})(\s)")


def _unfenced(text):
    """(line, outside a code fence?) for each line of `text`."""
    fenced = False
    for line in text.strip().splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
            yield line, False
        else:
            yield line, not fenced


def demote(text, levels):
    """Embedded Markdown (a note, a summary) with its headings moved below the document's own."""
    return "\n".join(_HEADING.sub(lambda m: "#" * min(6, len(m.group(1)) + levels) + m.group(2), line)
                     if plain else line for line, plain in _unfenced(text))


def demote_to(text, level):
    """`text` with its top heading at `level` (a summary's `## Overview` under `## Summary` is ###)."""
    tops = [len(m.group(1)) for line, plain in _unfenced(text) if plain for m in [_HEADING.match(line)] if m]
    return demote(text, max(0, level - min(tops))) if tops else text.strip()


def _body(doc):
    out = []
    if doc["summary"] is not None:
        out.append("## Summary\n")
        out.extend(f"### {title}\n\n{demote(text, 3)}\n" if title else f"{demote_to(text, 3)}\n"
                   for title, text in common.summary_sections(doc))
    if doc["outcomes"] is not None:
        out.append("## Action items\n")
        for item in doc["outcomes"]:
            box = "" if item["itemType"] == "decision" else ("[x] " if common.is_done(item) else "[ ] ")
            out.append(f"- {box}{common.outcome_line(item)}")
        out.append("")
    if doc["notes"] is not None:
        out.append("## Notes\n")
        for note in doc["notes"]:
            out.append(f"### {common.note_title(note)}\n\n{demote(note['markdown'], 3)}\n")
    if doc["markers"] is not None:
        out.append("## Bookmarks\n")
        out.extend(f"- {common.marker_line(m)}" for m in doc["markers"])
        out.append("")
    if doc["transcript"] is not None:
        out.append("## Transcript\n")
        for t in doc["transcript"]:
            out.append(f"**[{common.clock(t['startMs'])}] {t['speaker']}:** {t['text']}\n")
    return "\n".join(out)


def markdown(doc):
    meta = "".join(f"- **{k}:** {v}\n" for k, v in common.metadata_pairs(doc))
    return f"# {doc['title']}\n\n" + (meta + "\n" if meta else "") + _body(doc)


def notion_markdown(doc):
    rows = common.metadata_pairs(doc)
    table = ""
    if rows:
        table = "| Property | Value |\n| --- | --- |\n" + "".join(
            f"| {k} | {_cell(v)} |\n" for k, v in rows) + "\n"
    return f"# {doc['title']}\n\n" + table + _body(doc)


def _cell(text):
    return text.replace("|", "\\|").replace("\n", " ")


# ---------------------------------------------------------------------- Obsidian
_YAML_PRINTABLE = ((0x20, 0x7E), (0xA0, 0xD7FF), (0xE000, 0xFFFD), (0x10000, 0x10FFFF))


def yaml_str(text):
    """A double-quoted YAML scalar: JSON's quoting, plus escapes for what YAML may not hold raw."""
    quoted = json.dumps(text, ensure_ascii=False)
    return "".join(c if c in "\t\n\r" or any(lo <= ord(c) <= hi for lo, hi in _YAML_PRINTABLE)
                   else f"\\u{ord(c):04x}" for c in quoted)


def _property(key, value):
    if isinstance(value, list):
        if not value:
            return f"{key}: []\n"
        return f"{key}:\n" + "".join(f"  - {yaml_str(v)}\n" for v in value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f"{key}: {value}\n"
    return f"{key}: {yaml_str(value)}\n"


def properties(doc):
    props = {"title": doc["title"], "date": common.date(doc["startedAtMs"]), "session_id": doc["sessionId"]}
    m = doc["metadata"]
    if m is not None:
        props.update({"started": common.iso(m["startedAtMs"]), "ended": common.iso(m["endedAtMs"]),
                      "duration_minutes": round(m["durationMs"] / 60000) if m["durationMs"] is not None else None,
                      "project": m["projectName"], "series": m["seriesName"],
                      "participants": m["participants"], "keywords": m["keywords"]})
    props["source"] = "TalkBar"
    return {k: v for k, v in props.items() if v is not None}


def obsidian(doc):
    front = "---\n" + "".join(_property(k, v) for k, v in properties(doc).items()) + "---\n\n"
    return front + f"# {doc['title']}\n\n" + _body(doc)
