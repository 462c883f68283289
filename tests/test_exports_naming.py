"""File names safe on Windows, macOS and Linux, whatever a title holds: hostile session titles and
project/series names exported for real stay inside the destination folder with valid names; and
the naming rules themselves, property-tested."""

import json
import os
import re
import unicodedata

from hypothesis import given, settings, strategies as st

from talkbar.exports import naming
import pytest


# These tests are about what the operations do, not the process around them: tb and demo run
# their tools/app commands in this process (conftest.InProcessCLI).
pytestmark = pytest.mark.commands_in_process


WS = "workspace-hostile"
HOSTILE = ["../../../etc/passwd", "..", "/absolute/path", "back\\slash\\..\\..", "C:\\Windows\\evil", "a:b*c?d\"e<f>g|h",
           "CON", "NUL", "com1", "LPT9.txt", "x" * 300, "😀🎉🚀" * 40, " . leading dots and spaces . ", "trailing dot.",
           ".hidden", "Ünïcödé — façade", "e\u0301 decomposed"]
FORBIDDEN = set('<>:"/\\|?*')
RESERVED = re.compile(r"^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$", re.IGNORECASE)


def _fixture():
    sessions = []
    for i, title in enumerate(HOSTILE):
        sessions.append({
            "sessionId": f"ses-hostile-{i:02d}", "title": title, "status": "complete",
            "startedAtMs": 1790000000000 + i * 86_400_000, "endedAtMs": 1790000600000 + i * 86_400_000,
            "projectId": "project-evil" if i % 2 else None, "seriesId": "series-evil" if i % 3 == 0 else None,
            "participants": [{"speakerId": "spk-1", "name": "../Mallory"}],
            "turns": [{"turnId": f"turn-{i}-1", "speakerId": "spk-1", "startMs": 1000, "endMs": 4000,
                       "text": "Nothing to see --> here"}],
        })
    return {"format": "talkbar-fixture/1", "workspaces": [{
        "workspaceId": WS, "name": "Hostile", "active": True,
        "projects": [{"projectId": "project-evil", "name": "../../outside/NUL"}],
        "series": [{"seriesId": "series-evil", "name": "..\\..\\CON:aux", "kind": "custom"}],
        "sessions": sessions}]}


def _valid_component(name):
    assert name and name not in (".", "..")
    assert not FORBIDDEN & set(name), name
    assert not any(ord(c) < 32 for c in name), name
    assert not RESERVED.match(name.split(".")[0].rstrip()) or "_" in name.split(".")[0], name
    assert not RESERVED.match(name), name
    assert not name.endswith((".", " ")) and not name.startswith("."), name
    assert len(name.encode("utf-8")) <= 255, name
    assert unicodedata.is_normalized("NFC", name), name


def test_hostile_titles_stay_inside_the_destination_with_valid_names(tb, tmp_path):
    r = tb.import_fixture(_fixture())
    assert r.code == 0, r
    dest = tmp_path / "exports" / "vault"
    ids = [f"ses-hostile-{i:02d}" for i in range(len(HOSTILE))]
    calls = [{"tool": "exports.destination.save", "args": {
        "workspaceId": WS, "destinationId": f"dest-{layout}", "name": layout, "format": "markdown",
        "location": str(dest / layout), "enabled": True, "layout": layout}}
        for layout in ("flat", "projectSeries", "series")]
    calls.append({"tool": "exports.enqueue", "args": {
        "workspaceId": WS, "sessionIds": ids, "destinationIds": ["dest-flat", "dest-projectSeries", "dest-series"],
        "selection": {"summary": False}}})
    code, out = tb.batch(calls)
    assert code == 0, out
    batch = out[-1]["result"]
    r = tb.run("exports", "run", "--workspace", WS, "--batch", batch["batchId"], "--wait")
    assert r.code == 0, r
    done = json.loads(r.stdout)
    assert {d["status"] for d in done["deliveries"]} == {"exported"}, done
    written = sorted(p for p in (tmp_path / "exports").rglob("*") if p.is_file())
    assert len(written) == len(ids) * 3
    assert {str(p) for p in written} == {d["location"] for d in done["deliveries"]}
    root = os.path.realpath(dest)
    for path in written:
        assert os.path.commonpath([root, os.path.realpath(path)]) == root
        for part in path.relative_to(dest).parts:
            _valid_component(part)
    assert not (tmp_path / "outside").exists() and not (tmp_path / "etc").exists()
    names = {p.name for p in written if p.parent == dest / "flat"}
    assert "2026-09-27 CON.md" in names  # reserved only alone: after the date it is an ordinary name
    assert "2026-09-22.md" in names  # the title ".." leaves the date alone
    assert any(n.startswith("2026-10-01 xxxx") and len(n.encode()) <= naming.MAX_BYTES + 3 for n in names)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=400))
def test_any_text_becomes_one_valid_component(text):
    name = naming.component(text)
    _valid_component(name)
    assert len(name.encode("utf-8")) <= naming.MAX_BYTES + 1
    assert os.sep not in name and (os.altsep is None or os.altsep not in name)


def test_reserved_device_names_are_changed_whatever_their_case_or_extension():
    assert [naming.component(n) for n in ("CON", "con", "Nul.tar", "COM1 .txt", "lpt²", "CONSOLE")] == [
        "CON_", "con_", "Nul_.tar", "COM1_ .txt", "lpt²_", "CONSOLE"]


def test_candidates_resolve_collisions_in_order():
    found = list(naming.candidates("/d", "2026-10-01 Sync", ".md"))
    assert found[:3] == ["/d/2026-10-01 Sync.md", "/d/2026-10-01 Sync (2).md", "/d/2026-10-01 Sync (3).md"]
    assert len(found) == naming.MAX_CANDIDATES
