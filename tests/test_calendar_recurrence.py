"""Series schedules through the real CLI: DST, short months, the dateutil expansion as a property
(its examples through the engine in-process), "this and following", replacement, and calendar.tick
as one pass of SQL."""

import datetime as dt
import itertools
import json
from zoneinfo import ZoneInfo

from dateutil.rrule import rrulestr
from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import InProcess
import pytest


# These tests are about what the operations do, not the process around them: tb and demo run
# their tools/app commands in this process (conftest.InProcessCLI).
pytestmark = pytest.mark.commands_in_process


NOW = 1792065600000          # 2026-10-14 12:00 UTC, before the US and EU DST changes
DAY = 86_400_000
ENV = {"TALKBAR_NOW_MS": NOW}


def batch(t, calls, env=ENV):
    r = t.run("tools", "batch", input=json.dumps(calls), env=env)
    out = r.json
    assert all(e["ok"] for e in out), out
    return [e["result"] for e in out]


def upcoming(series_id, start, end):
    return {"tool": "calendar.upcoming", "args": {"startAtMs": start, "endAtMs": end, "limit": 500,
                                                  "statuses": ["planned"]}}


def series_starts(result, series_id):
    return [o["plannedStartAtMs"] for o in result["occurrences"] if o["seriesId"] == series_id]


def weekly(series_id, **more):
    args = {"seriesId": series_id, "scheduleKind": "recurring", "timezone": "America/New_York",
            "localDate": "2026-10-20", "localTime": "10:00", "durationMinutes": 30, "rrule": "FREQ=WEEKLY;BYDAY=TU"}
    return {"tool": "series.schedule.set", "args": {**args, **more}}


def create(series_id):
    return {"tool": "series.create", "args": {"seriesId": series_id, "name": series_id, "kind": "teamMeeting"}}


def local(ms, zone):
    return dt.datetime.fromtimestamp(ms / 1000, ZoneInfo(zone))


def test_weekly_new_york_stays_at_ten_across_the_november_change(tb):
    horizon = NOW + 36 * DAY  # 2026-11-19
    *_, listed = batch(tb, [create("ser-ny"), weekly("ser-ny", horizonEndMs=horizon), upcoming("ser-ny", NOW, horizon)])
    starts = series_starts(listed, "ser-ny")
    days = [local(ms, "America/New_York").date().isoformat() for ms in starts]
    assert days == ["2026-10-20", "2026-10-27", "2026-11-03", "2026-11-10", "2026-11-17"]
    assert {local(ms, "America/New_York").strftime("%H:%M") for ms in starts} == {"10:00"}
    assert [local(ms, "UTC").hour for ms in starts] == [14, 14, 15, 15, 15]  # EDT, then EST from 1 Nov


def test_london_monthly_on_the_31st_skips_short_months(tb):
    horizon = NOW + 330 * DAY  # 2027-09
    rule = weekly("ser-ldn", timezone="Europe/London", localDate="2026-10-31", localTime="09:00",
                  rrule="FREQ=MONTHLY;BYMONTHDAY=31", horizonEndMs=horizon)
    *_, listed = batch(tb, [create("ser-ldn"), rule, upcoming("ser-ldn", NOW, horizon)])
    starts = series_starts(listed, "ser-ldn")
    assert [local(ms, "Europe/London").date().isoformat() for ms in starts] == [
        "2026-10-31", "2026-12-31", "2027-01-31", "2027-03-31", "2027-05-31", "2027-07-31", "2027-08-31"]
    assert {local(ms, "Europe/London").strftime("%H:%M") for ms in starts} == {"09:00"}
    assert [local(ms, "UTC").hour for ms in starts] == [9, 9, 9, 8, 8, 8, 8]  # GMT, then BST from 28 March


# ------------------------------------------------------------------ the expansion, as a property
DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
ZONES = ["America/New_York", "Europe/London", "Australia/Sydney", "Asia/Kolkata", "UTC"]


@st.composite
def schedules(draw):
    freq = draw(st.sampled_from(["DAILY", "WEEKLY", "MONTHLY"]))
    parts = [f"FREQ={freq}"]
    if draw(st.booleans()):
        parts.append(f"INTERVAL={draw(st.integers(1, 4))}")
    if freq == "MONTHLY" and draw(st.booleans()):
        parts.append("BYDAY=" + draw(st.sampled_from(["1MO", "-1FR", "2TU,4TU", "3WE"])))
    elif draw(st.booleans()):
        parts.append("BYDAY=" + ",".join(draw(st.lists(st.sampled_from(DAYS), min_size=1, max_size=3, unique=True))))
    if freq != "WEEKLY" and "BYDAY" not in parts[-1] and draw(st.booleans()):
        days = draw(st.lists(st.sampled_from([1, 2, 15, 28, 29, 30, 31, -1]), min_size=1, max_size=3, unique=True))
        parts.append("BYMONTHDAY=" + ",".join(map(str, days)))
    start = dt.datetime(2026, 10, 14) + dt.timedelta(days=draw(st.integers(-20, 60)))
    start = start.replace(hour=draw(st.integers(0, 23)), minute=draw(st.sampled_from([0, 15, 30, 45])))
    end = draw(st.sampled_from(["none", "count", "until"]))
    if end == "count":
        parts.append(f"COUNT={draw(st.integers(1, 40))}")
    elif end == "until":
        parts.append(f"UNTIL={(start + dt.timedelta(days=draw(st.integers(0, 120)))):%Y%m%dT%H%M%S}")
    return {"rrule": ";".join(parts), "start": start, "zone": draw(st.sampled_from(ZONES)),
            "horizon": NOW + draw(st.integers(7, 120)) * DAY}


