"""Calendar sequences through the real CLI: reminder and auto-start jobs following a meeting,
snoozing, missed meetings, the archive, the scheduler's cancel and retry, prep limits, and refused
calls changing nothing."""

import itertools
import json

from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import InProcess
import pytest


# These tests are about what the operations do, not the process around them: tb and demo run
# their tools/app commands in this process (conftest.InProcessCLI).
pytestmark = pytest.mark.commands_in_process


NOW = 1796108400000  # 2026-12-01 07:00 UTC
MIN, HOUR, DAY = 60_000, 3_600_000, 86_400_000


def run(t, calls, now=NOW):
    """One batch at `now`: every call's entry (ok or not)."""
    return t.run("tools", "batch", input=json.dumps(calls), env={"TALKBAR_NOW_MS": now}).json


def ok(t, calls, now=NOW):
    out = run(t, calls, now)
    assert all(e["ok"] for e in out), out
    return [e["result"] for e in out]


def call(tool, **args):
    return {"tool": tool, "args": args}


def schedule(occ, start, **more):
    return call("calendar.schedule", occurrenceId=occ, plannedStartAtMs=start, durationMinutes=30,
                timezone="Europe/London", **more)


def jobs_of(jobs, occ):
    return {j["dedupeKey"]: j["status"] for j in jobs if j["targetId"] == occ}


JOBS = call("scheduler.jobs.list", limit=500)


def test_jobs_follow_the_meeting(tb):
    start = NOW + 2 * HOUR
    made, jobs = ok(tb, [schedule("occ-1", start, reminderOffsetsMinutes=[60, 10], startMode="automatic"), JOBS])
    assert jobs_of(jobs, "occ-1") == {f"reminder:occ-1:10:{start}": "pending", f"reminder:occ-1:60:{start}": "pending",
                                      f"autoStart:occ-1:{start}": "pending"}
    _, jobs = ok(tb, [call("calendar.prepare", occurrenceId="occ-1", reminderOffsetsMinutes=[10]), JOBS])
    assert jobs_of(jobs, "occ-1") == {f"reminder:occ-1:10:{start}": "pending", f"reminder:occ-1:60:{start}": "skipped",
                                      f"autoStart:occ-1:{start}": "pending"}
    later = start + HOUR
    _, jobs = ok(tb, [call("calendar.move", occurrenceId="occ-1", plannedStartAtMs=later), JOBS])
    pending = {k for k, v in jobs_of(jobs, "occ-1").items() if v == "pending"}
    assert pending == {f"reminder:occ-1:10:{later}", f"autoStart:occ-1:{later}"}
    _, jobs, status = ok(tb, [call("calendar.cancel", occurrenceId="occ-1"), JOBS, call("scheduler.status")])
    assert set(jobs_of(jobs, "occ-1").values()) == {"skipped"}
    assert status["pending"] == 0 and status["nextDueAtMs"] is None


def test_snooze_postpones_the_waiting_reminder_and_stops_the_countdown(tb):
    start = NOW + 5 * MIN
    _, waiting = ok(tb, [schedule("occ-s", start, reminderOffsetsMinutes=[10], startMode="automatic"),
                         call("calendar.actionable")])
    assert [(r["occurrenceId"], r["status"]) for r in waiting] == [("occ-s", "pending")]
    until = NOW + 2 * MIN
    snoozed, waiting_now, jobs = ok(tb, [call("calendar.snooze", occurrenceId="occ-s", snoozedUntilMs=until),
                                         call("calendar.actionable"), JOBS])
    assert snoozed["startMode"] == "prompt" and snoozed["status"] == "planned"
    assert waiting_now == []
    assert jobs_of(jobs, "occ-s")[f"autoStart:occ-s:{start}"] == "skipped"
    countdowns, waiting_later = ok(tb, [call("calendar.tick", nowMs=until, horizonEndMs=until),
                                        call("calendar.actionable")], now=until)
    assert countdowns == []
    assert [(r["status"], r["snoozedUntilMs"]) for r in waiting_later] == [("due", until)]


