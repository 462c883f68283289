"""Every file format delivered for real and read back by a parser or validator: HTML parsed
strictly (html5lib), JSON loaded, the zip opened and tested, SubRip cues parsed (srt) and WebVTT
cues parsed (webvtt-py), Obsidian front-matter parsed as YAML; Markdown, notionMarkdown and txt
checked line by line. The notion format has its own tests (test_exports_notion.py)."""

import io
import json
import re
import zipfile
from datetime import timedelta
from pathlib import Path

import html5lib
import pytest
import srt
import webvtt
import yaml

from test_exports_notion import S1, WS

FILE_FORMATS = ("txt", "markdown", "obsidian", "notionMarkdown", "html", "json", "srt", "vtt", "zip")
SELECTION = {"notes": True, "outcomes": True, "markers": True}
TITLE = "Pricing review with Acme Logistics"


def deliver_each(t, out, formats, selection, layout="project"):
    """S1 previewed, then delivered, to one destination of each format (`dest-<format>`, under
    out/<format>); every delivery exported. -> (the preview, the finished batch)."""
    calls = [{"tool": "exports.destination.save",
              "args": {"destinationId": f"dest-{f}", "name": f, "format": f, "location": str(out / f),
                       "enabled": True, "layout": layout}} for f in formats]
    dests = [f"dest-{f}" for f in formats]
    for tool in ("exports.preview", "exports.enqueue"):
        calls.append({"tool": tool, "args": {"sessionIds": [S1], "destinationIds": dests, "selection": selection}})
    code, answers = t.batch(calls)
    assert code == 0, answers
    preview, batch = answers[-2]["result"], answers[-1]["result"]
    assert not out.exists(), "a preview writes nothing"
    r = t.run("exports", "run", "--workspace", WS, "--batch", batch["batchId"], "--wait")
    assert r.code == 0, r
    done = json.loads(r.stdout)
    assert done["status"] == "exported" and [d["status"] for d in done["deliveries"]] == ["exported"] * len(formats)
    return preview, done


@pytest.fixture(scope="module")
def delivered(tmp_path_factory, demo_template):
    """One session delivered to one destination of each file format; {format: (path, preview output)}."""
    import shutil

    from conftest import TB
    base = tmp_path_factory.mktemp("formats")
    shutil.copytree(demo_template, base / "root")
    t = TB(base / "root")
    preview, done = deliver_each(t, base / "out", FILE_FORMATS, SELECTION)
    outputs = {o["destinationId"][5:]: o for o in preview["outputs"]}
    for d in done["deliveries"]:
        assert d["location"] == outputs[d["destinationId"][5:]]["location"]
    return {f: (Path(outputs[f]["location"]), outputs[f]) for f in FILE_FORMATS}, preview["sessions"][0]


def _turns(session):
    return session["transcript"]


def test_files_land_in_the_project_folder_under_date_and_title(delivered):
    files, _ = delivered
    for fmt, (path, _) in files.items():
        assert path.is_file(), fmt
        assert path.parent.name == "Acme Logistics — pricing & renewal"
        assert path.name.startswith(f"2026-10-06 {TITLE}.")


def test_html_is_one_valid_escaped_page(delivered):
    (path, _), session = delivered[0]["html"], delivered[1]
    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
    tree = parser.parse(path.read_bytes())
    assert tree.find("head/title").text == TITLE
    assert [h.text for h in tree.iter("h2")] == ["Summary", "Action items", "Notes", "Bookmarks", "Transcript"]
    body = path.read_text(encoding="utf-8")
    assert "Acme&#x27;s" in body or "Acme&#39;s" in body  # apostrophes of the summary escaped
    assert len(tree.findall(".//section[@id='transcript']/p")) == len(_turns(session))


def test_json_is_one_document_with_stable_keys(delivered):
    (path, _), session = delivered[0]["json"], delivered[1]
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert list(doc) == ["format", "sessionId", "title", "startedAtMs", "endedAtMs", "metadata", "summary",
                         "outcomes", "notes", "markers", "transcript"]
    assert doc["format"] == "talkbar-export/1" and doc["sessionId"] == S1 and doc["title"] == TITLE
    assert doc["transcript"] == session["transcript"] and doc["summary"] == session["summary"]
    assert doc["outcomes"] == session["outcomes"] and doc["metadata"] == session["metadata"]


def _ms(td):
    return td // timedelta(milliseconds=1)


