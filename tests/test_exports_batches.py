"""Batches and deliveries through their life: readiness (and what makes a delivery wait), cancel,
retry, status derived from deliveries, history, the destination's and the policy's rules at
delivery time, audio, and deleting a destination. Where no operation can change a session (it is
recorded by the app), the test changes the database the way the app would."""

import json
from pathlib import Path

import duckdb
import pytest

from test_exports_notion import S1, S2, WS


# These tests are about what the operations do, not the process around them: tb and demo run
# their tools/app commands in this process (conftest.InProcessCLI).
pytestmark = pytest.mark.commands_in_process


SOPEN = "c9fd9247-366a-4db7-8806-0421baa05a88"
RULE = "rule-le6eyky4hpt4"
DEMO_DEST = "dest-xmek0pbqwpam"


def app_changes(t, sql, **params):
    """What the app would do (finish a session, write a summary, record audio)."""
    con = duckdb.connect(str(t.db))
    try:
        con.execute(sql, params)
    finally:
        con.close()


def _dest(t, location, did="dest-md", fmt="markdown", **extra):
    return t.ok("exports.destination.save", {"destinationId": did, "name": did, "format": fmt,
                                             "location": str(location), "enabled": True, **extra})


def _run(t, batch_id):
    return t.ok("exports.run", {"batchId": batch_id})


def test_preview_reports_why_a_session_waits_and_writes_nothing(demo, tmp_path):
    _dest(demo, tmp_path / "out")
    app_changes(demo, "UPDATE sessions SET transcript_changed_at = 1799000000000 WHERE session_id = $s", s=S1)
    app_changes(demo, "DELETE FROM summaries WHERE session_id = $s", s=S2)
    args = {"sessionIds": [S1, S2, SOPEN], "destinationIds": ["dest-md"]}
    code, out = demo.batch([{"tool": "exports.preview", "args": args},
                            {"tool": "exports.preview", "args": {**args, "selection": {"summary": False}}},
                            {"tool": "exports.preview", "args": {**args, "selection": {"summary": False,
                                                                                     "audio": "original"}}}])
    assert code == 0, out
    reasons = [[(s["ready"], s["waitReason"]) for s in o["result"]["sessions"]] for o in out]
    assert reasons == [
        [(False, "summaryStale"), (False, "summaryMissing"), (False, "sessionNotFinished")],
        [(True, None), (True, None), (False, "sessionNotFinished")],
        [(False, "audioPending"), (False, "audioPending"), (False, "sessionNotFinished")]]
    assert not (tmp_path / "out").exists()


def test_a_waiting_delivery_is_scheduled_once_the_session_is_ready(demo, tmp_path):
    _dest(demo, tmp_path / "out", fmt="zip")
    batch = demo.ok("exports.enqueue", {"sessionIds": [S2], "destinationIds": ["dest-md"],
                                        "selection": {"audio": "original", "transcript": False}})
    assert batch["deliveries"][0]["status"] == "waitingForAudio"
    assert _run(demo, batch["batchId"])["deliveries"][0]["status"] == "waitingForAudio"
    recording = tmp_path / "recording.m4a"
    recording.write_bytes(b"\x00\x00\x00\x18ftypM4A fake audio")
    app_changes(demo, "UPDATE sessions SET audio_path = $p WHERE session_id = $s", p=str(recording), s=S2)
    [d] = _run(demo, batch["batchId"])["deliveries"]
    assert d["status"] == "exported", d
    import zipfile
    with zipfile.ZipFile(d["location"]) as zf:
        assert zf.read("audio.m4a") == recording.read_bytes()
        assert "transcript.txt" not in zf.namelist()


def test_audio_is_copied_beside_the_file_and_a_format_it_is_not_is_partially_exported(demo, tmp_path):
    recording = tmp_path / "recording.wav"
    recording.write_bytes(b"RIFF fake wave")
    app_changes(demo, "UPDATE sessions SET audio_path = $p WHERE session_id = $s", p=str(recording), s=S2)
    _dest(demo, tmp_path / "out")
    wav = demo.ok("exports.enqueue", {"sessionIds": [S2], "destinationIds": ["dest-md"], "selection": {"audio": "wav"}})
    [d] = _run(demo, wav["batchId"])["deliveries"]
    assert d["status"] == "exported"
    assert Path(d["location"]).with_suffix(".wav").read_bytes() == recording.read_bytes()
    mp3 = demo.ok("exports.enqueue", {"sessionIds": [S2], "destinationIds": ["dest-md"], "selection": {"audio": "mp3"}})
    [d] = _run(demo, mp3["batchId"])["deliveries"]
    assert d["status"] == "partiallyExported" and "does not convert audio" in d["error"]
    assert Path(d["location"]).is_file()


