"""contacts.* (people) and organizations.* (companies).

The two families work alike — list, read, add, change, archive and bring back — so one set of
handlers serves both, told apart by the family of the operation id through KINDS. Each kind's
queries are named after it (`contact.one`, `organization.update`, …, in sql/shared/).
"""

from dataclasses import dataclass
from typing import Callable

from talkbar import paging, speaker_names
from talkbar.errors import invalid, not_found
from talkbar.ops import weblinks
from talkbar.ops.lookups import field_values, live, words


def _no_check(_fields):
    return None


def _website_check(fields):
    website = fields.get("website")
    if isinstance(website, str) and weblinks.is_unsafe(website):
        raise invalid(weblinks.unsafe_message())


@dataclass(frozen=True)
class Kind:
    name: str        # query prefix: <name>.one / .insert / .update / .link_project / .set_archived
    id_arg: str      # the id argument and result field
    id_prefix: str   # of fresh ids
    touch: str       # search index kind
    columns: dict    # argument -> (column, value when null or "")
    check: Callable  # value rules beyond the schema, before any lookup

    @property
    def id_param(self):
        return f"{self.name}_id"


KINDS = {
    "contacts": Kind("contact", "contactId", "contact", "person", {
        "name": ("name", ""), "email": ("email", None), "phone": ("phone", None), "role": ("role", None),
        "relationshipTag": ("relationship_tag", None), "notes": ("notes", "")}, _no_check),
    "organizations": Kind("organization", "organizationId", "org", "company", {
        "name": ("name", ""), "relationship": ("relationship", "other"), "website": ("website", ""),
        "notes": ("notes", "")}, _website_check),
}


def kind_of(ctx):
    return KINDS[ctx.op.id.split(".")[0]]


def read(ctx, kind, item_id, missing):
    return ctx.need(f"{kind.name}.one", missing, **{kind.id_param: item_id})


# ---------------------------------------------------------------------- shared with suggestions
def create_item(ctx, kind, fields, project_id=None):
    """Add a person or company from create-shaped fields (already schema-valid); return its id."""
    kind.check(fields)
    item_id = ctx.new_id(kind.id_prefix)
    ctx.sql(f"{kind.name}.insert", **{kind.id_param: item_id}, **field_values(fields, kind.columns))
    if project_id is not None:
        ctx.sql(f"{kind.name}.link_project", **{kind.id_param: item_id}, project_id=project_id)
    return item_id


def update_item(ctx, kind, item_id, fields, missing):
    """Change the fields given (update-shaped: null or "" clears); return the id."""
    kind.check(fields)
    read(ctx, kind, item_id, missing)
    ctx.sql(f"{kind.name}.update", **{kind.id_param: item_id}, **field_values(fields, kind.columns))
    return item_id


# ---------------------------------------------------------------------- operations
def listing(ctx, args):
    """contacts.list / organizations.list: {contacts: […]} or {organizations: […]}."""
    live(ctx, "project", args.get("projectId"))
    return {ctx.op.id.split(".")[0]: ctx.sql(ctx.op.id, words=words(args))}


def create(ctx, args):
    kind = kind_of(ctx)
    return read(ctx, kind, create_item(ctx, kind, args), ctx.op.missing)


def update(ctx, args):
    kind = kind_of(ctx)
    return read(ctx, kind, update_item(ctx, kind, args[kind.id_arg], args, ctx.op.missing), ctx.op.missing)


def set_archived(ctx, args):
    """contacts/organizations .archive and .unarchive: idempotent, the first archive date kept."""
    kind = kind_of(ctx)
    row = ctx.sql(f"{kind.name}.set_archived", **{kind.id_param: args[kind.id_arg]},
                  archived=ctx.op.id.endswith(".archive"))
    if row is None:
        raise not_found(ctx.op.missing)
    return row


def sessions(ctx, args):
    """contacts.sessions: offset pages of the sessions a person spoke in."""
    read(ctx, KINDS["contacts"], args["contactId"], ctx.op.missing)
    rows = ctx.sql("contacts.sessions")
    items, next_offset = paging.offset_page(rows, args["limit"], args["offset"])
    unnamed = [r["sessionId"] for r in items if r["speaker"] is None]
    shown = {(sid, n["speakerId"]): n["name"]
             for sid, named in (speaker_names.of_sessions(ctx, unnamed) if unnamed else {}).items() for n in named}
    for r in items:
        speaker_id = r.pop("speakerId")
        if r["speaker"] is None:
            r["speaker"] = shown[(r["sessionId"], speaker_id)]
    return {"contactId": args["contactId"], "sessions": items, "hasMore": next_offset is not None,
            "nextOffset": next_offset}
