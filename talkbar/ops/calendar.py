"""calendar.schedule and calendar.prepare: a meeting's launch settings are checked and stored
(prepared_setup.py). The other calendar.* operations are rows of ops.toml (each one's statuses in its
`status` rule; the jobs that follow a change in the sequence follow_calendar_jobs); calendar.prep and
.prep.edit live in prep.py, calendar.tick in tick.py.
"""

from talkbar.errors import failed
from talkbar.ops import occurrences, prepared_setup, recurrence


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
    occ = occurrences.load(ctx)
    setup = occ["preparedSetupJson"]
    if "preparedSetup" in args:
        setup = prepared_setup.to_store(ctx, args["preparedSetup"], occ["preparedSetupJson"])
    given = args.get("reminderOffsetsMinutes")
    ctx.sql("calendar.prepare", set_title="title" in args, title=_title(args.get("title")),
            prepared_setup_json=setup, reminder_offsets_minutes=None if given is None else occurrences.offsets(given))
    return _changed(ctx, occ["occurrenceId"])


def _changed(ctx, occurrence_id):
    """After a change to one meeting: its jobs follow, and it is read back."""
    occurrences.reconcile(ctx, occurrence_ids=[occurrence_id])
    return occurrences.load(ctx, occurrence_id)


def _title(title):
    return title.strip() if isinstance(title, str) else None