def test_a_recording_that_cannot_be_read_is_left_out_and_said_why_in_words(demo, tmp_path):
    recording = tmp_path / "recording.wav"
    recording.mkdir()     # the app's file replaced by a folder
    app_changes(demo, "UPDATE sessions SET audio_path = $p WHERE session_id = $s", p=str(recording), s=S2)
    _dest(demo, tmp_path / "out")
    batch = demo.ok("exports.enqueue", {"sessionIds": [S2], "destinationIds": ["dest-md"], "selection": {"audio": "wav"}})
    [d] = _run(demo, batch["batchId"])["deliveries"]
    assert d["status"] == "partiallyExported" and Path(d["location"]).is_file()
    assert d["error"].startswith(f"TalkBar could not read the recording {recording}: it is a folder, not a file"), d


def test_cancel_keeps_what_was_exported_and_is_safe_to_repeat(demo, tmp_path):
    _dest(demo, tmp_path / "out")
    batch = demo.ok("exports.enqueue", {"sessionIds": [S1, S2, SOPEN], "destinationIds": ["dest-md"]})
    assert _run(demo, batch["batchId"])["status"] == "scheduled"
    code, out = demo.batch([{"tool": "exports.cancel", "args": {"batchId": batch["batchId"]}}] * 2)
    assert code == 0
    for entry in out:
        assert entry["result"]["status"] == "cancelled"
        assert [d["status"] for d in entry["result"]["deliveries"]] == ["exported", "cancelled", "cancelled"]
    assert _run(demo, batch["batchId"])["deliveries"][1]["status"] == "cancelled", "a cancelled batch sends nothing"


def test_retry_queues_a_failed_delivery_again_and_a_finished_batch_stays(demo, tmp_path):
    _dest(demo, "/proc/talkbar-cannot-create")
    batch = demo.ok("exports.enqueue", {"sessionIds": [S2], "destinationIds": ["dest-md"]})
    [d] = _run(demo, batch["batchId"])["deliveries"]
    assert d["status"] == "needsAttention" and "could not create the folder" in d["error"] and d["conflict"] is None
    _dest(demo, tmp_path / "fixed")
    retried = demo.ok("exports.retry", {"batchId": batch["batchId"]})
    assert [(x["status"], x["error"]) for x in retried["deliveries"]] == [("scheduled", None)]
    done = _run(demo, batch["batchId"])
    assert done["status"] == "exported"
    assert demo.ok("exports.retry", {"batchId": batch["batchId"]}) == done
    assert [r["status"] for r in demo.ok("exports.runs", {"batchId": batch["batchId"]})] == ["needsAttention", "exported"]


def test_rules_of_the_day_apply_at_delivery_a_switched_off_destination_and_the_admins_folders(demo, tmp_path):
    _dest(demo, tmp_path / "out")
    _dest(demo, tmp_path / "elsewhere", did="dest-b")
    batch = demo.ok("exports.enqueue", {"sessionIds": [S2], "destinationIds": ["dest-md", "dest-b"]})
    demo.ok("exports.destination.save", {"destinationId": "dest-md", "name": "off", "format": "markdown",
                                         "location": str(tmp_path / "out"), "enabled": False})
    policy = tmp_path / "policy.json"
    policy.write_text(json.dumps({"exportFolders": [str(tmp_path / "out")]}))
    demo.env_extra["TALKBAR_POLICY_FILE"] = str(policy)
    _run(demo, batch["batchId"])
    off, outside = _run(demo, batch["batchId"])["deliveries"]
    assert off["status"] == "needsAttention" and "turned off" in off["error"]
    assert outside["status"] == "needsAttention" and "outside the folders your organization allows" in outside["error"]
    assert not (tmp_path / "elsewhere").exists()


def test_a_session_trashed_after_enqueue_is_not_exported(demo, tmp_path):
    _dest(demo, tmp_path / "out")
    batch = demo.ok("exports.enqueue", {"sessionIds": [S2], "destinationIds": ["dest-md"]})
    app_changes(demo, "UPDATE sessions SET trashed_at = 1796000000000 WHERE session_id = $s", s=S2)
    [d] = _run(demo, batch["batchId"])["deliveries"]
    assert d["status"] == "needsAttention" and "Trash" in d["error"]


def test_history_is_newest_first_and_status_follows_the_deliveries(demo, tmp_path):
    _dest(demo, tmp_path / "out")
    calls = [{"tool": "exports.enqueue", "args": {"sessionIds": [s], "destinationIds": ["dest-md"]}}
             for s in (S1, SOPEN, S2)]
    code, out = demo.batch(calls + [{"tool": "exports.history", "args": {}}, {"tool": "exports.history",
                                                                             "args": {"limit": 2}}])
    made = [o["result"]["batchId"] for o in out[:3]]
    assert [b["batchId"] for b in out[3]["result"]] == made[::-1]
    assert [b["status"] for b in out[3]["result"]] == ["scheduled", "waitingForSummary", "scheduled"]
    assert [b["batchId"] for b in out[4]["result"]] == made[:0:-1]


