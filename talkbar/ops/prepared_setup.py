"""preparedSetup: the launch settings a meeting saves (calendar.schedule, calendar.prepare).

ops.toml closes the object, so unknown fields are refused before any lookup. Here, before any write:
the templates, projects, topics, people, cards and documents it names must be in this workspace
(not_found, each named) and its cards approved (failed). The setup is stored as given, as the
JSON string calendar.get returns, except `actionItemIds` and `skippedActionItemIds`: those are the
occurrence's own lists (changed only by calendar.prep.edit), so values sent here are ignored and the
stored lists kept — a setup read with calendar.get can be sent back whole.

The four lists of the prep page (memoryIds, documentIds, actionItemIds, skippedActionItemIds) live
inside this JSON, so that the fixture import/export round-trips them with the rest of the setup.
"""

import json

from talkbar.errors import failed, limit_reached, not_found
from talkbar.ops.session_cards import MAX_CARDS

READ_ONLY = ("actionItemIds", "skippedActionItemIds")
ID_LISTS = ("topicIds", "memoryIds", "documentIds")
MAX_MEMORY_COUNT = MAX_CARDS  # the cards a session can hold (limit_reached "sessionCards", as sessions.cards.add)
MAX_DOCUMENT_COUNT = 10   # the documents a meeting can start with


def parse(stored):
    """The stored setup as a dict ({} when the meeting is not prepared)."""
    return json.loads(stored) if stored else {}


def dump(setup):
    return json.dumps(setup, ensure_ascii=False, separators=(",", ":"))


def to_store(ctx, given, stored):
    """The JSON to store for a preparedSetup given whole (None clears it), after every check."""
    if given is None:
        return None
    setup = _in_schema_order({k: v for k, v in given.items() if k not in READ_ONLY},
                             ctx.op.schema["properties"]["preparedSetup"])
    for key in ID_LISTS:
        if key in setup:
            setup[key] = list(dict.fromkeys(setup[key]))
    if "participants" in setup:
        setup["participants"] = [{**p, "name": p["name"].strip()} for p in setup["participants"]]
    check_counts(setup.get("memoryIds", []), setup.get("documentIds", []))
    problems = refs(ctx, setup)
    missing = [f"{p['field']} {p['id']}" for p in problems if p["state"] is None]
    if missing:
        raise not_found(f"preparedSetup names what is not in this workspace: {', '.join(missing)}.")
    unapproved = [f"{p['id']} is {p['state']}" for p in problems]
    if unapproved:
        raise failed(f"A meeting can start only with approved knowledge cards: {', '.join(unapproved)}.")
    own = parse(stored)
    for key in READ_ONLY:
        if own.get(key):
            setup[key] = own[key]
    return dump(setup)


def _in_schema_order(value, schema):
    """The setup with its keys (at every depth) in the order ops.toml lists them, so that the stored
    JSON does not depend on the order a caller happened to send."""
    if isinstance(value, dict):
        props = schema.get("properties", {})
        return {k: _in_schema_order(value[k], props.get(k, {})) for k in sorted(value, key=list(props).index)}
    if isinstance(value, list):
        return [_in_schema_order(v, schema.get("items", {})) for v in value]
    return value


def refs(ctx, setup, action_item_ids=()):
    """What the setup (and these action items) name that this workspace does not hold as usable:
    [{field, id, state}] with state None when unknown, else why it cannot be used."""
    contacts = [p["contactId"] for p in setup.get("participants", []) if p.get("contactId")]
    return ctx.sql("calendar_prep.refs",
                   template_ids=[setup["sessionTemplateId"]] if setup.get("sessionTemplateId") else [],
                   project_ids=[setup["projectId"]] if setup.get("projectId") else [],
                   topic_ids=setup.get("topicIds", []), memory_ids=setup.get("memoryIds", []),
                   document_ids=setup.get("documentIds", []), contact_ids=contacts,
                   action_item_ids=list(action_item_ids))


def check_counts(memory_ids, document_ids):
    if len(memory_ids) > MAX_MEMORY_COUNT:
        raise limit_reached("sessionCards", MAX_MEMORY_COUNT,
                            f"A meeting can start with at most {MAX_MEMORY_COUNT} knowledge cards "
                            f"({len(memory_ids)} given); remove some first.")
    if len(document_ids) > MAX_DOCUMENT_COUNT:
        raise failed(f"A meeting can start with at most {MAX_DOCUMENT_COUNT} documents "
                     f"({len(document_ids)} given); remove some first.")
