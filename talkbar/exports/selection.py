"""What an export takes from a session (the selection), when a session is ready for it, and the
timing of automatic exports. Pure functions; the schema in ops.toml holds the defaults and ranges.

Readiness, in the order it is reported (`waitReason`):
  sessionNotFinished  the session is not complete (open, interrupted)
  summaryMissing      the summary is selected and the session has none
  summaryStale        the summary is selected and predates the last transcript change
  audioPending        audio is selected and the session has no audio (yet)
"""

import json
from datetime import datetime, time, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from talkbar.errors import invalid
from talkbar.manifest import manifest

LISTS = ("summarySectionKeys", "turnIds", "ranges")

# waitReason -> the status a delivery waits in (no reason: it is scheduled)
DELIVERY_STATUS = {
    None: "scheduled",
    "sessionNotFinished": "waitingForSummary",
    "summaryMissing": "waitingForSummary",
    "summaryStale": "waitingForSummary",
    "audioPending": "waitingForAudio",
}

TIMING_FIELDS = {"ready": ("kind",), "delay": ("kind", "delayMs"), "daily": ("kind", "hour", "minute", "timezone")}


@lru_cache(maxsize=1)
def _defaults():
    props = manifest().get("exports.enqueue").schema["properties"]["selection"]["properties"]
    return {name: prop["default"] for name, prop in props.items() if "default" in prop}


def normalize(selection):
    """The selection with every default filled in (lists empty when not given)."""
    out = dict(_defaults())
    out.update({k: v for k, v in (selection or {}).items() if v is not None})
    for name in LISTS:
        out[name] = list(out.get(name) or [])
    return out


def check(selection):
    """Rules the schema cannot say: a range may not end before it starts."""
    for i, r in enumerate((selection or {}).get("ranges") or []):
        if r["endMs"] < r["startMs"]:
            raise invalid(f"selection.ranges[{i}].endMs must not be before its startMs")


def from_json(text):
    return normalize(json.loads(text or "{}"))


def to_json(selection):
    return json.dumps(selection, separators=(",", ":"), ensure_ascii=False)


def wait_reason(facts, selection):
    """Why the session cannot be exported with this selection yet, or None when it is ready."""
    if facts["status"] != "complete":
        return "sessionNotFinished"
    if selection["summary"]:
        generated = facts["summaryGeneratedAtMs"]
        if generated is None:
            return "summaryMissing"
        changed = facts["transcriptChangedAtMs"]
        if changed is not None and generated < changed:
            return "summaryStale"
    if selection["audio"] != "none" and not facts["audioPath"]:
        return "audioPending"
    return None


def delivery_status(facts, selection):
    return DELIVERY_STATUS[wait_reason(facts, selection)]


# ---------------------------------------------------------------------- timing of automatic exports
def check_timing(timing):
    """A timing variant takes only its own fields, and a daily one a real IANA zone."""
    allowed = TIMING_FIELDS[timing["kind"]]
    extra = [k for k in timing if k not in allowed]
    if extra:
        raise invalid(f"timing of kind {timing['kind']} does not take {', '.join(f'`{k}`' for k in extra)}; "
                      f"it takes: {', '.join(allowed)}")
    if timing["kind"] == "daily":
        zone(timing["timezone"])


def zone(name):
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise invalid(f"timing.timezone must be an IANA time zone such as Europe/Berlin, not {name!r}") from None


def due_at(timing, ready_at_ms):
    """When an automatic export of a session ready at `ready_at_ms` is due."""
    kind = timing["kind"]
    if kind == "ready":
        return ready_at_ms
    if kind == "delay":
        return ready_at_ms + timing["delayMs"]
    tz = zone(timing["timezone"])
    ready = datetime.fromtimestamp(ready_at_ms / 1000, tz)
    at = time(timing["hour"], timing["minute"])
    day = ready.date()
    while True:
        local = datetime.combine(day, at, tzinfo=tz)
        if local >= ready:
            return int(local.timestamp() * 1000)
        day += timedelta(days=1)


def ready_at(facts, selection):
    """When the session became exportable: it ended, and (if selected) its summary was written."""
    moments = [facts["endedAtMs"]]
    if selection["summary"] and facts["summaryGeneratedAtMs"] is not None:
        moments.append(facts["summaryGeneratedAtMs"])
    return max(m for m in moments if m is not None)
