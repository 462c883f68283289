"""Automatic exports: rules -> background jobs -> automatic batches (run by `exports worker`).

When a session becomes exportable and a rule applies (the nearest scope decides: series, then
project, then workspace), an export job is planned for the time the rule's timing says: ready (at
once), delay (after delayMs) or daily (the next hour:minute in the rule's time zone). A job is one
row of the shared `jobs` table:

    job_kind 'export', queue_name 'exports', scope_type 'exportRule' / scope_id the rule,
    target_type 'session' / target_id the session, run_at_ms the due time, max_attempts 1,
    dedupe_key 'export:<rule>:<session>:<version>', payload_json {"batchId"} once done,
    status pending -> succeeded (its batch made) | skipped (the rule no longer applies) | cancelled
    (scheduler.job.cancel: the export is not made).

The version is what the rule re-exports on: the summary's time with reexportSummary, the
transcript's last change with reexportTranscript; a new version plans a new job, so a changed
session is exported again. A rule only exports sessions that became ready after it was enabled.
"""

import json

from talkbar.exports import batches, selection as sel


def _version(c):
    parts = [str(c["summaryGeneratedAtMs"]) if c["reexportSummary"] else "-",
             str(c["transcriptChangedAtMs"]) if c["reexportTranscript"] else "-"]
    return ":".join(parts)


def candidates(ctx):
    """dedupe key -> candidate (a session ready for its rule), with its due time."""
    out = {}
    for c in ctx.sql("export_automation.candidates"):
        selection = sel.from_json(c["selection_json"])
        if sel.wait_reason(c, selection) is not None:
            continue
        ready = sel.ready_at(c, selection)
        if ready < c["enabledAtMs"]:
            continue
        c["selection"] = selection
        c["dueAtMs"] = sel.due_at(json.loads(c["timing_json"]), ready)
        out[f"export:{c['ruleId']}:{c['sessionId']}:{_version(c)}"] = c
    return out


def plan_and_start(ctx):
    """Plan the jobs of sessions that became ready, then make the batches of the jobs now due.
    Returns the ids of the batches made."""
    found = candidates(ctx)
    keys = list(found)
    if keys:
        ctx.sql("export_automation.plan", job_ids=[ctx.new_id("job") for _ in keys],
                rule_ids=[found[k]["ruleId"] for k in keys], session_ids=[found[k]["sessionId"] for k in keys],
                run_at=[found[k]["dueAtMs"] for k in keys], dedupe_keys=keys)
    due = ctx.sql("export_automation.due")
    if not due:
        return []
    destinations = {d["destinationId"]: d for d in ctx.sql("export_destinations.rows", destination_ids=None)}
    made, statuses, errors, payloads = [], [], [], []
    for job in due:
        c = found.get(job["dedupeKey"])
        batch_id, why = _start(ctx, c, destinations) if c is not None else (
            None, "The rule no longer applies to this session.")
        statuses.append("succeeded" if batch_id else "skipped")
        errors.append(why)
        payloads.append(json.dumps({"ruleId": job["ruleId"], "sessionId": job["sessionId"], "batchId": batch_id}))
        if batch_id:
            made.append(batch_id)
    job_ids = [job["jobId"] for job in due]
    ctx.sql("export_automation.done", job_ids=job_ids, statuses=statuses, errors=errors, payloads=payloads)
    ctx.sql("export_automation.job_run", run_ids=[ctx.new_id("jobrun") for _ in due], job_ids=job_ids,
            statuses=statuses, errors=errors, payloads=payloads)
    return made


def _start(ctx, c, destinations):
    enabled = [did for did in c["destinationIds"] if did in destinations and destinations[did]["enabled"]]
    if not enabled:
        return None, "None of the rule's destinations exists and is turned on."
    facts = {c["sessionId"]: c}
    return batches.create(ctx, [c["sessionId"]], enabled, facts, c["selection"], automatic=True,
                          rule_id=c["ruleId"]), None
