"""The conflict cycle: export, edit the file outside TalkBar, export again -> needsAttention with a
conflict; each resolution gives the spec's outcome. Re-exporting an unchanged file is not a
conflict, someone else's file is never overwritten, and retry leaves conflicts to resolve."""

import json
from pathlib import Path

import pytest

from test_exports_notion import S1, S2, WS


# These tests are about what the operations do, not the process around them: tb and demo run
# their tools/app commands in this process (conftest.InProcessCLI).
pytestmark = pytest.mark.commands_in_process


EDIT = "# My own edit\n\nWritten outside TalkBar.\n"


def _export(t, destination, *sessions, **selection):
    batch = t.ok("exports.enqueue", {"sessionIds": list(sessions), "destinationIds": [destination],
                                     **({"selection": selection} if selection else {})})
    r = t.run("exports", "run", "--workspace", WS, "--batch", batch["batchId"], "--wait")
    assert r.code == 0, r
    return json.loads(r.stdout)


@pytest.fixture
def vault(demo, tmp_path):
    demo.ok("exports.destination.save", {"destinationId": "dest-md", "name": "Vault", "format": "markdown",
                                         "location": str(tmp_path / "vault"), "enabled": True})
    return tmp_path / "vault"


def _conflicted(demo):
    """Export S2, edit its file outside TalkBar, export again: the delivery that needs attention."""
    first = _export(demo, "dest-md", S2)["deliveries"][0]
    path = Path(first["location"])
    talkbar_text = path.read_text(encoding="utf-8")
    path.write_text(EDIT, encoding="utf-8")
    again = _export(demo, "dest-md", S2)
    [d] = again["deliveries"]
    assert again["status"] == "needsAttention"
    assert d["status"] == "needsAttention" and d["conflict"]["target"] == str(path)
    assert isinstance(d["conflict"]["detectedAtMs"], int) and "changed outside TalkBar" in d["error"]
    assert path.read_text(encoding="utf-8") == EDIT, "a conflict writes nothing"
    return d, path, talkbar_text


def test_reexporting_an_unchanged_file_is_not_a_conflict(demo, vault):
    first = _export(demo, "dest-md", S2)["deliveries"][0]
    second = _export(demo, "dest-md", S2, outcomes=True)["deliveries"][0]
    assert second["status"] == "exported" and second["location"] == first["location"]
    assert "## Action items" in Path(second["location"]).read_text(encoding="utf-8")
    assert [p.name for p in vault.iterdir()] == [Path(first["location"]).name]


def test_keep_external_leaves_the_edited_file_and_never_writes_over_it_again(demo, vault):
    d, path, _ = _conflicted(demo)
    batch = demo.ok("exports.resolve", {"deliveryId": d["deliveryId"], "action": "keepExternal"})
    [after] = batch["deliveries"]
    assert batch["status"] == "exported"
    assert (after["status"], after["location"], after["conflict"], after["error"]) == ("exported", str(path), None, None)
    assert path.read_text(encoding="utf-8") == EDIT
    later = _export(demo, "dest-md", S2)["deliveries"][0]
    assert later["status"] == "exported" and later["location"] == str(path.with_name(path.stem + " (2).md"))
    assert path.read_text(encoding="utf-8") == EDIT


def test_save_copy_writes_talkbars_version_beside_the_edited_file(demo, vault):
    d, path, talkbar_text = _conflicted(demo)
    batch = demo.ok("exports.resolve", {"deliveryId": d["deliveryId"], "action": "saveCopy"})
    [after] = batch["deliveries"]
    copy = path.with_name(path.stem + " (2).md")
    assert (after["status"], after["location"], after["conflict"]) == ("exported", str(copy), None)
    assert path.read_text(encoding="utf-8") == EDIT
    assert copy.read_text(encoding="utf-8") == talkbar_text
    runs = demo.ok("exports.runs", {"batchId": batch["batchId"]})
    assert [r["status"] for r in runs] == ["needsAttention", "exported"]


def test_replace_overwrites_the_edited_file(demo, vault):
    d, path, talkbar_text = _conflicted(demo)
    batch = demo.ok("exports.resolve", {"deliveryId": d["deliveryId"], "action": "replace"})
    [after] = batch["deliveries"]
    assert (after["status"], after["location"], after["conflict"]) == ("exported", str(path), None)
    assert path.read_text(encoding="utf-8") == talkbar_text
    assert sorted(p.name for p in vault.iterdir()) == [path.name]
    again = _export(demo, "dest-md", S2)["deliveries"][0]
    assert again["status"] == "exported" and again["location"] == str(path)


def test_retry_leaves_a_conflict_to_resolve_and_a_resolved_delivery_cannot_be_resolved_again(demo, vault):
    d, path, _ = _conflicted(demo)
    batch_id = demo.ok("exports.history", {"limit": 1})[0]["batchId"]
    retried = demo.ok("exports.retry", {"batchId": batch_id})
    assert retried["deliveries"][0]["status"] == "needsAttention"
    demo.ok("exports.resolve", {"deliveryId": d["deliveryId"], "action": "replace"})
    code, out = demo.call("exports.resolve", {"deliveryId": d["deliveryId"], "action": "replace"})
    assert code == 1 and out["error"]["code"] == "failed" and "is exported" in out["error"]["message"]


def test_someone_elses_file_with_the_same_name_is_never_overwritten(demo, vault):
    vault.mkdir()
    theirs = vault / "2026-10-09 1-1 Maya - Zoë.md"
    theirs.write_text("not TalkBar's\n", encoding="utf-8")
    preview = demo.ok("exports.preview", {"sessionIds": [S2], "destinationIds": ["dest-md"]})
    d = _export(demo, "dest-md", S2)["deliveries"][0]
    assert d["status"] == "exported" and d["location"] == str(vault / "2026-10-09 1-1 Maya - Zoë (2).md")
    assert preview["outputs"][0]["location"] == d["location"]
    assert theirs.read_text(encoding="utf-8") == "not TalkBar's\n"


def test_two_sessions_with_one_name_get_two_files_and_keep_them(tb, tmp_path):
    session = {"title": "Daily stand-up", "status": "complete", "startedAtMs": 1790000000000,
               "endedAtMs": 1790000900000, "participants": [{"speakerId": "s", "name": "Ann"}],
               "turns": [{"turnId": "t1", "speakerId": "s", "startMs": 0, "endMs": 900, "text": "Hi."}]}
    doc = {"format": "talkbar-fixture/1", "workspaces": [{"workspaceId": "ws-twins", "name": "Twins", "active": True,
           "sessions": [{**session, "sessionId": "ses-a"}, {**session, "sessionId": "ses-b", "startedAtMs": 1790003600000}]}]}
    assert tb.import_fixture(doc).code == 0
    tb.ok("exports.destination.save", {"destinationId": "d", "name": "Twins", "format": "txt",
                                       "location": str(tmp_path / "twins"), "enabled": True})
    locations = []
    for _ in range(2):
        batch = tb.ok("exports.enqueue", {"sessionIds": ["ses-a", "ses-b"], "destinationIds": ["d"],
                                          "selection": {"summary": False}})
        r = tb.run("exports", "run", "--workspace", "ws-twins", "--batch", batch["batchId"], "--wait")
        locations.append([d["location"] for d in json.loads(r.stdout)["deliveries"]])
    assert locations[0] == locations[1] == [str(tmp_path / "twins" / "2026-09-21 Daily stand-up.txt"),
                                            str(tmp_path / "twins" / "2026-09-21 Daily stand-up (2).txt")]