def test_tick_marks_a_passed_meeting_missed_once(tb):
    ok(tb, [schedule("occ-past", NOW - 2 * HOUR), schedule("occ-short", NOW + MIN)])
    ok(tb, [call("calendar.tick", nowMs=NOW, horizonEndMs=NOW)])
    past, short = ok(tb, [call("calendar.get", occurrenceId="occ-past"), call("calendar.get", occurrenceId="occ-short")])
    assert (past["status"], short["status"]) == ("missed", "planned")
    ok(tb, [call("calendar.prepare", occurrenceId="occ-past", title="Late, but held")])
    ok(tb, [call("calendar.tick", nowMs=NOW + HOUR, horizonEndMs=NOW + HOUR)], now=NOW + HOUR)
    past, short = ok(tb, [call("calendar.get", occurrenceId="occ-past"), call("calendar.get", occurrenceId="occ-short")])
    assert past["status"] == "planned"  # prepared again after it was missed: the next pass leaves it
    assert short["status"] == "missed"  # ended between the two passes


def test_archive_hides_planned_meetings_and_restore_skips_the_passed_ones(tb):
    window = call("calendar.upcoming", startAtMs=NOW, endAtMs=NOW + 30 * DAY, limit=500)
    weekly = call("series.schedule.set", seriesId="ser-a", scheduleKind="recurring", timezone="Europe/London",
                  localDate="2026-12-02", localTime="10:00", durationMinutes=30, rrule="FREQ=WEEKLY",
                  horizonEndMs=NOW + 30 * DAY)
    *_, before, status = ok(tb, [call("series.create", seriesId="ser-a", name="A", kind="standup"), weekly, window,
                                 call("scheduler.status")])
    planned = [o["occurrenceId"] for o in before["occurrences"]]
    assert len(planned) == 5 and status["pending"] == 5
    archived, hidden, shown, status = ok(tb, [call("series.archive", seriesId="ser-a", archived=True), window,
                                              {**window, "args": {**window["args"], "includeArchived": True}},
                                              call("scheduler.status")])
    assert hidden["occurrences"] == [] and [o["occurrenceId"] for o in shown["occurrences"]] == planned
    assert status["pending"] == 0 and status["skipped"] == 5
    again = ok(tb, [call("series.archive", seriesId="ser-a", archived=True)], now=NOW + DAY)[0]
    assert again["archivedAtMs"] == archived["archivedAtMs"] == NOW
    later = NOW + 9 * DAY  # the meetings of 2 and 9 December passed while archived
    ok(tb, [call("calendar.tick", nowMs=later, horizonEndMs=later)], now=later)
    restored, *meetings, status = ok(tb, [call("series.archive", seriesId="ser-a", archived=False)]
                                     + [call("calendar.get", occurrenceId=o) for o in planned]
                                     + [call("scheduler.status")], now=later)
    assert restored["archivedAtMs"] is None
    assert [m["status"] for m in meetings] == ["skipped", "skipped", "planned", "planned", "planned"]  # never missed
    assert status["pending"] == 3


def test_a_job_the_user_cancelled_is_not_made_again_and_only_failed_jobs_retry(tb):
    _, waiting = ok(tb, [schedule("occ-c", NOW + 5 * MIN, reminderOffsetsMinutes=[10]), call("calendar.actionable")])
    job = waiting[0]["jobId"]
    cancelled, _, jobs, waiting = ok(tb, [call("scheduler.job.cancel", jobId=job),
                                          call("calendar.prepare", occurrenceId="occ-c", title="Renamed"),
                                          JOBS, call("calendar.actionable")])
    assert cancelled["status"] == "cancelled" and cancelled["cancelledAtMs"] == NOW
    assert [j["jobId"] for j in jobs] == [job] and waiting == []
    refused = run(tb, [call("scheduler.job.retry", jobId=job)])[0]
    assert refused["error"]["code"] == "failed" and "is cancelled" in refused["error"]["message"]


