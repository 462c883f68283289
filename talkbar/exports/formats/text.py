"""Plain text: headings underlined, the transcript one `[HH:MM:SS] Speaker: text` line per turn."""

from talkbar.exports.formats import common


def _heading(title, rule="-"):
    return f"{title}\n{rule * max(3, len(title))}\n"


def txt(doc):
    out = [_heading(doc["title"], "=")]
    pairs = common.metadata_pairs(doc)
    if pairs:
        out.append("".join(f"{k}: {v}\n" for k, v in pairs))
    if doc["summary"] is not None:
        out.append(_heading("SUMMARY"))
        out.extend(f"{title}\n{text.strip()}\n" if title else f"{text.strip()}\n"
                   for title, text in common.summary_sections(doc))
    if doc["outcomes"] is not None:
        out.append(_heading("ACTION ITEMS"))
        out.append("".join(f"- {common.outcome_line(i)}\n" for i in doc["outcomes"]))
    if doc["notes"] is not None:
        out.append(_heading("NOTES"))
        out.extend(f"{common.note_title(n)}\n{n['markdown'].strip()}\n" for n in doc["notes"])
    if doc["markers"] is not None:
        out.append(_heading("BOOKMARKS"))
        out.append("".join(f"- {common.marker_line(m)}\n" for m in doc["markers"]))
    if doc["transcript"] is not None:
        out.append(_heading("TRANSCRIPT"))
        out.append("".join(common.turn_line(t) + "\n" for t in doc["transcript"]))
    return "\n".join(out)
