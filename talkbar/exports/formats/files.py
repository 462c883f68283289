"""The file formats: each turns a session document (talkbar/exports/content.py) into one file.

`render(format, doc, audio=None)` -> bytes; `archive_entries(doc, audio_name)` lists what a zip holds.
Audio is never rendered: delivery copies it beside the file (or into the zip) when selected.
"""

from dataclasses import dataclass

from talkbar.exports.formats import archive, markdown, subtitles, text, web


@dataclass(frozen=True)
class Format:
    extension: str
    write: object  # doc -> str


FORMATS = {
    "txt": Format(".txt", text.txt),
    "markdown": Format(".md", markdown.markdown),
    "obsidian": Format(".md", markdown.obsidian),
    "notionMarkdown": Format(".md", markdown.notion_markdown),
    "html": Format(".html", web.html),
    "json": Format(".json", web.json_text),
    "srt": Format(".srt", subtitles.srt),
    "vtt": Format(".vtt", subtitles.vtt),
    "zip": Format(".zip", None),
}


def render(fmt, doc, audio=None):
    """The file's bytes. `audio` is (name, bytes) to put into a zip."""
    if fmt == "zip":
        named = [(name, body.encode("utf-8")) for name, body in archive.entries(doc)]
        if audio is not None:
            named.append(audio)
        return archive.build(named, doc["startedAtMs"])
    return FORMATS[fmt].write(doc).encode("utf-8")


def archive_entries(fmt, doc, audio_name=None):
    if fmt != "zip":
        return []
    return archive.names(doc) + ([audio_name] if audio_name else [])