def _prep_fixture(cards=25, documents=11, carried=25):
    """A series whose earlier session left `carried` open tasks, with plenty of cards and documents."""
    sessions = [{"sessionId": "ses-old", "title": "Earlier", "startedAtMs": NOW - 7 * DAY, "seriesId": "ser-p"}]
    return {"format": "talkbar-fixture/1", "workspaces": [{
        "workspaceId": "ws-prep", "name": "Prep", "active": True,
        "series": [{"seriesId": "ser-p", "name": "P", "kind": "standup"}],
        "sessions": sessions,
        "actionItems": [{"itemId": f"task-{i:02}", "title": f"Task {i}", "sessionId": "ses-old", "createdAt": NOW - DAY + i}
                        for i in range(carried)],
        "knowledge": [{"memoryId": f"card-{i:02}", "title": f"Card {i}"} for i in range(cards)],
        "documents": [{"documentId": f"doc-{i:02}", "title": f"Doc {i}"} for i in range(documents)],
        "occurrences": [{"occurrenceId": "occ-p", "seriesId": "ser-p", "plannedStartAtMs": NOW + DAY,
                         "durationMinutes": 30, "timezone": "UTC"}],
    }]}


def _edits(kind, prefix, n, add=True):
    return [{"kind": kind, "id": f"{prefix}-{i:02}", "add": add} for i in range(n)]


def test_prep_limits_and_carried_overflow(tb):
    assert tb.import_fixture(_prep_fixture()).code == 0
    too_many_cards, too_many_docs = run(tb, [call("calendar.prep.edit", occurrenceId="occ-p", edits=_edits("memory", "card", 25)),
                                             call("calendar.prep.edit", occurrenceId="occ-p", edits=_edits("document", "doc", 11))])
    assert too_many_cards["error"]["code"] == "limit_reached" and too_many_cards["error"]["max"] == 24
    assert too_many_docs["error"]["code"] == "failed"
    skip = [{"kind": "skippedActionItem", "id": "task-00", "add": True}]
    edited, prep = ok(tb, [call("calendar.prep.edit", occurrenceId="occ-p",
                                edits=_edits("memory", "card", 24) + _edits("document", "doc", 10) + skip),
                           call("calendar.prep", occurrenceId="occ-p")])
    assert len(edited["memoryIds"]) == 24 and len(edited["documentIds"]) == 10
    assert edited["actionItemCount"] == 24 and edited["hasContent"] is True
    items = prep["actionItems"]
    assert [i["itemId"] for i in items["carried"]] == [f"task-{i:02}" for i in range(1, 21)]
    assert items["carriedOverflow"] == 4 and [i["itemId"] for i in items["skipped"]] == ["task-00"]
    unskip = [{"kind": "skippedActionItem", "id": "task-00", "add": False}]
    again = ok(tb, [call("calendar.prep.edit", occurrenceId="occ-p", edits=unskip)])[0]
    assert again["actionItemCount"] == 25


