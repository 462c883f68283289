"""exports.* (issue 9): the handlers. Each orchestrates SQL (sql/ops/exports.*.sql) and the pieces
of talkbar/exports/; delivery itself (exports.run, exports.resolve) lives in talkbar/exports/running.py
and the settings (destinations, rules) in talkbar/exports/settings.py."""

from talkbar.ops.lifecycle import need_args
from talkbar.ops.lookups import live
from talkbar.exports import batches, content, delivery, running, selection as sel, settings

config = settings.config
destination_save = settings.destination_save
destination_delete = settings.destination_delete
rule_save = settings.rule_save
rule_delete = settings.rule_delete
run = running.run
resolve = running.resolve


def sessions(ctx, args):
    live(ctx, "project", args.get("projectId"))
    need_args(ctx, args, "seriesId")
    return [r["sessionId"] for r in ctx.sql("exports.sessions")]


def preview(ctx, args):
    sel.check(args.get("selection"))
    selection = sel.normalize(args.get("selection"))
    facts = batches.live_sessions(ctx, args["sessionIds"], refuse_recording=False)
    dests = batches.enabled_destinations(ctx, args["destinationIds"])
    docs = content.load(ctx, args["sessionIds"], selection, known_facts=facts)
    claims = {d["destinationId"]: running.claims(ctx, d["destinationId"]) for d in dests}
    out_sessions, outputs = [], []
    for sid, doc in docs.items():
        reason = sel.wait_reason(doc, selection)
        out_sessions.append({"sessionId": sid, "title": doc["title"], "ready": reason is None, "waitReason": reason,
                             **{k: doc[k] for k in content.CONTENT_KEYS}})
        audio = delivery.read_audio(doc)[0] if any(d["format"] != "notion" for d in dests) else None
        for d in dests:
            outputs.append({"sessionId": sid, "destinationId": d["destinationId"],
                            **delivery.preview(d, doc, claims[d["destinationId"]], audio)})
    return {"sessions": out_sessions, "destinations": dests, "outputs": outputs}


def enqueue(ctx, args):
    sel.check(args.get("selection"))
    selection = sel.normalize(args.get("selection"))
    facts = batches.live_sessions(ctx, args["sessionIds"], refuse_recording=True)
    batches.enabled_destinations(ctx, args["destinationIds"])
    batch_id = batches.create(ctx, args["sessionIds"], args["destinationIds"], facts, selection)
    return batches.get(ctx, batch_id)


def status(ctx, args):
    batches.need(ctx, args["batchId"])
    return batches.get(ctx, args["batchId"])


def runs(ctx, args):
    batches.need(ctx, args["batchId"])
    return ctx.sql("exports.runs")


def history(ctx, args):
    return batches.shaped(ctx.sql("export_batches.rows", batch_id=None))


def cancel(ctx, args):
    batches.need(ctx, args["batchId"])
    ctx.sql("exports.cancel")
    return batches.get(ctx, args["batchId"])


def retry(ctx, args):
    selection = sel.from_json(batches.need(ctx, args["batchId"])["selection_json"])
    batches.requeue(ctx, ctx.sql("exports.retry"), selection)
    return batches.get(ctx, args["batchId"])
