"""What the calendar operations share: reading an occurrence, the statuses a meeting can be
prepared in, and the scheduler jobs that follow an occurrence (which statuses each operation
accepts is its row's `status` rule in ops.toml).

Jobs this family keeps in the scheduler's `jobs` table (shared with exports), queue "calendar":

| job_kind  | run_at                          | target                  | also                           |
| --------- | ------------------------------- | ----------------------- | ------------------------------ |
| reminder  | planned start - offset minutes  | occurrence (target_id)  | a `reminders` row, same job_id |
| autoStart | planned start                   | occurrence (target_id)  | the auto-start countdown       |

scope_type/scope_id name the occurrence's series (or the occurrence itself when it has none).
A planned meeting whose time has not passed, not quiet and outside the archive wants one reminder
job per offset and, with startMode automatic, one autoStart job (the `calendar_wanted_jobs` macro,
sql/schema/0500_calendar.sql). `reconcile` makes the queue match that after any change: unwanted
pending jobs are skipped (their reminders cancelled), missing ones are added. Jobs that already ran,
failed or that the user cancelled (scheduler.job.cancel) stay as they are and are not made again:
their dedupe key names the meeting, the offset and the planned start.
"""

from talkbar.errors import failed
from talkbar.manifest import manifest

PREPARABLE = ("planned", "missed", "unscheduled")   # as calendar.prepare's row says (calendar.prep shows it)


def load(ctx, occurrence_id=None):
    """The occurrence (calendar.get's shape) or not_found naming it."""
    occurrence_id = occurrence_id or ctx.args["occurrenceId"]
    return ctx.need("calendar.occurrence",
                    "Occurrence not found in workspace",
                    occurrence_id=occurrence_id)


def live_series(ctx, series_id, what="take new meetings"):
    """A series of this workspace outside the archive (not_found / failed otherwise)."""
    row = ctx.need("series.one", "Series not found in workspace", series_id=series_id)
    return not_archived(row, what)


def not_archived(series, what):
    """The series row, unless it is archived: then `failed`, saying it cannot `what`."""
    if series["archivedAtMs"] is not None:
        raise failed(f"Archived series cannot {what}; restore {series['seriesId']} with series.archive "
                     "(archived: false) first.")
    return series


def reconcile(ctx, *, occurrence_ids=None, series_id=None, now_ms=None):
    """Make the calendar's jobs match its occurrences (those named, a series', or the workspace's)."""
    scope = {"occurrence_ids": occurrence_ids, "occurrence_id": None, "series_id": series_id,
             "now_ms": ctx.now if now_ms is None else now_ms}
    for query in manifest().sequences["follow_calendar_jobs"]:
        ctx.sql(query, **scope)


def offsets(values):
    """Reminder offsets as stored: repeats removed, soonest-to-start last (ascending minutes)."""
    return sorted(set(values))
