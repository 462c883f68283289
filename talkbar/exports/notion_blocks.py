"""A session document as the blocks of a Notion page (pure). Notion limits a rich-text object to
2,000 characters, so long text is split over several objects of one block."""

from talkbar.exports.formats import common

TEXT_LIMIT = 2000


def rich(text, bold=False):
    out = []
    for i in range(0, max(len(text), 1), TEXT_LIMIT):
        item = {"type": "text", "text": {"content": text[i:i + TEXT_LIMIT]}}
        if bold:
            item["annotations"] = {"bold": True}
        out.append(item)
    return out


def block(kind, text="", bold_prefix=None, **extra):
    parts = (rich(bold_prefix, bold=True) if bold_prefix else []) + rich(text)
    return {"object": "block", "type": kind, kind: {"rich_text": parts, **extra}}


def _text_blocks(text):
    """Markdown-ish text: `- ` lines become bullets, other non-empty lines paragraphs."""
    out = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if line.startswith(("- ", "* ")):
            out.append(block("bulleted_list_item", line[2:]))
        elif line.startswith("#"):
            out.append(block("heading_3", line.lstrip("#").strip()))
        else:
            out.append(block("paragraph", line))
    return out


def blocks(doc):
    out = [block("paragraph", v, bold_prefix=f"{k}: ") for k, v in common.metadata_pairs(doc)]
    if doc["summary"] is not None:
        out.append(block("heading_2", "Summary"))
        for title, text in common.summary_sections(doc):
            if title:
                out.append(block("heading_3", title))
            out.extend(_text_blocks(text))
    if doc["outcomes"] is not None:
        out.append(block("heading_2", "Action items"))
        for item in doc["outcomes"]:
            if item["itemType"] == "decision":
                out.append(block("bulleted_list_item", common.outcome_line(item)))
            else:
                out.append(block("to_do", common.outcome_line(item), checked=common.is_done(item)))
    if doc["notes"] is not None:
        out.append(block("heading_2", "Notes"))
        for note in doc["notes"]:
            out.append(block("heading_3", common.note_title(note)))
            out.extend(_text_blocks(note["markdown"]))
    if doc["markers"] is not None:
        out.append(block("heading_2", "Bookmarks"))
        out.extend(block("bulleted_list_item", common.marker_line(m)) for m in doc["markers"])
    if doc["transcript"] is not None:
        out.append(block("heading_2", "Transcript"))
        out.extend(block("paragraph", t["text"], bold_prefix=f"[{common.clock(t['startMs'])}] {t['speaker']}: ")
                   for t in doc["transcript"])
    return out
