"""calendar.prep and calendar.prep.edit: the app's prep page for one meeting.

What the page is made of (its choices are documented here, once):
- cards and documents: the meeting's prepared setup (memoryIds, documentIds), in prep order;
- action items (each in action_items.get's shape):
  carried   open tasks, follow-ups and questions of the series' earlier sessions (not hidden, not
            stopped from carrying), minus those skipped; the first CARRIED_SHOWN, the rest counted
            in carriedOverflow
  added     the setup's actionItemIds: items of other meetings brought in with calendar.prep.edit
  skipped   the setup's skippedActionItemIds: carried items this meeting leaves behind
  suggested open items of the meeting's project it does not carry, add or skip (newest ten)
- notes: notes of the meeting's own session once it has one, and of the series' previous session
  (what was written last time); meeting notes themselves are written in the app;
- previousSession: the series' latest session before this meeting.
projectId and sessionTemplateId are the setup's, else the series'.
"""

from talkbar.ops import action_items
from talkbar.errors import invalid
from talkbar.ops import occurrences, prepared_setup as setups

CARRIED_SHOWN = 20
LISTS = {"memory": "memoryIds", "document": "documentIds", "actionItem": "actionItemIds",
         "skippedActionItem": "skippedActionItemIds"}


def _where(occ):
    return {"series_id": occ["seriesId"], "session_id": occ["sessionId"], "planned_start_at_ms": occ["plannedStartAtMs"]}


def _carried(ctx, occ):
    """The action items a series meeting carries over (skipped ones included)."""
    return [r["itemId"] for r in ctx.sql("calendar_prep.carried", **_where(occ))] if occ["seriesId"] else []


def _page(ctx, occ):
    """Everything both operations need to know about the meeting's prep page."""
    setup = setups.parse(occ["preparedSetupJson"])
    base = ctx.sql("calendar_prep.context", **_where(occ))
    carried = _carried(ctx, occ)
    previous = base["previousSession"]
    sessions = [s for s in (occ["sessionId"], previous and previous["sessionId"]) if s]
    skipped = setup.get("skippedActionItemIds", [])
    kept = [i for i in carried if i not in skipped]
    return {
        "setup": setup, "carried": carried, "kept": kept, "previous": previous,
        "projectId": setup.get("projectId") or base["seriesProjectId"],
        "sessionTemplateId": setup.get("sessionTemplateId") or base["seriesTemplateId"],
        "notes": ctx.sql("calendar_prep.notes", session_ids=sessions),
        "actionItemCount": len(kept) + len(setup.get("actionItemIds", [])),
    }


def _head(occ, page):
    setup = page["setup"]
    memory, documents = setup.get("memoryIds", []), setup.get("documentIds", [])
    return {"occurrenceId": occ["occurrenceId"], "prepared": occ["preparedSetupJson"] is not None,
            "preparable": occ["status"] in occurrences.PREPARABLE, "sessionId": occ["sessionId"],
            "projectId": page["projectId"], "sessionTemplateId": page["sessionTemplateId"],
            "memoryIds": memory, "documentIds": documents,
            "hasContent": bool(memory or documents or page["notes"] or page["actionItemCount"])}


def prep(ctx, args):
    occ = occurrences.load(ctx)
    page = _page(ctx, occ)
    setup, head = page["setup"], _head(occ, page)
    added, skipped = setup.get("actionItemIds", []), setup.get("skippedActionItemIds", [])
    shown = page["kept"][:CARRIED_SHOWN]
    suggested = [r["itemId"] for r in ctx.sql("calendar.prep:suggested", project_id=page["projectId"],
                                                 exclude_ids=page["carried"] + added + skipped)]
    items = {r["itemId"]: r for r in action_items.rows(ctx, dict.fromkeys(shown + added + skipped + suggested))}

    def shapes(ids):
        return [items[i] for i in ids if i in items]

    return {
        "occurrenceId": occ["occurrenceId"], "title": occ["title"], "status": occ["status"],
        "plannedStartAtMs": occ["plannedStartAtMs"], "durationMinutes": occ["durationMinutes"],
        "seriesId": occ["seriesId"], "sessionId": occ["sessionId"], "prepared": head["prepared"],
        "preparable": head["preparable"], "projectId": head["projectId"],
        "sessionTemplateId": head["sessionTemplateId"],
        "notes": page["notes"],
        "cards": ctx.sql("calendar.prep", memory_ids=head["memoryIds"]),
        "documents": ctx.sql("calendar.prep:documents", document_ids=head["documentIds"]),
        "actionItems": {"carried": shapes(shown), "carriedOverflow": len(page["kept"]) - len(shown),
                        "added": shapes(added), "skipped": shapes(skipped), "suggested": shapes(suggested)},
        "previousSession": page["previous"],
    }