def dateutil_expansion(s):
    """The instances dateutil gives for the rule, placed in the zone, within [now, horizon]."""
    zone = ZoneInfo(s["zone"])
    rule = rrulestr(s["rrule"], dtstart=s["start"])
    low, high = s["start"] - dt.timedelta(days=1), s["start"] + dt.timedelta(days=400)
    out = []
    for naive in rule.between(low, high, inc=True):
        ms = int(naive.replace(tzinfo=zone).timestamp()) * 1000
        if NOW <= ms <= s["horizon"]:
            out.append(ms)
    return out


_EXAMPLES = itertools.count()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(s=schedules())
def test_upcoming_is_exactly_the_dateutil_expansion(tb, s):
    """Through the engine in this process (a `tools batch` process per example would only cost time)."""
    series_id = f"ser-prop-{next(_EXAMPLES)}"
    set_args = weekly(series_id, timezone=s["zone"], localDate=f"{s['start']:%Y-%m-%d}",
                      localTime=f"{s['start']:%H:%M}", rrule=s["rrule"], horizonEndMs=s["horizon"])
    out = InProcess(tb.root).batch_env([create(series_id), set_args, upcoming(series_id, NOW, s["horizon"])], ENV)
    assert out[1]["ok"], (s, out[1])
    starts = series_starts(out[2]["result"], series_id)
    assert starts == dateutil_expansion(s), s
    assert len(set(starts)) == len(starts)


# ------------------------------------------------------------------ replacing a schedule
def test_this_and_following_keeps_earlier_meetings_on_the_old_schedule(tb):
    horizon = NOW + 40 * DAY
    *_, before = batch(tb, [create("ser-a"), weekly("ser-a", horizonEndMs=horizon), upcoming("ser-a", NOW, horizon)])
    old = [o for o in before["occurrences"] if o["seriesId"] == "ser-a"]
    third = old[2]["occurrenceId"]
    change = weekly("ser-a", localTime="11:30", localDate="2026-11-03", effectiveFromOccurrenceId=third,
                    horizonEndMs=horizon)
    saved, after = batch(tb, [change, upcoming("ser-a", NOW, horizon)])
    assert saved["effectiveFromOriginalStartMs"] == old[2]["originalStartAtMs"]
    now_rows = [o for o in after["occurrences"] if o["seriesId"] == "ser-a"]
    assert [o["occurrenceId"] for o in now_rows[:2]] == [o["occurrenceId"] for o in old[:2]]
    assert [local(o["plannedStartAtMs"], "America/New_York").strftime("%H:%M") for o in now_rows] == \
        ["10:00", "10:00"] + ["11:30"] * (len(now_rows) - 2)
    assert third not in {o["occurrenceId"] for o in now_rows}


def test_replacing_keeps_moved_and_prepared_meetings_and_makes_no_duplicates(tb):
    horizon = NOW + 30 * DAY
    *_, before = batch(tb, [create("ser-b"), weekly("ser-b", horizonEndMs=horizon), upcoming("ser-b", NOW, horizon)])
    rows = [o for o in before["occurrences"] if o["seriesId"] == "ser-b"]
    moved, prepared = rows[1], rows[2]
    batch(tb, [{"tool": "calendar.move", "args": {"occurrenceId": moved["occurrenceId"],
                                                  "plannedStartAtMs": moved["plannedStartAtMs"] + 3_600_000}},
               {"tool": "calendar.prepare", "args": {"occurrenceId": prepared["occurrenceId"],
                                                     "preparedSetup": {"source": "mic"}}}])
    again = weekly("ser-b", horizonEndMs=horizon)  # same rule: only untouched meetings are remade
    saved, after = batch(tb, [again, upcoming("ser-b", NOW, horizon + 2 * 3_600_000)])
    now_rows = [o for o in after["occurrences"] if o["seriesId"] == "ser-b"]
    ids = {o["occurrenceId"] for o in now_rows}
    assert {moved["occurrenceId"], prepared["occurrenceId"]} <= ids
    assert rows[0]["occurrenceId"] not in ids  # untouched: replaced by the new schedule's meeting
    originals = [o["originalStartAtMs"] for o in now_rows]
    assert sorted(originals) == sorted(o["originalStartAtMs"] for o in rows)  # each instance once
    assert all(o["scheduleId"] == saved["scheduleId"] for o in now_rows)


