"""TalkBar's plans, their limits, and the `plan_limit` refusal.

The plan is the licence activated in the app (`talkbar-cli app license activate …` stands in).
Counted limits: projects and sessions per workspace; workspaces, profiles and share links per
data root; devices per licence. `max: None` is unlimited.
"""

from talkbar import sqlfiles
from talkbar.errors import OpError

ORDER = ("free", "pro", "business")
NAMES = {"free": "Free", "pro": "Pro", "business": "Business"}
UPGRADE_URL = "https://talkbar.app/pricing"

LIMITS = {
    "free": {"projects": 1, "sessions": 50, "workspaces": 1, "profiles": 1, "shareLinks": 3,
             "devices": 1, "recordingMinutes": 600},
    "pro": {"projects": 25, "sessions": None, "workspaces": 5, "profiles": 3, "shareLinks": 100,
            "devices": 3, "recordingMinutes": None},
    "business": {"projects": 500, "sessions": None, "workspaces": 50, "profiles": 20,
                 "shareLinks": None, "devices": 10, "recordingMinutes": None},
}
PER = {"projects": "workspace", "sessions": "workspace", "workspaces": "dataRoot",
       "profiles": "dataRoot", "shareLinks": "dataRoot", "devices": "license", "recordingMinutes": "month"}
FEATURES = {
    "free": ["recording", "summaries", "search", "mcp", "cli", "exports"],
    "pro": ["recording", "summaries", "search", "mcp", "cli", "exports", "notionExport",
            "customSeriesKinds", "autoExport", "shareLinks"],
    "business": ["recording", "summaries", "search", "mcp", "cli", "exports", "notionExport",
                 "customSeriesKinds", "autoExport", "shareLinks", "adminPolicy", "prioritySupport"],
}
# singular/plural nouns for the refusal's sentence
_NOUNS = {"projects": ("project", "projects", "Project"), "sessions": ("session", "sessions", "Session")}


def usage(cur, workspace_id):
    row = sqlfiles.call(cur, "plan.usage", workspace_id=workspace_id)
    return {k: row[k] for k in ("projects", "sessions", "workspaces", "profiles", "shareLinks", "devices")}


def current_plan(cur, now_ms):
    return sqlfiles.call(cur, "plan.license", now_ms=now_ms)


def check_limit(cur, workspace_id, limit, now_ms):
    """Refuse with `plan_limit` when one more `limit` (projects | sessions) would exceed the plan."""
    lic = current_plan(cur, now_ms)
    plan = effective_plan(lic)
    maximum = LIMITS[plan][limit]
    if maximum is None:
        return
    used = usage(cur, workspace_id)[limit]
    if used < maximum:
        return
    one, many, title = _NOUNS[limit]
    noun = one if maximum == 1 else many
    name = NAMES[plan]
    text = (f"{title} limit reached ({used} of {maximum} on {name}): your plan includes {maximum} {noun}, "
            f"and this workspace already has {used}. ")
    if plan == ORDER[-1]:
        text += f"Move a {one} to Trash, then try again."
    else:
        text += (f"Move a {one} to Trash or upgrade the plan in TalkBar, then try again; "
                 f"plan.get lists the plans above {name}.")
    raise OpError("plan_limit", text, limit=limit, max=maximum, used=used, plan=plan)


def effective_plan(lic):
    if lic.get("previewTrialPlan") and lic.get("previewTrialActive"):
        return lic["previewTrialPlan"]
    return lic["plan"]


def describe(plan_id):
    return {"id": plan_id, "name": NAMES[plan_id]}


def limits(plan_id, used=None):
    """A plan's limits as plan.get shows them: {limit: {max, [used], per}} (used where counted)."""
    out = {}
    for key, maximum in LIMITS[plan_id].items():
        entry = {"max": maximum}
        if used is not None and key in used:
            entry["used"] = used[key]
        entry["per"] = PER[key]
        out[key] = entry
    return out


def upgrades(plan_id):
    out, have = [], set(FEATURES[plan_id])
    for higher in ORDER[ORDER.index(plan_id) + 1:]:
        out.append({"id": higher, "name": NAMES[higher],
                    "adds": [f for f in FEATURES[higher] if f not in have],
                    "limits": limits(higher)})
    return out
