"""series.schedule.get|set, and making a schedule's meetings (shared with calendar.tick).

A series has at most one schedule; its id is made on the first save and kept by later ones.
Setting a schedule replaces the meetings the schedule made that are still ahead and untouched
(planned, not moved, not prepared) from the boundary on — now, or the original start of
effectiveFromOccurrenceId ("this and following"); earlier meetings keep the old schedule. Meetings
added to the series by calendar.schedule (scheduleId null) are not the schedule's and stay. The new
meetings are the dateutil expansion from the boundary to horizonEndMs (default: 90 days from now),
each instance once: an instance whose original start the series already holds is not made again.
"""

from talkbar.errors import invalid, not_found
from talkbar.ops import occurrences, recurrence

HORIZON_MS = 90 * 24 * 3600 * 1000
PER_PASS = 1000


def set_schedule(ctx, args):
    tz = recurrence.zone(args["timezone"])
    start = recurrence.local_start(args["localDate"], args["localTime"])
    rule = args.get("rrule")
    if args["scheduleKind"] == "recurring":
        if rule is None:
            raise invalid("rrule is required for a recurring schedule, such as FREQ=WEEKLY;BYDAY=TU")
        recurrence.build(recurrence.parse(rule), start, tz)
    elif rule is not None:
        raise invalid("rrule is only for recurring schedules; leave it out of a one_time schedule")
    occurrences.live_series(ctx, args["seriesId"], "take a schedule")
    schedule_id = _schedule_id(ctx, args.get("scheduleId"), ctx.sql("schedules.of_series"))
    effective = _effective_from(ctx, args.get("effectiveFromOccurrenceId"))
    boundary = ctx.now if effective is None else max(ctx.now, effective)
    ctx.sql("series.schedule.set", schedule_id=schedule_id, rrule=rule.strip() if rule else None,
            title=args.get("title"), effective_from_original_start_ms=effective,
            reminder_offsets_minutes=occurrences.offsets(args["reminderOffsetsMinutes"]))
    ctx.sql("series.schedule.set:replace", schedule_id=schedule_id, boundary_ms=boundary)
    saved = ctx.sql("schedules.of_series")
    make_meetings(ctx, [{**saved, "fromMs": boundary}], args.get("horizonEndMs", ctx.now + HORIZON_MS), ctx.now)
    occurrences.reconcile(ctx, series_id=args["seriesId"])
    return saved


def make_meetings(ctx, schedules, horizon_ms, now_ms):
    """Create the meetings of `schedules` (schedule rows, each with fromMs) up to horizon_ms, all in one
    insert, and record how far each schedule now reaches. A schedule makes at most PER_PASS meetings
    at a time (a far horizon must not flood the calendar in one call); the next pass goes on from
    where it stopped."""
    schedule_ids, starts, reached = [], [], []
    for s in schedules:
        times = recurrence.instances(s, s["fromMs"], horizon_ms, limit=PER_PASS)
        reached.append(times[-1] if len(times) == PER_PASS else horizon_ms)
        schedule_ids.extend(s["scheduleId"] for _ in times)
        starts.extend(times)
    if starts:
        ctx.sql("schedules.add_meetings", schedule_ids=schedule_ids, starts=starts, now_ms=now_ms)
    if schedules:
        ctx.sql("schedules.reached", schedule_ids=[s["scheduleId"] for s in schedules], reached=reached)


def _schedule_id(ctx, given, current):
    if current is None:
        if given is not None:
            raise invalid(f"This series has no schedule yet, so scheduleId {given} is not its; "
                          "leave scheduleId out and one is made")
        return ctx.new_id("schedule")
    if given is not None and given != current["scheduleId"]:
        raise invalid(f"A series has one schedule: this one's is {current['scheduleId']}; "
                      "pass that scheduleId or leave it out")
    return current["scheduleId"]


def _effective_from(ctx, occurrence_id):
    """The original start of the meeting a change applies from ("this and following"), or None."""
    if occurrence_id is None:
        return None
    found = ctx.sql("series.schedule.set:effective_from", occurrence_id=occurrence_id)
    if found is None:
        raise not_found(f"Occurrence {occurrence_id} is not a meeting of series {ctx.args['seriesId']}; "
                        "calendar.upcoming lists the series' meetings.")
    return found
