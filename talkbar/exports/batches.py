"""Batches: making one (exports.enqueue and automatic exports), reading it as the operations return
it, and putting deliveries back in the queue (exports.retry, and each run for waiting ones).

A batch as returned: {batchId, workspaceId, status, automatic, createdAtMs, deliveries}; a delivery:
{deliveryId, sessionId, sessionTitle, destinationId, status, location, error, conflict, updatedAtMs}.
"""

import json

from talkbar import items
from talkbar.errors import failed, not_found, session_recording
from talkbar.exports import content, selection as sel

MISSING_SESSION = "The session is in the Trash or was deleted, so it cannot be exported."


def get(ctx, batch_id):
    """The batch as exports.status answers it (export_batches.one): a delivery's conflict is an
    object (or null)."""
    batch = ctx.sql("export_batches.one", batch_id=batch_id)
    for d in batch["deliveries"]:
        d["conflict"] = json.loads(d["conflict"]) if d["conflict"] else None
    return batch


def need(ctx, batch_id):
    """The batch row (with its selection), or not_found: the [item.export_batch] rule."""
    return items.state(ctx, items.kind("export_batch"), batch_id)


def live_sessions(ctx, session_ids, refuse_recording):
    """sessionId -> facts for every id asked for; an unknown or trashed one is not_found."""
    found = content.facts(ctx, session_ids)
    for sid in session_ids:
        if sid not in found:   # unknown or in the Trash: the refusal of talkbar/items.py
            items.live(ctx, items.kind("session"), sid)
        if refuse_recording and found[sid]["status"] == "recording":
            raise session_recording(f"Session {sid} is still recording; queue it for export after the "
                                    "recording stops.")
    return found


def known_destinations(ctx, destination_ids):
    """The destinations asked for, in that order; one that is not in this workspace is not_found."""
    found = {d["destinationId"]: d for d in ctx.sql("export_destinations.rows", destination_ids=list(destination_ids))}
    for did in destination_ids:
        if did not in found:
            raise not_found("Export destination not found in workspace")
    return [found[did] for did in destination_ids]


def enabled_destinations(ctx, destination_ids):
    """The destinations asked for, in that order; unknown is not_found, switched off is failed."""
    found = {d["destinationId"]: d for d in ctx.sql("export_destinations.rows", destination_ids=list(destination_ids))}
    for did in destination_ids:
        if did not in found:
            raise not_found("Export destination not found in workspace")
        if not found[did]["enabled"]:
            raise failed(f"Export destination {did} is turned off; turn it on with exports.destination.save first.")
    return [found[did] for did in destination_ids]


def create(ctx, session_ids, destination_ids, facts, selection, automatic=False, rule_id=None):
    """A batch of sessions x destinations; each delivery scheduled or waiting as the session is ready."""
    batch_id = ctx.new_id("batch")
    ctx.sql("export_batches.create", batch_id=batch_id, automatic=automatic, rule_id=rule_id,
            selection_json=sel.to_json(selection))
    pairs = [(s, d) for s in session_ids for d in destination_ids]
    ctx.sql("export_batches.add_deliveries", batch_id=batch_id,
            delivery_ids=[ctx.new_id("delivery") for _ in pairs],
            session_ids=[s for s, _ in pairs], destination_ids=[d for _, d in pairs],
            statuses=[sel.delivery_status(facts[s], selection) for s, _ in pairs])
    return batch_id


def requeue(ctx, deliveries, selection):
    """Scheduled again, or waiting when the session is not ready; needs attention when it is gone."""
    if not deliveries:
        return
    facts = content.facts(ctx, {d["sessionId"] for d in deliveries})
    statuses, errors = [], []
    for d in deliveries:
        f = facts.get(d["sessionId"])
        statuses.append(sel.delivery_status(f, selection) if f else "needsAttention")
        errors.append(None if f else MISSING_SESSION)
    ctx.sql("export_batches.requeue", delivery_ids=[d["deliveryId"] for d in deliveries],
            statuses=statuses, errors=errors)
