"""exports.preview, exports.enqueue and exports.retry: what a batch would hold, queueing one, and
queueing its failed deliveries again. (Delivery is talkbar/exports/running.py, the settings
talkbar/exports/settings.py; reading a batch, its attempts and the history are rows of ops.toml.)"""

from talkbar.exports import batches, content, delivery, running, selection as sel


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


def retry(ctx, args):
    selection = sel.from_json(batches.need(ctx, args["batchId"])["selection_json"])
    batches.requeue(ctx, ctx.sql("exports.retry"), selection)
    return batches.get(ctx, args["batchId"])