def edit(ctx, args):
    occ = occurrences.load(ctx)
    setup = setups.parse(occ["preparedSetupJson"])
    lists = {kind: list(setup.get(key, [])) for kind, key in LISTS.items()}
    before = {kind: set(items) for kind, items in lists.items()}
    for e in args["edits"]:
        items = lists[e["kind"]]
        if e["add"] and e["id"] not in items:
            items.append(e["id"])
        elif not e["add"] and e["id"] in items:
            items.remove(e["id"])
    _refuse(ctx, occ, args["edits"], lists, before)
    setups.check_counts(lists["memory"], lists["document"])
    for kind, key in LISTS.items():
        if lists[kind] or key in setup:
            setup[key] = lists[kind]
    stored = setups.dump(setup)
    ctx.sql("calendar.prep.edit", prepared_setup_json=stored)
    occ = {**occ, "preparedSetupJson": stored}   # all the answer reads of it that changed
    page = _page(ctx, occ)
    head = _head(occ, page)
    return {**{k: head[k] for k in ("occurrenceId", "prepared", "preparable", "sessionId", "projectId",
                                     "memoryIds", "documentIds")},
            "maxMemoryCount": setups.MAX_MEMORY_COUNT, "maxDocumentCount": setups.MAX_DOCUMENT_COUNT,
            "sessionTemplateId": head["sessionTemplateId"], "hasContent": head["hasContent"],
            "draftCount": len(page["notes"]), "actionItemCount": page["actionItemCount"]}


def _refuse(ctx, occ, edits, lists, before):
    """Refuse the whole request, naming every problem: an id that is not usable for its kind (one
    removed from its list always is), skipping an item the meeting does not carry, or an item both
    added and skipped."""
    carried = set(_carried(ctx, occ)) if any(e["kind"] == "skippedActionItem" and e["add"] for e in edits) else set()
    bad = [f"{e['id']} was not carried over to this meeting, so it cannot be skipped"
           for e in edits if e["kind"] == "skippedActionItem" and e["add"] and e["id"] not in carried]
    asked = {"memory": [], "document": [], "actionItem": []}
    for e in edits:
        if e["kind"] in asked and not (not e["add"] and e["id"] in before[e["kind"]]):
            asked[e["kind"]].append(e["id"])
    problems = setups.refs(ctx, {"memoryIds": asked["memory"], "documentIds": asked["document"]},
                           action_item_ids=asked["actionItem"])
    kinds = {"memoryIds": "knowledge card", "documentIds": "document", "actionItemIds": "action item"}
    order = {(LISTS[e["kind"]], e["id"]): i for i, e in reversed(list(enumerate(edits)))}
    for p in sorted(problems, key=lambda p: order[(p["field"], p["id"])]):
        what = kinds[p["field"]]
        bad.append(f"{p['id']} is not a {what} of this workspace" if p["state"] is None
                   else f"{what} {p['id']} is {p['state']}" + (", not approved" if p["field"] == "memoryIds" else ""))
    both = [i for i in lists["actionItem"] if i in lists["skippedActionItem"]]
    if both:
        bad.append(f"{', '.join(both)} would be both added and skipped; an item is either brought in or left behind")
    if bad:
        raise invalid(f"calendar.prep.edit changed nothing: {'; '.join(bad)}")