def test_history_pages_only_this_workspaces_batches_that_hold_deliveries(demo, tmp_path):
    """exports.history picks its newest batches before it reads their deliveries (migration 1110): a
    newer batch with no delivery, or of another workspace, takes no place in the page."""
    _dest(demo, tmp_path / "out")
    made = [demo.ok("exports.enqueue", {"sessionIds": [s], "destinationIds": ["dest-md"]})["batchId"] for s in (S1, S2)]
    app_changes(demo, "INSERT INTO export_batches (workspace_id, batch_id, created_at_ms, updated_at_ms) "
                      "VALUES ($ws, 'batch-empty', 4102444800000, 4102444800000), "
                      "('workspace-other', 'batch-other', 4102444800000, 4102444800000)", ws=WS)
    app_changes(demo, "INSERT INTO export_deliveries (workspace_id, delivery_id, batch_id, session_id, destination_id, "
                      "created_at_ms, updated_at_ms, ord) VALUES ('workspace-other', 'dlv-other', 'batch-other', $s, "
                      "'dest-md', 4102444800000, 4102444800000, 0)", s=S1)
    assert [b["batchId"] for b in demo.ok("exports.history", {"limit": 1})] == made[-1:]
    assert [b["batchId"] for b in demo.ok("exports.history", {})] == made[::-1]
    code, out = demo.call("exports.status", {"batchId": "batch-other"})
    assert code == 1 and out["error"]["code"] == "not_found"


def test_deleting_a_destination_waits_for_its_deliveries_and_switches_off_rules(demo, tmp_path):
    batch = demo.ok("exports.enqueue", {"sessionIds": [SOPEN], "destinationIds": [DEMO_DEST]})
    code, out = demo.call("exports.destination.delete", {"destinationId": DEMO_DEST})
    assert code == 1 and out["error"]["code"] == "failed"
    _dest(demo, tmp_path, "dest-keep")
    demo.ok("exports.rule.save", {"ruleId": "rule-ws", "scopeKind": "workspace", "scopeId": WS, "mode": "override",
                                  "destinationIds": [DEMO_DEST, "dest-keep"], "selection": {},
                                  "timing": {"kind": "ready"}, "reexportSummary": False, "reexportTranscript": False,
                                  "enabledAtMs": 0})
    demo.ok("exports.cancel", {"batchId": batch["batchId"]})
    assert demo.ok("exports.destination.delete", {"destinationId": DEMO_DEST}) == {
        "deleted": True, "switchedOffRules": [RULE]}
    rules = {r["ruleId"]: r for r in demo.ok("exports.config")["rules"]}
    assert (rules[RULE]["mode"], rules[RULE]["destinationIds"]) == ("disabled", [])
    assert (rules["rule-ws"]["mode"], rules["rule-ws"]["destinationIds"]) == ("override", ["dest-keep"])
    assert demo.ok("exports.status", {"batchId": batch["batchId"]})["deliveries"][0]["destinationId"] == DEMO_DEST


def test_exportable_sessions_page_by_id(demo):
    seen, after = [], None
    while True:
        page = demo.ok("exports.sessions", {"limit": 7, **({"after": after} if after else {})})
        if not page:
            break
        seen += page
        after = page[-1]
    assert seen == sorted(seen) and len(seen) == len(set(seen)) == 34
    assert SOPEN not in seen and S1 in seen


@pytest.mark.parametrize("timing,ready,due", [
    ({"kind": "ready"}, 1_790_000_000_000, 1_790_000_000_000),
    ({"kind": "delay", "delayMs": 3_600_000}, 1_790_000_000_000, 1_790_003_600_000),
    # 2026-09-21 14:13:20 UTC is 16:13 in Berlin: the next 18:30 there is 16:30 UTC the same day
    ({"kind": "daily", "hour": 18, "minute": 30, "timezone": "Europe/Berlin"}, 1_790_000_000_000, 1_790_008_200_000),
    # ... and a moment after 18:30 Berlin waits for the next day
    ({"kind": "daily", "hour": 9, "minute": 0, "timezone": "Europe/Berlin"}, 1_790_000_000_000, 1_790_060_400_000),
    # across the end of summer time (25 Oct 2026): 09:00 Berlin is 07:00 UTC before, 08:00 UTC after
    ({"kind": "daily", "hour": 9, "minute": 0, "timezone": "Europe/Berlin"}, 1_792_828_800_000, 1_792_915_200_000),
])
def test_due_time_of_automatic_exports(timing, ready, due):
    from talkbar.exports.selection import due_at
    assert due_at(timing, ready) == due


def test_a_delivery_that_fails_unexpectedly_needs_attention_without_pythons_words(demo, tmp_path, monkeypatch):
    from talkbar.exports import delivery

    def broken(*_args, **_kwargs):
        raise RuntimeError("list index out of range at 0x7f3a")
    monkeypatch.setattr(delivery, "deliver", broken)
    _dest(demo, tmp_path / "out")
    batch = demo.ok("exports.enqueue", {"sessionIds": [S2], "destinationIds": ["dest-md"]})
    [d] = _run(demo, batch["batchId"])["deliveries"]
    assert (d["status"], d["error"]) == ("needsAttention", "TalkBar could not export the session (an internal error); "
                                                         "retry it, and report it if it happens again.")
    monkeypatch.undo()
    demo.ok("exports.retry", {"batchId": batch["batchId"]})
    assert _run(demo, batch["batchId"])["status"] == "exported"
