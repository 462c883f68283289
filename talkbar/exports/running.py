"""exports.run and exports.resolve: one delivery attempt, from taking it to recording its outcome.

exports.run runs outside the write queue (`outside_queue` in ops.toml): it takes the next scheduled
delivery in one short write turn, writes the files or Notion pages with no turn held (so
exports.cancel and every other write go on meanwhile), and records the outcome in a second turn.
One export at a time per server: a second run while one is in progress answers busy.
Progress (talkbar/progress.py): taken, delivered, recorded.
"""

import json
import threading
from dataclasses import dataclass

from talkbar import clock, events, policy, progress
from talkbar.errors import busy, failed, unexpected
from talkbar.exports import batches, content, delivery, selection as sel
from talkbar.exports.outcome import EXPORTED, Outcome, Resolution, attention

RETRY_AFTER_MS = 5000
STALE_MS = 15 * 60 * 1000
STALE = "The export stopped before it finished (TalkBar was closed or stopped); retry it with exports.retry."
BUSY = ("An export is already running on this server, and only one runs at a time. "
        "Call exports.run again in a few seconds.")

_one_at_a_time = threading.Lock()


@dataclass
class Attempt:
    """What one delivery attempt needs, read in a write turn and used outside it."""
    delivery_id: str
    destination_id: str
    session_id: str
    run_id: str
    destination: dict
    claims: dict
    doc: dict


def run(ctx, args):
    if not _one_at_a_time.acquire(blocking=False):
        raise busy(retry_after_ms=RETRY_AFTER_MS, message=BUSY)
    try:
        with progress.steps(3) as step:
            with ctx.transaction():
                attempt = _take_next(ctx, args["batchId"])
            if attempt is not None:
                where = (attempt.destination or {}).get("name") or attempt.destination_id
                step(f"Exporting session {attempt.session_id} to {where}")
                outcome = _deliver(ctx, attempt)
                step(f"Session {attempt.session_id} to {where}: {outcome.status}")
                with ctx.transaction():
                    record(ctx, attempt, outcome, from_status="exporting")
                step("Recorded the outcome")
        return batches.get(ctx, args["batchId"])
    finally:
        _one_at_a_time.release()


def _take_next(ctx, batch_id):
    selection = sel.from_json(batches.need(ctx, batch_id)["selection_json"])
    ctx.sql("exports.run:stale", batch_id=batch_id, before_ms=ctx.now - STALE_MS, error=STALE)
    ctx.sql("exports.run:stale_runs", batch_id=batch_id, before_ms=ctx.now - STALE_MS, error=STALE)
    batches.requeue(ctx, ctx.sql("exports.run:waiting", batch_id=batch_id), selection)
    taken = ctx.sql("exports.run", batch_id=batch_id)
    if taken is None:
        return None
    run_id = ctx.new_id("run")
    ctx.sql("export_runs.start", run_id=run_id, batch_id=batch_id, delivery_id=taken["deliveryId"])
    return load(ctx, taken, selection, run_id)


def load(ctx, delivery, selection, run_id):
    """The destination, what TalkBar wrote there, and the session document for one delivery."""
    did, sid = delivery["destinationId"], delivery["sessionId"]
    doc = content.load(ctx, [sid], selection).get(sid)
    return Attempt(delivery["deliveryId"], did, sid, run_id, ctx.sql("export_runs.destination", destination_id=did),
                   claims(ctx, did), doc)


def claims(ctx, destination_id):
    """What TalkBar wrote at the destination: target -> {sessionId, contentHash}."""
    return {r.pop("target"): r for r in ctx.sql("export_runs.claims", destination_id=destination_id)}


def _deliver(ctx, attempt, resolution=None):
    if attempt.doc is None:
        return attention(batches.MISSING_SESSION)

    def cancelled():
        return ctx.sql("export_runs.status_of", delivery_id=attempt.delivery_id) == "cancelled"

    try:
        return delivery.deliver(attempt.destination, attempt.doc, attempt.claims, clock.now_ms(),
                                db_path=ctx.db_path, export_folders=policy.current().export_folders,
                                resolution=resolution, cancelled=cancelled)
    except Exception as exc:  # noqa: BLE001 - the delivery must not stay `exporting` whatever went wrong
        events.emit("export.crash", error=f"{type(exc).__name__}: {exc}")
        return attention(f"TalkBar could not export the session ({unexpected(exc)}); retry it, and "
                         "report it if it happens again.")


def record(ctx, attempt, outcome, from_status):
    """The outcome on the delivery (unless it was cancelled meanwhile), its run, and the claims."""
    done = ctx.sql("export_runs.finish", delivery_id=attempt.delivery_id, from_status=from_status,
                   status=outcome.status, location=outcome.location, error=outcome.error,
                   conflict_json=json.dumps(outcome.conflict) if outcome.conflict else None,
                   written_json=json.dumps([{"target": t, "contentHash": h} for t, h in outcome.written])
                   if outcome.written else None)
    if outcome.released:
        ctx.sql("export_runs.release", destination_id=attempt.destination_id, targets=outcome.released)
    if outcome.written:
        ctx.sql("export_runs.claim", destination_id=attempt.destination_id, session_id=attempt.session_id,
                delivery_id=attempt.delivery_id, targets=[t for t, _ in outcome.written],
                hashes=[h for _, h in outcome.written])
    if attempt.run_id:
        ctx.sql("export_runs.finish_run", run_id=attempt.run_id, status=outcome.status if done else "cancelled",
                error=outcome.error)


def resolve(ctx, args):
    d = ctx.need("exports.resolve", "Export delivery not found in workspace")
    if d["status"] != "needsAttention":
        raise failed(f"Only a delivery that needs attention can be resolved; {d['deliveryId']} is {d['status']}.")
    if not d["conflict_json"]:
        raise failed(f"Delivery {d['deliveryId']} needs attention but has no conflict to resolve; queue it "
                     "again with exports.retry.")
    target = json.loads(d["conflict_json"])["target"]
    if args["action"] == "keepExternal":
        attempt = Attempt(d["deliveryId"], d["destinationId"], d["sessionId"], None, None, {}, None)
        outcome = Outcome(EXPORTED, location=target, released=[target])
    else:
        run_id = ctx.new_id("run")
        ctx.sql("export_runs.start", run_id=run_id, batch_id=d["batchId"], delivery_id=d["deliveryId"])
        attempt = load(ctx, d, sel.from_json(d["selection_json"]), run_id)
        outcome = _deliver(ctx, attempt, Resolution(args["action"], target))
    record(ctx, attempt, outcome, from_status="needsAttention")
    return batches.get(ctx, d["batchId"])
