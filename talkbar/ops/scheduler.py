"""scheduler.*: the workspace's background jobs (meeting reminders and auto-starts — see
occurrences.py — and exports), their history, cancelling and retrying one.

Job statuses: pending, leased, running, succeeded, skipped, failed, cancelled.
"""

from talkbar.errors import failed, or_list

CANCELLABLE = ("pending", "leased", "running")
RETRYABLE = ("failed",)


def _job(ctx):
    return ctx.need("scheduler.job", "Job not found in workspace")


def _require(job, statuses, verb):
    if job["status"] not in statuses:
        raise failed(f"Job {job['jobId']} is {job['status']}; only {or_list(statuses)} jobs can be {verb}.")


def job_get(ctx, args):
    return {"job": _job(ctx), "runs": ctx.sql("scheduler.job.get")}


def job_cancel(ctx, args):
    _require(_job(ctx), CANCELLABLE, "cancelled")
    ctx.sql("scheduler.job.cancel")
    ctx.sql("scheduler.job.cancel:reminder")
    return _job(ctx)


def job_retry(ctx, args):
    _require(_job(ctx), RETRYABLE, "retried")
    ctx.sql("scheduler.job.retry", run_at_ms=max(args.get("runAtMs") or ctx.now, ctx.now))
    return _job(ctx)