def test_one_schedule_per_series(tb):
    first, second, other = batch(tb, [create("ser-c"), create("ser-d"), weekly("ser-c"), weekly("ser-c"),
                                      weekly("ser-d")])[2:]
    assert first["scheduleId"] == second["scheduleId"]
    r = tb.run("tools", "batch", input=json.dumps([weekly("ser-c", scheduleId=other["scheduleId"])]), env=ENV)
    assert r.json[0]["error"]["code"] == "invalid_arguments"


# ------------------------------------------------------------------ calendar.tick makes meetings ahead
def test_tick_extends_schedules_to_its_horizon_once(tb):
    first_horizon, later = NOW + 10 * DAY, NOW + 40 * DAY
    tick = {"tool": "calendar.tick", "args": {"nowMs": NOW, "horizonEndMs": later}}
    results = batch(tb, [create("ser-t"), weekly("ser-t", horizonEndMs=first_horizon, reminderOffsetsMinutes=[10, 60]),
                         upcoming("ser-t", NOW, later), tick, tick, upcoming("ser-t", NOW, later),
                         {"tool": "scheduler.status"}])
    before, after, status = results[2], results[5], results[6]
    assert len(series_starts(before, "ser-t")) == 1
    starts = series_starts(after, "ser-t")
    assert [local(ms, "America/New_York").date().isoformat() for ms in starts] == [
        "2026-10-20", "2026-10-27", "2026-11-03", "2026-11-10", "2026-11-17"]
    assert status["pending"] == 2 * len(starts)  # two reminders each, made once


def _fixture(n_series):
    series = [{"seriesId": f"ser-{i}", "name": f"Series {i}", "kind": "standup",
               "schedule": {"scheduleKind": "recurring", "timezone": ZONES[i % len(ZONES)], "localDate": "2026-10-01",
                            "localTime": "09:00", "durationMinutes": 15, "rrule": "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR"}}
              for i in range(n_series)]
    return {"format": "talkbar-fixture/1",
            "workspaces": [{"workspaceId": "ws-tick", "name": "Tick", "active": True, "series": series}]}


def _sql_events(t, args):
    r = t.run("-v", "--output", "json", "tools", "call", "calendar.tick", "--args", json.dumps(args), env=ENV)
    assert r.code == 0, r
    return [json.loads(line)["name"] for line in r.stderr.splitlines()
            if line.startswith("{") and json.loads(line).get("event") == "sql"]


def test_tick_is_one_pass_of_sql_whatever_the_number_of_series(tmp_path):
    from conftest import TB
    counts = []
    for n in (2, 40):
        t = TB(tmp_path / f"root-{n}")
        assert t.import_fixture(_fixture(n)).code == 0
        queries = _sql_events(t, {"nowMs": NOW, "horizonEndMs": NOW + 14 * DAY})
        counts.append([q for q in queries if q.startswith(("calendar", "schedules"))])
    assert counts[0] == counts[1]


def test_a_one_time_schedule_is_made_once_when_the_horizon_reaches_it(tb):
    one = weekly("ser-o", scheduleKind="one_time", rrule=None, localDate="2026-11-20", horizonEndMs=NOW + DAY)
    del one["args"]["rrule"]
    tick = {"tool": "calendar.tick", "args": {"nowMs": NOW, "horizonEndMs": NOW + 60 * DAY}}
    window = upcoming("ser-o", NOW, NOW + 60 * DAY)
    results = batch(tb, [create("ser-o"), one, window, tick, tick, window])
    assert series_starts(results[2], "ser-o") == []
    assert [local(ms, "America/New_York").isoformat() for ms in series_starts(results[5], "ser-o")] == [
        "2026-11-20T10:00:00-05:00"]


def test_a_far_horizon_makes_a_thousand_meetings_a_pass_and_the_next_pass_goes_on(tb):
    far = NOW + 3650 * DAY
    daily = weekly("ser-f", rrule="FREQ=DAILY", localDate="2026-10-15", reminderOffsetsMinutes=[], horizonEndMs=far)
    page = {"tool": "calendar.upcoming", "args": {"startAtMs": NOW, "endAtMs": far, "statuses": ["planned"],
                                                  "limit": 2, "offset": 999}}
    tick = {"tool": "calendar.tick", "args": {"nowMs": NOW, "horizonEndMs": far}}
    first, _, second = batch(tb, [create("ser-f"), daily, page, tick, {**page, "args": {**page["args"], "offset": 1999}}])[2:]
    assert (len(first["occurrences"]), first["nextOffset"]) == (1, None)
    assert (len(second["occurrences"]), second["nextOffset"]) == (1, None)
    assert local(second["occurrences"][0]["plannedStartAtMs"], "America/New_York").date().isoformat() == "2032-04-05"  # the 2,000th day
