"""calendar.tick: one pass of the meeting scheduler at the moment nowMs (the app runs it; it sends no
notification and records nothing). A fixed number of queries whatever the number of series, plus the
dateutil expansion of the schedules that do not yet reach horizonEndMs:

1. make the series' meetings up to the horizon (series_schedule.make_meetings, one insert);
2. mark missed the planned meetings without a session whose time passed since the previous pass
   (the first pass: whenever it passed) — so a missed meeting prepared again stays planned;
3. reconcile the workspace's reminder and auto-start jobs (occurrences.reconcile);
4. run the due jobs, soonest first, at most `limit`: a reminder becomes due (calendar.actionable
   lists it); an auto-start countdown is returned, unless a session is recording — TalkBar records
   one at a time — in which case its job fails with the reason (scheduler.job.retry can requeue it).
Each of the four is a progress step (talkbar/progress.py).
"""

import json

from talkbar import progress
from talkbar.errors import invalid
from talkbar.ops import occurrences
from talkbar.ops.series_schedule import make_meetings

COUNTDOWN = "autoStartCountdown"


def tick(ctx, args):
    now, horizon = args["nowMs"], args["horizonEndMs"]
    if horizon < now:
        raise invalid("horizonEndMs cannot be earlier than nowMs")
    with progress.steps(4) as step:
        schedules = ctx.sql("calendar.tick", now_ms=now, horizon_end_ms=horizon)
        make_meetings(ctx, [{**s, "fromMs": _from(s, now)} for s in schedules], horizon, now)
        step(f"Made the meetings of {len(schedules)} series up to the horizon")
        ctx.sql("calendar.tick:miss", now_ms=now)
        ctx.sql("calendar.tick:passed", now_ms=now)
        step("Marked the passed meetings missed")
        occurrences.reconcile(ctx, now_ms=now)
        step("Brought reminders and auto-starts up to date")
        countdowns = _run_due(ctx, now)
        step("Ran the due jobs")
    return countdowns


def _run_due(ctx, now):
    """Step 4: the due jobs, soonest first; the countdowns to answer."""
    due = ctx.sql("calendar.tick:due", now_ms=now)
    if not due:
        return []
    recording = ctx.sql("calendar.tick:recording")
    countdowns = [j for j in due if j["jobKind"] == "autoStart"]
    meetings = {o["occurrenceId"]: o for o in ctx.sql(
        "calendar.occurrences_by_ids", occurrence_ids=[j["occurrenceId"] for j in countdowns])}
    outcomes = [_outcome(job, meetings.get(job["occurrenceId"]), recording, now) for job in due]
    ran = {"job_ids": [j["jobId"] for j in due], "statuses": [o["status"] for o in outcomes],
           "errors": [o["error"] for o in outcomes], "now_ms": now,
           "outputs": [json.dumps(o["output"], ensure_ascii=False) if o["output"] else None for o in outcomes]}
    ctx.sql("calendar.tick:finish", **ran)
    ctx.sql("calendar.tick:runs", **ran)
    ctx.sql("calendar.tick:reminders_due", now_ms=now,
            job_ids=[j["jobId"] for j in due if j["jobKind"] == "reminder"])
    return [o["countdown"] for o in outcomes if o.get("countdown")]


def _from(schedule, now):
    """Where a schedule's next meetings start: not before now, its "this and following" boundary,
    or just after the last meeting it has made."""
    reached = schedule["reachedMs"]
    return max(now, schedule["effectiveFromOriginalStartMs"] or now, now if reached is None else reached + 1)


def _outcome(job, occurrence, recording, now):
    """What running one due job does: its status, error, output and (for a countdown) the answer row."""
    if job["jobKind"] != "autoStart":
        return {"status": "succeeded", "error": None, "output": None}
    if recording is not None:
        return {"status": "failed", "output": None,
                "error": "Another session was recording when this countdown was due; TalkBar records one "
                         "session at a time, so the meeting was not started."}
    countdown = occurrence["autoStartCountdownSeconds"]
    intent = {"occurrenceId": occurrence["occurrenceId"], "seriesId": occurrence["seriesId"],
              "title": occurrence["title"], "countdownSeconds": countdown,
              "startsAtMs": now + countdown * 1000, "preparedSetupJson": occurrence["preparedSetupJson"]}
    return {"status": "succeeded", "error": None, "output": intent,
            "countdown": {"kind": COUNTDOWN, "intent": intent, "occurrence": occurrence}}
