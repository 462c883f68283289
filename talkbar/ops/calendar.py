"""calendar.*: reading, scheduling, preparing, moving, snoozing, cancelling and skipping meetings.

(calendar.prep and calendar.prep.edit live in prep.py, calendar.tick in tick.py; the statuses each
operation accepts and the reminder jobs that follow a meeting in occurrences.py.)
"""

from talkbar import paging
from talkbar.errors import failed, invalid
from talkbar.ops import occurrences, prepared_setup, recurrence

DEFAULT_STATUSES = ("planned", "started", "completed", "missed")


def upcoming(ctx, args):
    if args["endAtMs"] < args["startAtMs"]:
        raise invalid("endAtMs cannot be earlier than startAtMs")
    rows = ctx.sql("calendar.upcoming", statuses=args.get("statuses") or list(DEFAULT_STATUSES),
                   limit=args["limit"] + 1)
    items, next_offset = paging.offset_page(rows, args["limit"], args["offset"])
    return {"occurrences": items, "nextOffset": next_offset}


def schedule(ctx, args):
    recurrence.zone(args["timezone"])
    if ctx.sql("calendar.occurrence_id_taken"):
        raise failed("An occurrence with this id already exists; use another id or change the existing one")
    if args.get("seriesId") is not None:
        occurrences.live_series(ctx, args["seriesId"])
    setup = prepared_setup.to_store(ctx, args.get("preparedSetup"), None)
    ctx.sql("calendar.schedule", title=_title(args.get("title")), prepared_setup_json=setup,
            reminder_offsets_minutes=occurrences.offsets(args["reminderOffsetsMinutes"]))
    return _changed(ctx, args["occurrenceId"])


def prepare(ctx, args):
    occ = occurrences.load_for_change(ctx)
    setup = occ["preparedSetupJson"]
    if "preparedSetup" in args:
        setup = prepared_setup.to_store(ctx, args["preparedSetup"], occ["preparedSetupJson"])
    given = args.get("reminderOffsetsMinutes")
    ctx.sql("calendar.prepare", set_title="title" in args, title=_title(args.get("title")),
            prepared_setup_json=setup, reminder_offsets_minutes=None if given is None else occurrences.offsets(given))
    return _changed(ctx, occ["occurrenceId"])


def move(ctx, args):
    _future(ctx, "plannedStartAtMs")
    occurrences.load_for_change(ctx)
    ctx.sql("calendar.move")
    return _changed(ctx, args["occurrenceId"])


def snooze(ctx, args):
    _future(ctx, "snoozedUntilMs")
    occurrences.load_for_change(ctx)
    ctx.sql("calendar.snooze")
    ctx.sql("calendar.snooze:reminders")
    ctx.sql("calendar.snooze:jobs")
    return _changed(ctx, args["occurrenceId"])


def cancel(ctx, args):
    return _close(ctx, "cancelled")


def skip(ctx, args):
    return _close(ctx, "skipped")


def start(ctx, args):
    occ = occurrences.load(ctx)
    reason = "captureHostUnavailable" if occ["status"] == "planned" else "notPlanned"
    return {"intent": None, "unavailableReason": reason}


def _close(ctx, status):
    occurrences.load_for_change(ctx)
    ctx.sql("calendar.close", status=status)
    return _changed(ctx, ctx.args["occurrenceId"])


def _changed(ctx, occurrence_id):
    """After a change to one meeting: its jobs follow, and it is read back."""
    occurrences.reconcile(ctx, occurrence_ids=[occurrence_id])
    return occurrences.load(ctx, occurrence_id)


def _future(ctx, field):
    if ctx.args[field] <= ctx.now:
        raise invalid(f"{field} must be in the future (now is {ctx.now})")


def _title(title):
    return title.strip() if isinstance(title, str) else None