def test_refused_calls_change_nothing(tb):
    assert tb.import_fixture(_prep_fixture(carried=1)).code == 0
    before = ok(tb, [call("calendar.get", occurrenceId="occ-p")])[0]
    mixed = [{"kind": "memory", "id": "card-00", "add": True}, {"kind": "document", "id": "doc-nope", "add": True}]
    refused = run(tb, [call("calendar.prep.edit", occurrenceId="occ-p", edits=mixed),
                       schedule("occ-new", NOW + DAY, preparedSetup={"memoryIds": ["card-00", "card-nope"]}),
                       call("series.sessions.assign", seriesId=None, sessionIds=["ses-old", "ses-nope"]),
                       call("series.schedule.set", seriesId="ser-p", scheduleKind="recurring", timezone="UTC",
                            localDate="2026-12-01", localTime="10:00", durationMinutes=30, rrule="FREQ=DAILY;BYHOUR=9")])
    assert [e["error"]["code"] for e in refused] == ["invalid_arguments", "not_found", "not_found", "invalid_arguments"]
    after, missing, series, schedule_now = run(tb, [call("calendar.get", occurrenceId="occ-p"),
                                                    call("calendar.get", occurrenceId="occ-new"),
                                                    call("series.list"), call("series.schedule.get", seriesId="ser-p")])
    assert after["result"] == before
    assert missing["error"]["code"] == "not_found"
    assert series["result"][0]["sessionCount"] == 1 and schedule_now["result"] is None


def test_a_setup_read_back_with_calendar_get_can_be_sent_whole(demo):
    occ = "occurrence-qsgdp4uqs7q6q6nh5vv6"
    got = ok(demo, [call("calendar.get", occurrenceId=occ)])[0]
    sent = ok(demo, [call("calendar.prepare", occurrenceId=occ, preparedSetup=json.loads(got["preparedSetupJson"]))])[0]
    assert json.loads(sent["preparedSetupJson"]) == json.loads(got["preparedSetupJson"])
    started = ok(demo, [call("calendar.start", occurrenceId=occ), call("calendar.get", occurrenceId=occ)])
    assert started[0] == {"intent": None, "unavailableReason": "captureHostUnavailable"}
    assert started[1] == sent  # calendar.start changes nothing


_EXAMPLES = itertools.count()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(offsets=st.lists(st.integers(0, 10_080), max_size=6), lead=st.integers(1, 20_000))
def test_reminders_are_the_offsets_once_each_with_one_job_apiece(tb, offsets, lead):
    """Its examples run through the engine in this process (a process each would only cost time)."""
    occ, start = f"occ-{next(_EXAMPLES)}", NOW + lead * MIN
    out = InProcess(tb.root).batch_env([schedule(occ, start, reminderOffsetsMinutes=offsets), JOBS],
                                       {"TALKBAR_NOW_MS": NOW})
    assert all(e["ok"] for e in out), out
    made, jobs = [e["result"] for e in out]
    assert made["reminderOffsetsMinutes"] == sorted(set(offsets))
    assert jobs_of(jobs, occ) == {f"reminder:{occ}:{o}:{start}": "pending" for o in set(offsets)}


def test_a_replaced_workspace_starts_its_scheduler_afresh(tb):
    doc = _prep_fixture(cards=0, documents=0, carried=0)
    doc["workspaces"][0]["occurrences"][0]["plannedStartAtMs"] = NOW - DAY
    assert tb.import_fixture(doc).code == 0
    ok(tb, [call("calendar.tick", nowMs=NOW, horizonEndMs=NOW)])
    assert tb.import_fixture(doc, "--replace").code == 0
    ok(tb, [call("calendar.tick", nowMs=NOW + MIN, horizonEndMs=NOW + MIN)])
    assert ok(tb, [call("calendar.get", occurrenceId="occ-p")])[0]["status"] == "missed"


def test_a_series_next_meeting_is_the_first_planned_one_still_ahead(demo):
    """series.list's nextPlannedAtMs: a planned meeting whose time has passed (no tick marked it
    missed yet) is not the next one; its sessions count without those in the Trash."""
    series = "series-11yz0ks2ixr6vlv80mja"        # planned at 1796119200000, then 1796724000000
    before = next(s for s in demo.ok("series.list", {}) if s["seriesId"] == series)
    assert before["nextPlannedAtMs"] == 1796119200000
    demo.now_ms = 1796200000000
    after = next(s for s in demo.ok("series.list", {}) if s["seriesId"] == series)
    assert after["nextPlannedAtMs"] == 1796724000000 and after["sessionCount"] == before["sessionCount"] > 0