def test_srt_cues_parse_with_numbering_and_times_from_turns(delivered):
    (path, _), session = delivered[0]["srt"], delivered[1]
    text = path.read_text(encoding="utf-8")
    cues = list(srt.parse(text, ignore_errors=False))
    turns = _turns(session)
    assert [c.index for c in cues] == list(range(1, len(turns) + 1))
    assert [(_ms(c.start), _ms(c.end)) for c in cues] == [(t["startMs"], t["endMs"]) for t in turns]
    assert cues[0].content == f"{turns[0]['speaker']}: {turns[0]['text']}"
    assert re.search(r"^\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}$", text, re.M)


def test_vtt_cues_parse_with_times_from_turns(delivered):
    (path, _), session = delivered[0]["vtt"], delivered[1]
    captions = webvtt.read(str(path))
    turns = _turns(session)
    assert len(captions) == len(turns)
    assert [(c.start, c.end) for c in captions[:2]] == [
        (_stamp(t["startMs"]), _stamp(t["endMs"])) for t in turns[:2]]
    assert captions[0].voice == turns[0]["speaker"]
    assert captions[0].text == turns[0]["text"]
    assert [c.identifier for c in captions][:3] == ["1", "2", "3"]


def _stamp(ms):
    return f"{ms // 3600000:02d}:{ms % 3600000 // 60000:02d}:{ms % 60000 // 1000:02d}.{ms % 1000:03d}"


def test_zip_holds_the_selected_files(delivered):
    (path, output) = delivered[0]["zip"]
    with zipfile.ZipFile(path) as zf:
        assert zf.testzip() is None
        names = zf.namelist()
        assert names == output["archiveEntries"] == [
            "metadata.json", "summary.md", "action-items.md", "notes.md", "bookmarks.md",
            "transcript.txt", "transcript.srt", "transcript.vtt"]
        assert json.loads(zf.read("metadata.json"))["sessionId"] == S1
        assert list(srt.parse(zf.read("transcript.srt").decode()))
        webvtt.from_buffer(io.StringIO(zf.read("transcript.vtt").decode()))


def test_obsidian_front_matter_is_yaml_properties(delivered):
    (path, _), session = delivered[0]["obsidian"], delivered[1]
    text = path.read_text(encoding="utf-8")
    assert text.startswith("---\n")
    front, body = text[4:].split("\n---\n", 1)
    props = yaml.safe_load(front)
    meta = session["metadata"]
    assert props["title"] == TITLE and props["session_id"] == S1 and props["date"] == "2026-10-06"
    assert props["participants"] == meta["participants"] and props["keywords"] == meta["keywords"]
    assert props["project"] == meta["projectName"] and props["source"] == "TalkBar"
    assert body.lstrip().startswith(f"# {TITLE}")


def test_markdown_has_sections_transcript_with_times_and_speakers(delivered):
    (path, _), session = delivered[0]["markdown"], delivered[1]
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == f"# {TITLE}"
    assert [l for l in lines if l.startswith("## ")] == [
        "## Summary", "## Action items", "## Notes", "## Bookmarks", "## Transcript"]
    assert [l[4:] for l in lines if l.startswith("### ")][:2] == [s["title"] for s in session["summary"]["sections"]][:2]
    spoken = [l for l in lines if re.match(r"^\*\*\[\d\d:\d\d:\d\d\] [^*]+:\*\* ", l)]
    assert len(spoken) == len(_turns(session))
    assert any(l.startswith("- [x] Task: ") for l in lines)
    assert sum(l.startswith("- [00:") for l in lines) == len(session["markers"])


def test_notion_markdown_has_a_property_table(delivered):
    (path, _) = delivered[0]["notionMarkdown"]
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == f"# {TITLE}"
    assert lines[2:4] == ["| Property | Value |", "| --- | --- |"]
    assert lines[4].startswith("| Date | 2026-10-06 ")
    assert "## Transcript" in lines


def test_txt_has_every_turn_on_its_own_line(delivered):
    (path, _), session = delivered[0]["txt"], delivered[1]
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[:2] == [TITLE, "=" * len(TITLE)]
    turns = _turns(session)
    spoken = [l for l in lines if re.match(r"^\[\d\d:\d\d:\d\d\] ", l)]
    assert spoken[0] == f"[00:00:01] {turns[0]['speaker']}: {turns[0]['text']}"
    assert len(spoken) == len(turns)
