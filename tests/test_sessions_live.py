"""The live session: `app record` (the recording stand-in) in a second process, read while it writes."""

import json
import signal
import subprocess
import time

import pytest

from conftest import PINNED_NOW_MS, cli_command

LIVE = "33cf0ddb-f3c4-4447-8436-28063ff41be2"     # the demo's session marked recording
ACME = "8d51ad9b-43ac-4782-991c-d082f05de62e"
DEADLINE_S = 120


def start_recorder(tb, *args):
    return subprocess.Popen(cli_command() + ["--output", "json", "app", "record", *args], env=tb.env(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def ok_batch(tb, calls):
    code, out = tb.batch(calls)
    assert out is not None and all(r["ok"] for r in out), out
    return [r["result"] for r in out]


def wait_until(check, what):
    deadline = time.monotonic() + DEADLINE_S
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"gave up waiting for {what}")


@pytest.fixture(autouse=True)
def one_clock(demo):
    """The recorder's heartbeat and every reader share one clock (not one tick per process): a beat
    is fresh to a reader as it would be in real time, whatever the machine's speed."""
    demo.env_extra["TALKBAR_NOW_MS"] = PINNED_NOW_MS


def test_cursor_reader_misses_nothing_and_repeats_nothing_while_the_recorder_writes(demo, tmp_path):
    texts = [f"Live line number {i}, said while the reader reads." for i in range(12)]
    turns = tmp_path / "turns.jsonl"
    turns.write_text("".join(json.dumps({"speakerId": f"spk-33cf0ddb-{1 + i % 3}", "text": t,
                                         "startMs": 420000 + i * 3000, "endMs": 422000 + i * 3000}) + "\n"
                             for i, t in enumerate(texts)))
    (start,) = ok_batch(demo, [{"tool": "sessions.transcript",
                                "args": {"sessionId": LIVE, "cursor": "0:", "format": "json", "maxChars": 200000}}])
    assert len(start["turns"]) == 73 and start["recording"] is True
    recorder = start_recorder(demo, LIVE, "--turns", turns, "--interval-ms", "300", "--stop-after")
    wait_until(lambda: ok_batch(demo, [{"tool": "sessions.recording"}])[0]["recording"]["appRunning"],
               "the recorder's heartbeat")
    cursor, changes, states = start["nextCursor"], [], []
    deadline = time.monotonic() + DEADLINE_S
    while True:
        finished = recorder.poll() is not None
        page, live = ok_batch(demo, [
            {"tool": "sessions.transcript", "args": {"sessionId": LIVE, "cursor": cursor, "format": "json", "maxChars": 1000}},
            {"tool": "sessions.recording"}])
        # once the session is complete, turns no longer say provisional: they are all final
        changes += [(t["turnId"], t["text"], t.get("provisional", False)) for t in page["turns"]]
        states.append((page.get("recording"), live["recording"]))
        cursor = page["nextCursor"]
        if finished and not page["turns"]:
            break
        assert time.monotonic() < deadline, "the recorder did not finish"
    out, err = recorder.communicate()
    assert recorder.returncode == 0, err
    assert json.loads(out) == {"sessionId": LIVE, "status": "complete", "turnsAppended": 12, "pointsAdded": 0}

    assert len(changes) == len(set(changes)), "a change was reported twice"
    finals = [(turn_id, text) for turn_id, text, provisional in changes if provisional is False]
    new_finals = [text for _, text in finals if text in texts]
    assert new_finals == texts, "every appended turn is reported final once, in order"
    for turn_id, text, provisional in changes:
        if provisional:
            assert changes.index((turn_id, text, True)) < changes.index((turn_id, text, False))
    # the demo's two provisional turns were settled when the recording stopped
    assert {t for t, _, p in changes if p is False} >= {"turn-33cf0ddb-72", "turn-33cf0ddb-73"}
    # while it wrote, readers saw it live with the app running; afterwards it is complete
    during = [live for recording, live in states if recording]
    assert during and all(live and live["sessionId"] == LIVE and live["appRunning"] is True
                          and live["stale"] is False for live in during)
    final, recording, stats = ok_batch(demo, [
        {"tool": "sessions.transcript", "args": {"sessionId": LIVE, "format": "json", "maxChars": 200000}},
        {"tool": "sessions.recording"}, {"tool": "sessions.stats", "args": {"sessionId": LIVE}}])
    assert [t["text"] for t in final["turns"]][-12:] == texts and "recording" not in final
    assert final["totalTurns"] == 85 and "provisional" not in final["turns"][0]
    assert recording == {"recording": None}
    assert stats["status"] == "complete" and stats["endedAtMs"] is not None and stats["recordingRuns"] == 1
    assert all(s["speakerId"] for s in stats["speakers"])


def test_recorder_without_a_file_records_until_stopped_and_then_completes(demo):
    recorder = start_recorder(demo, ACME)
    def acme_recording():   # the demo holds a stale recording too: wait for the recorder's own
        live = ok_batch(demo, [{"tool": "sessions.recording"}])[0]["recording"]
        return live if live and live["sessionId"] == ACME else None
    live = wait_until(acme_recording, "the recording")
    assert (live["sessionId"], live["appRunning"], live["stale"]) == (ACME, True, False)
    writes = ok_batch(demo, [{"tool": "sessions.rename", "args": {"sessionId": ACME, "title": "Live now"}},
                             {"tool": "markers.create", "args": {"sessionId": ACME, "atMs": 1000}}])
    assert all(w["sessionStatus"] == "recording" and "warning" not in w for w in writes)
    code, out = demo.batch([{"tool": "sessions.trash", "args": {"sessionId": ACME}},
                            {"tool": "sessions.speakers.unlink", "args": {"sessionId": ACME, "speakerId": "spk-8d51ad9b-3"}}])
    assert [r["error"]["code"] for r in out] == ["session_recording", "session_recording"]
    recorder.send_signal(signal.SIGTERM)
    out, err = recorder.communicate(timeout=DEADLINE_S)
    assert recorder.returncode == 0, err
    assert json.loads(out)["status"] == "complete"
    stats, recording, interrupted = ok_batch(demo, [
        {"tool": "sessions.stats", "args": {"sessionId": ACME}}, {"tool": "sessions.recording"},
        {"tool": "sessions.get", "args": {"sessionId": LIVE}}])
    assert stats["status"] == "complete" and stats["recordingRuns"] == 3 and stats["breaks"] == 2
    assert recording == {"recording": None}
    assert interrupted["status"] == "interrupted"   # the stale recording, as the app marks it on start


def test_recorder_adds_new_voices_and_timeline_points(demo, tmp_path):
    lines = [{"speakerId": "voice-new", "text": "Hello from a new voice.", "startMs": 980000, "endMs": 981000},
             {"timelinePoint": "Agreed to meet again", "atMs": 981000},
             {"speakerId": "spk-8d51ad9b-3", "text": "Dana again.", "startMs": 982000, "endMs": 983000}]
    turns = tmp_path / "turns.jsonl"
    turns.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    recorder = start_recorder(demo, ACME, "--turns", turns, "--interval-ms", "0", "--stop-after")
    out, err = recorder.communicate(timeout=DEADLINE_S)
    assert recorder.returncode == 0, err
    assert json.loads(out)["pointsAdded"] == 1
    page, timeline = ok_batch(demo, [
        {"tool": "sessions.transcript", "args": {"sessionId": ACME, "turnOffset": 96}},
        {"tool": "sessions.timeline", "args": {"sessionId": ACME}}])
    assert page["transcript"] == "[16:20] Speaker 1: Hello from a new voice.\n[16:22] Dana Lee: Dana again."
    assert timeline["points"][-1] == {"pointId": timeline["points"][-1]["pointId"], "at": "16:21", "atMs": 981000,
                                      "text": "Agreed to meet again", "translatedText": None, "edited": False}


def test_recorder_refuses_an_unknown_session_and_a_bad_turns_file(demo, tmp_path):
    r = demo.run("--output", "json", "app", "record", "ses-nope", "--stop-after")
    assert r.code == 1 and r.json["error"]["code"] == "not_found"
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"speakerId": "a", "text": "ok", "startMs": 0, "endMs": 1}\n{"speakerId": "a", "text": 3}\n')
    r = demo.run("--output", "json", "app", "record", ACME, "--turns", bad, "--stop-after")
    assert r.code == 1 and r.json["error"]["code"] == "invalid_arguments"
    assert r.json["error"]["message"].startswith("line 2:")
    (session,) = ok_batch(demo, [{"tool": "sessions.get", "args": {"sessionId": ACME}}])
    assert session["status"] == "complete" and session["revision"] == 1   # nothing was written
