"""What `talkbar-cli exports run|worker|notion connect` do (talkbar/cli/exports_cmd.py parses and
prints). Deliveries always go through the exports.run operation, so the CLI delivers exactly as
an assistant's exports.run would; the worker also plans automatic exports (talkbar/exports/automatic.py).
"""

import json
import time
from contextlib import contextmanager

from talkbar import clock, policy, sqlfiles
from talkbar.context import Ctx
from talkbar.engine import CLI
from talkbar.errors import OpError, failed, invalid, not_found
from talkbar.exports import automatic, credentials
from talkbar.exports.settings import credential_ref
from talkbar.manifest import manifest

ACTIVE = ("scheduled", "exporting")
POLL_S = 1.0


def _active(batch):
    return [d for d in batch["deliveries"] if d["status"] in ACTIVE]


def one_pass(engine, workspace_id, batch_id):
    """Deliver every delivery of the batch that is scheduled now, one exports.run each.
    Returns (batch, whether anything was delivered)."""
    args = {"workspaceId": workspace_id, "batchId": batch_id}
    before = engine.call("exports.status", args)
    batch, calls = before, 0
    while calls <= len(before["deliveries"]):
        batch = engine.call("exports.run", args)
        calls += 1
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
        if not wait or not _active(batch):
            return batch, False
        if time.monotonic() >= deadline:
            return batch, True
        sleep(min(POLL_S, max(0.0, deadline - time.monotonic())))


@contextmanager
def _turn(db, workspace_id, op_id):
    """A write turn outside any operation (the worker's planning, notion connect), as `op_id` would
    have it: refused when the administrator blocks its group, on the workspace given."""
    op = manifest().get(op_id)
    policy.current().refuse_blocked(op)
    with db.cursor() as cur:
        found = sqlfiles.run(cur, sqlfiles.get("workspace.resolve"), {"workspace_id": workspace_id})
    if found is None:
        raise not_found(f"Workspace not found: {workspace_id}. workspace.list shows your workspaces.")
    ctx = Ctx(op=op, args={}, cur=None, workspace_id=found, now=clock.now_ms(), db_path=db.path,
              face=CLI, write_lock=db.write_lock)
    ctx.detach(db)
    with ctx.transaction():
        yield ctx


def worker_pass(engine, db, workspace_id):
    """Plan and start the automatic exports that are due, then deliver what every batch has
    scheduled. Returns the batches that changed (or were made)."""
    with _turn(db, workspace_id, "exports.run") as ctx:
        made = set(automatic.plan_and_start(ctx))
        due = [r["batchId"] for r in ctx.sql("exports.run:due_batches")]
    changed = []
    for batch_id in due:
        batch, moved = one_pass(engine, workspace_id, batch_id)
        if moved or batch_id in made:
            changed.append(batch)
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


def connect_notion(db, workspace_id, destination_id, token):
    """Store the token encrypted for a notion destination and point its credentialRef at it."""
    with _turn(db, workspace_id, "exports.destination.save") as ctx:
        found = ctx.sql("exports.config", destination_ids=[destination_id])
        if not found:
            raise not_found("Export destination not found in workspace")
        if found[0]["format"] != "notion":
            raise failed(f"Export destination {destination_id} writes {found[0]['format']} files; only a notion "
                         "destination connects to Notion.")
        ref = credential_ref(destination_id)
        ctx.sql("exports.destination.save:connect", destination_id=destination_id,
                ciphertext=credentials.encrypt(ctx.db_path, token))
        ctx.sql("exports.destination.save:credential_ref", destination_id=destination_id, credential_ref=ref)
    return {"destinationId": destination_id, "connected": True, "credentialRef": ref}
