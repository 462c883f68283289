"""Destinations and automatic export rules: exports.config, destination.save/delete, rule.save
(rule.delete is a row of ops.toml).

Refusals come in the spec's order: a wrong request (invalid_arguments) before any lookup, then
unknown ids (not_found), then what the current state forbids (failed).
"""

import json
import os

from talkbar import items, policy
from talkbar.errors import failed, invalid, not_found
from talkbar.exports import batches, naming, notion, selection as sel


def rule_view(row):
    """A rule as exports.rule.save takes it: selection and timing as objects."""
    out = {k: v for k, v in row.items() if not k.endswith("_json")}
    out["selection"] = sel.from_json(row["selection_json"])
    out["timing"] = json.loads(row["timing_json"])
    order = ("ruleId", "workspaceId", "scopeKind", "scopeId", "mode", "destinationIds", "selection", "timing",
             "reexportSummary", "reexportTranscript", "enabledAtMs")
    return {k: out[k] for k in order}


def config(ctx, _args):
    return {"destinations": ctx.sql("export_destinations.rows", destination_ids=None),
            "rules": [rule_view(r) for r in ctx.sql("export_rules.rows", rule_id=None)]}


# ---------------------------------------------------------------------- destinations
def credential_ref(destination_id):
    return f"export::{destination_id}"


def _check_location(args):
    did, fmt, location, ref = args["destinationId"], args["format"], args["location"], args.get("credentialRef")
    if fmt == "notion":
        if notion.page_id(location) is None:
            raise invalid("location of a notion destination must be a Notion page id or the page's URL")
        if ref is not None and ref != credential_ref(did):
            raise invalid(f"credentialRef must be exactly {credential_ref(did)} or null")
        return
    if ref is not None:
        raise invalid("credentialRef is only for notion destinations; leave it out or pass null")
    if not os.path.isabs(location):
        raise invalid("location must be an absolute folder path, such as /Users/me/Documents/Meetings")


def destination_save(ctx, args):
    _check_location(args)
    did, location = args["destinationId"], args["location"]
    owner = ctx.sql("exports.destination.save:owner", destination_id=did)
    if owner is not None and owner != ctx.workspace_id:
        raise failed(f"The destination id {did} is taken in another workspace; choose another id.")
    ref = args.get("credentialRef")
    if args["format"] == "notion":
        if ref is not None and not ctx.sql("exports.destination.save:connected", destination_id=did):
            raise failed(f"Notion is not connected for {did}: the user connects it in TalkBar (or pipes the token "
                         f"to `talkbar-cli exports notion connect`), and an assistant cannot store a token. Save the "
                         f"destination with credentialRef null until then.")
    else:
        if os.path.exists(location) and not os.path.isdir(location):
            raise failed(f"{location} is a file; an export destination's location must be a folder.")
        allowed = policy.current().export_folders
        if not naming.allowed_by_policy(location, allowed):
            raise failed(f"{location} is outside the folders your organization allows for exports "
                         f"({', '.join(allowed)}): {policy.MANAGED}.")
    if ref is None:
        ctx.sql("export_destinations.disconnect", destination_id=did)
    ctx.sql("exports.destination.save", name=args["name"].strip(), credential_ref=ref)
    return ctx.sql("export_destinations.rows", destination_ids=[did])[0]


def destination_delete(ctx, args):
    did = args["destinationId"]
    batches.known_destinations(ctx, [did])
    active = ctx.sql("exports.destination.delete:active")
    if active:
        noun = "delivery" if active == 1 else "deliveries"
        raise failed(f"Export destination {did} still has {active} {noun} scheduled, waiting or running; "
                     "cancel their batches with exports.cancel (or let them finish) first.")
    switched = [r["ruleId"] for r in ctx.sql("exports.destination.delete:switch_off")]
    ctx.sql("exports.destination.delete:forget", rule_ids=switched)
    ctx.sql("exports.destination.delete")
    ctx.sql("export_destinations.disconnect")
    ctx.sql("exports.destination.delete:files")
    return {"deleted": True, "switchedOffRules": switched}


# ---------------------------------------------------------------------- rules
def _check_rule(args):
    if args["scopeKind"] == "workspace" and args["mode"] == "inherit":
        raise invalid("mode inherit is not allowed for the workspace rule: there is no rule above it; "
                      "use override or disabled")
    if args["mode"] == "override" and not args["destinationIds"]:
        raise invalid("destinationIds must name at least one destination for an override rule")
    sel.check(args["selection"])
    sel.check_timing(args["timing"])


def _check_scope(ctx, kind, scope_id):
    if kind == "workspace" and scope_id != ctx.workspace_id:
        raise not_found(f"Workspace {scope_id} is not this rule's workspace: a workspace rule's scopeId is the "
                        f"id of its own workspace, {ctx.workspace_id}.")
    if kind == "project":
        items.live(ctx, items.kind("project"), scope_id)
    if kind == "series":
        items.state(ctx, items.kind("series"), scope_id)


def rule_save(ctx, args):
    _check_rule(args)
    rule_id, kind, scope_id = args["ruleId"], args["scopeKind"], args["scopeId"]
    existing = ctx.sql("exports.rule.save:existing")
    if existing is not None and existing["workspaceId"] != ctx.workspace_id:
        raise failed(f"The rule id {rule_id} is taken in another workspace; choose another id.")
    _check_scope(ctx, kind, scope_id)
    batches.known_destinations(ctx, args["destinationIds"])
    taken = ctx.sql("exports.rule.save:scope_taken")
    if taken is not None:
        raise failed(f"The {kind} {scope_id} already has the rule {taken}: one rule per scope. Save {taken} "
                     "instead, or delete it first.")
    stays_on = existing is not None and existing["mode"] == "override" and args["mode"] == "override"
    ctx.sql("exports.rule.save", selection_json=sel.to_json(sel.normalize(args["selection"])),
            timing_json=json.dumps(args["timing"], separators=(",", ":")),
            enabled_at_ms=existing["enabledAtMs"] if stays_on else ctx.now)
    return rule_view(ctx.sql("export_rules.rows")[0])

