"""zip: an archive holding one file per selected part (and the audio, when there is one)."""

import io
import json
import zipfile

from talkbar.exports.formats import common, markdown, subtitles, text


def _markdown_part(doc, part):
    """The Markdown of one part alone: the document with every other part left out."""
    keep = {k: (doc[k] if k == part else None) for k in ("summary", "outcomes", "notes", "markers", "transcript")}
    return markdown.markdown({**doc, **keep, "metadata": None})


def _parts(doc):
    """[(name inside the archive, fn() -> its text)] for the parts the selection holds, in order."""
    out = []
    if doc["metadata"] is not None:
        out.append(("metadata.json", lambda: json.dumps({"sessionId": doc["sessionId"], "title": doc["title"],
                                                         **doc["metadata"]}, ensure_ascii=False, indent=2) + "\n"))
    for part, name in (("summary", "summary.md"), ("outcomes", "action-items.md"), ("notes", "notes.md"),
                       ("markers", "bookmarks.md")):
        if doc[part] is not None:
            out.append((name, lambda part=part: _markdown_part(doc, part)))
    if doc["transcript"] is not None:
        only = {**doc, "metadata": None, "summary": None, "outcomes": None, "notes": None, "markers": None}
        out += [("transcript.txt", lambda: text.txt(only)), ("transcript.srt", lambda: subtitles.srt(doc)),
                ("transcript.vtt", lambda: subtitles.vtt(doc))]
    return out


def names(doc):
    """The names entries() would give, without writing the parts."""
    return [name for name, _ in _parts(doc)]


def entries(doc):
    """[(name inside the archive, text)] for the parts the selection holds."""
    return [(name, write()) for name, write in _parts(doc)]


def build(named_bytes, started_at_ms):
    """The archive's bytes; entries dated by the session's start so the same content is the same archive."""
    stamp = common.utc(started_at_ms).timetuple()[:6]
    stamp = (max(1980, stamp[0]),) + stamp[1:]
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in named_bytes:
            info = zipfile.ZipInfo(name, date_time=stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data)
    return buf.getvalue()
