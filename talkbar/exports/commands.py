"""What `talkbar-cli exports run|worker|notion connect` do (talkbar/cli/exports_cmd.py parses and
prints). Deliveries always go through the exports.run operation, so the CLI delivers exactly as
an assistant's exports.run would; the worker also plans automatic exports (talkbar/exports/automatic.py).
Both report progress (talkbar/progress.py): a pass one step per exports.run, the worker one per batch.
"""

import json
import time

from talkbar import progress
from talkbar.errors import OpError, failed, invalid
from talkbar.exports import automatic, batches, credentials
from talkbar.exports.settings import credential_ref

ACTIVE = ("scheduled", "exporting")
POLL_S = 1.0


def active(batch):
    return [d for d in batch["deliveries"] if d["status"] in ACTIVE]


def one_pass(engine, workspace_id, batch_id):
    """Deliver every delivery of the batch that is scheduled now, one exports.run each.
    Returns (batch, whether anything was delivered)."""
    args = {"workspaceId": workspace_id, "batchId": batch_id}
    before = engine.call("exports.status", args)
    batch, calls = before, 0
    with progress.steps(max(1, sum(d["status"] == "scheduled" for d in before["deliveries"]))) as step:
        while calls <= len(before["deliveries"]):
            batch = engine.call("exports.run", args)
            calls += 1
            step(f"Batch {batch_id}: {calls} deliveries run")
            if not any(d["status"] == "scheduled" for d in batch["deliveries"]):
                break
    return batch, json.dumps(batch, sort_keys=True) != json.dumps(before, sort_keys=True)


def run_batch(engine, workspace_id, batch_id, wait=False, timeout_s=600.0, sleep=time.sleep):
    """One pass, or with `wait` passes until nothing is scheduled or running. (batch, timed out)."""
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            batch, _ = one_pass(engine, workspace_id, batch_id)
        except OpError as err:
            if err.code != "busy" or not wait:
                raise
            batch = engine.call("exports.status", {"workspaceId": workspace_id, "batchId": batch_id})
        if not wait or not active(batch):
            return batch, False
        if time.monotonic() >= deadline:
            return batch, True
        progress.say("waiting for deliveries under way elsewhere")
        sleep(min(POLL_S, max(0.0, deadline - time.monotonic())))


def worker_pass(engine, workspace_id):
    """Plan and start the automatic exports that are due, then deliver what every batch has
    scheduled. Returns the batches that changed (or were made)."""
    progress.say("planning automatic exports")
    with engine.turn("exports.run", workspace_id) as ctx:
        made = set(automatic.plan_and_start(ctx))
        due = [r["batchId"] for r in ctx.sql("export_batches.due")]
    changed = []
    with progress.steps(max(1, len(due))) as step:
        for batch_id in due:
            batch, moved = one_pass(engine, workspace_id, batch_id)
            if moved or batch_id in made:
                changed.append(batch)
            step(f"Batch {batch_id} done")
    return changed


def read_token(stream):
    """The Notion token from standard input only: never a prompt, never echoed."""
    if stream is None or stream.isatty():
        raise invalid("exports notion connect reads the Notion token from standard input only; pipe it in, "
                      "for example from your password manager.")
    token = stream.buffer.read().decode("utf-8-sig", errors="replace").strip()
    if not token:
        raise invalid("No Notion token on standard input; pipe the integration's token in.")
    if any(c.isspace() for c in token) or len(token) > 512:
        raise invalid("What came on standard input does not look like a Notion token (one word, no spaces).")
    return token


def connect_notion(engine, workspace_id, destination_id, token):
    """Store the token encrypted for a notion destination and point its credentialRef at it."""
    with engine.turn("exports.destination.save", workspace_id) as ctx:
        found = batches.known_destinations(ctx, [destination_id])
        if found[0]["format"] != "notion":
            raise failed(f"Export destination {destination_id} writes {found[0]['format']} files; only a notion "
                         "destination connects to Notion.")
        ref = credential_ref(destination_id)
        ctx.sql("export_destinations.connect_notion", destination_id=destination_id,
                ciphertext=credentials.encrypt(ctx.db_path, token))
        ctx.sql("export_destinations.set_credential_ref", destination_id=destination_id, credential_ref=ref)
    return {"destinationId": destination_id, "connected": True, "credentialRef": ref}
