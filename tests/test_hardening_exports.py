"""Exports (issue 17, groups 6 to 8): a file holds the summary exports.preview shows, for every
format; html renders the Markdown of summaries and notes with raw HTML off; Notion's 429 is waited
out as Notion documents; bidirectional controls never reach a file name."""

import io
import json
import re
import zipfile
from pathlib import Path

import html5lib
import pytest

from test_exports_formats import deliver_each
from test_exports_notion import S1, S2, NotionStandIn, _run, notion_setup


# These tests are about what the operations do, not the process around them: tb and demo run
# their tools/app commands in this process (conftest.InProcessCLI).
pytestmark = pytest.mark.commands_in_process


MAIN = "Main text: the renewal budget stays flat for the whole of 2027."
SECTION = "Budget planning may slip if procurement waits for the board."
NOTE_MD = ("## Plan\n\n- Budget planning\n- Hiring **two** engineers\n\n<script>alert('x')</script>\n\n"
           "[click](javascript:alert(1)) and [site](https://example.com/a)\n")
FILE_FORMATS = ("txt", "markdown", "obsidian", "notionMarkdown", "html", "json", "zip")


def _workspace(demo_doc, title=None):
    """The demo with S1's shown summary made of a main text and a section the text does not hold,
    and a Markdown note filed under S1."""
    doc = json.loads(json.dumps(demo_doc))
    ws = doc["workspaces"][0]
    [session] = [s for s in ws["sessions"] if s["sessionId"] == S1]
    [shown] = [x for x in session["summaries"] if x["selected"]]
    shown["text"] = MAIN
    shown["sections"] = [{"key": "risks", "title": "Risks", "text": SECTION}]
    if title is not None:
        [other] = [s for s in ws["sessions"] if s["sessionId"] == S2]
        other["title"] = title
    note = dict(ws["notes"][0])
    note.update({"noteId": "note-hardening", "title": "Plan note", "markdown": NOTE_MD, "ownerSessionId": None,
                 "sessionIds": [S1], "projectId": None, "topicIds": [], "trashedAt": None,
                 "hasEmbeddedContent": False, "pinned": False})
    ws["notes"].append(note)
    return doc


def _words(text):
    return " ".join(re.findall(r"\w+", text))


def _file_text(fmt, path):
    data = path.read_bytes()
    if fmt == "html":
        tree = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False).parse(data)
        return " ".join(tree.find("body").itertext())
    if fmt == "zip":
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            return zf.read("summary.md").decode("utf-8")
    return data.decode("utf-8")


def _deliver(t, tmp_path, selection):
    """-> (the summary exports.preview shows, {format: the file written})."""
    preview, _ = deliver_each(t, tmp_path / "out", FILE_FORMATS, selection, layout="flat")
    locations = {o["destinationId"][5:]: Path(o["location"]) for o in preview["outputs"]}
    return preview["sessions"][0]["summary"], locations


@pytest.mark.parametrize("keys", [None, ["risks"]], ids=["whole", "one-section"])
def test_every_file_format_holds_the_summary_the_preview_shows(tb, tmp_path, demo_doc, keys):
    tb.holding(_workspace(demo_doc))
    selection = {"notes": True, **({"summarySectionKeys": keys} if keys else {})}
    summary, files = _deliver(tb, tmp_path, selection)
    shown = [summary["text"]] + [x["text"] for x in summary["sections"] if x["text"] not in summary["text"]]
    assert (MAIN in summary["text"]) == (keys is None) and SECTION in "".join(shown)
    for fmt, path in files.items():
        if fmt == "json":
            assert json.loads(path.read_text(encoding="utf-8"))["summary"] == summary
            continue
        text = _words(_file_text(fmt, path))
        for piece in shown:
            assert _words(piece) in text, (fmt, piece)
        assert (_words(MAIN) in text) == (keys is None), fmt


def test_html_renders_markdown_and_keeps_raw_html_and_scripts_out(tb, tmp_path, demo_doc):
    tb.holding(_workspace(demo_doc))
    _, files = _deliver(tb, tmp_path, {"notes": True, "transcript": False})
    tree = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False).parse(files["html"].read_bytes())
    [article] = [a for a in tree.iter("article") if a.find("h3").text == "Plan note"]
    assert [h.text for h in article.iter("h5")] == ["Plan"]   # moved down as in the markdown format
    assert ["".join(li.itertext()) for li in article.iter("li")] == ["Budget planning", "Hiring two engineers"]
    assert [s.text for s in article.iter("strong")] == ["two"]
    assert not list(tree.iter("script"))
    assert "<script>alert('x')</script>" in "".join(article.itertext())  # shown as text
    assert [a.get("href") for a in article.iter("a")] == ["https://example.com/a"]
    summary = tree.find(".//section[@id='summary']")
    assert [p.text for p in summary.iter("p")] == [MAIN, SECTION]


def test_bidi_controls_never_reach_a_file_name(tb, tmp_path, demo_doc):
    tb.holding(_workspace(demo_doc, title="Invoice \u202eexe.txt"))
    tb.ok("exports.destination.save", {"destinationId": "dest-md", "name": "md", "format": "markdown",
                                       "location": str(tmp_path / "md"), "enabled": True, "layout": "flat"})
    batch = tb.ok("exports.enqueue", {"sessionIds": [S2], "destinationIds": ["dest-md"]})
    [delivery] = _run(tb, batch["batchId"])["deliveries"]
    [written] = (tmp_path / "md").iterdir()
    assert written.name.endswith(" Invoice exe.txt.md") and delivery["location"] == str(written)
    assert not re.search("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]", written.name)


class RateLimited(NotionStandIn):
    """Notion answering 429 to the first page creations, with the Retry-After values given."""

    def __init__(self, waits):
        super().__init__()
        self.waits = list(waits)

    def answer(self, method, path, body, headers):
        if method == "POST" and self.waits:
            wait = self.waits.pop(0)
            return 429, {"object": "error", "status": 429, "code": "rate_limited",
                         "message": "You have been rate limited."}, ({} if wait is None else {"Retry-After": wait})
        return super().answer(method, path, body, headers)


def test_notion_429_is_waited_out_then_the_page_is_made(demo):
    with RateLimited(["1", "0"]) as stand_in:
        notion_setup(demo, stand_in)
        batch = demo.ok("exports.enqueue", {"sessionIds": [S2], "destinationIds": ["dest-notion"]})
        [delivery] = _run(demo, batch["batchId"])["deliveries"]
    assert delivery["status"] == "exported", delivery
    posts = [r for r in stand_in.requests if r["method"] == "POST"]
    assert len(posts) == 3 and len(stand_in.pages) == 1   # two refused, the third made the page
    assert posts[0]["body"] == posts[2]["body"]


def test_a_retry_after_longer_than_talkbar_waits_needs_attention(demo):
    with RateLimited(["3600"]) as stand_in:
        notion_setup(demo, stand_in)
        batch = demo.ok("exports.enqueue", {"sessionIds": [S2], "destinationIds": ["dest-notion"]})
        [delivery] = _run(demo, batch["batchId"])["deliveries"]
    assert delivery["status"] == "needsAttention"
    assert delivery["error"].startswith("Notion answered 429 to POST /v1/pages: You have been rate limited.")
    assert [r["method"] for r in stand_in.requests if r["method"] == "POST"] == ["POST"]
