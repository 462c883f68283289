"""series.*: session series, their kinds, archive, and which sessions belong to them.

(Schedules and the meetings they create: series_schedule.py.)
"""

from talkbar.casing import snake
from talkbar.errors import failed, invalid, not_found
from talkbar.manifest import manifest
from talkbar.ops import occurrences

# The kinds the app suggests a template for, by the template's name in the workspace (matched
# without case); the first name the workspace has wins. Other kinds suggest none.
SUGGESTED_TEMPLATES = {
    "oneOnOne": ("1:1 check-in", "1:1", "One-on-one"),
    "standup": ("Standup", "Daily standup"),
    "teamMeeting": ("Weekly sync", "Team meeting"),
    "clientMeeting": ("Client meeting",),
    "customerCheckIn": ("Client meeting", "Customer check-in"),
    "interview": ("Interview scorecard", "Interview"),
    "hiringInterview": ("Interview scorecard", "Hiring interview"),
    "salesCall": ("Discovery call", "Sales call"),
    "userResearch": ("User research", "Discovery call"),
    "retro": ("Retro", "Retrospective"),
    "brainstorm": ("Brainstorm",),
    "boardMeeting": ("Board meeting",),
}
# Icons a series kind may use (the app's symbol names).
ICONS = ("person", "people", "person.2", "building", "phone", "video", "mic", "lightbulb", "star",
         "flag", "briefcase", "chart", "book", "graduationcap", "hammer", "heart", "bubble", "calendar",
         "clock", "globe", "megaphone", "target", "rocket", "sparkles")


def _series(ctx, series_id=None):
    series_id = series_id or ctx.args["seriesId"]
    return ctx.need("series.one", "Series not found in workspace", series_id=series_id)


def kinds(ctx, args):
    builtin = [k for k in manifest().get("series.create").schema["properties"]["kind"]["enum"] if k != "custom"]
    wanted = [(k, i, name.lower()) for k, names in SUGGESTED_TEMPLATES.items() for i, name in enumerate(names)]
    found = {r["kind"]: r["templateId"] for r in ctx.sql("series.kinds.list:suggested", kinds=[w[0] for w in wanted],
                                                          ranks=[w[1] for w in wanted], names=[w[2] for w in wanted])}
    return {"builtin": [{"key": k, "suggestedTemplateId": found.get(k)} for k in builtin],
            "custom": ctx.sql("series.kinds.list"), "icons": list(ICONS)}


def _kind_rule(kind, custom_kind_id):
    """kind custom goes with a workspace kind, and a workspace kind with kind custom."""
    if kind == "custom" and custom_kind_id is None:
        raise invalid("kind custom needs customKindId: one of the workspace's own kinds (series.kinds.list)")
    if kind != "custom" and custom_kind_id is not None:
        raise invalid(f"customKindId goes with kind custom, not {kind}")


def kind_rule(args):
    """series.create's `check`: the kind and the workspace kind go together."""
    _kind_rule(args["kind"], args.get("customKindId"))


def create(ctx, args):
    """The ids it names are checked by its row (live), the kind by kind_rule."""
    if ctx.sql("series.create:taken"):
        raise failed("A series with this id already exists; use another id or change the existing one")
    ctx.sql("series.create", name=args["name"].strip())
    return _series(ctx)


def update(ctx, args):
    current = _series(ctx)
    kind = args.get("kind", current["kind"])
    if "customKindId" in args:
        custom = args["customKindId"]
    else:
        custom = current["customKindId"] if kind == "custom" else None
    _kind_rule(kind, custom)
    fields = ("name", "description", "projectId", "anchorContactId", "templateId")
    ctx.sql("series.update", kind=kind, custom_kind_id=custom, name=(args.get("name") or "").strip(),
            **{f"set_{snake(f)}": f in args for f in fields})
    return _series(ctx)


def archive(ctx, args):
    current = _series(ctx)
    if args["archived"] == (current["archivedAtMs"] is not None):
        return current
    ctx.sql("series.archive", archived=args["archived"])
    if not args["archived"]:
        ctx.sql("series.archive:skip_passed")
    occurrences.reconcile(ctx, series_id=args["seriesId"])
    return _series(ctx)


def assign_sessions(ctx, args):
    session_ids = list(dict.fromkeys(args["sessionIds"]))
    series_id = args["seriesId"]
    target = _series(ctx, series_id) if series_id is not None else None
    found = {r["sessionId"]: r for r in ctx.sql("series.sessions.assign:sessions", session_ids=session_ids)}
    problems = [f"Session not found in workspace: {s}." if s not in found else f"Session {s} is in the Trash; restore it first."
                for s in session_ids if s not in found or found[s]["trashed"]]
    if problems:
        raise not_found(" ".join(problems))
    if target is not None:
        occurrences.not_archived(target, "take new sessions")
    changed = ctx.sql("series.sessions.assign", session_ids=session_ids)
    return {"changed": len(changed)}
