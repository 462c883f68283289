"""Small pieces every writer shares: times, dates, labels, the parts of a document in order."""

from datetime import datetime, timezone

ITEM_TYPES = {"task": "Task", "follow_up": "Follow-up", "question": "Question", "decision": "Decision"}


def clock(ms):
    """An offset inside the session as HH:MM:SS."""
    s = max(0, ms) // 1000
    return f"{s // 3600:02d}:{s % 3600 // 60:02d}:{s % 60:02d}"


def utc(ms):
    return datetime.fromtimestamp(ms / 1000, timezone.utc)


def date(ms):
    return utc(ms).strftime("%Y-%m-%d")


def when(ms):
    """A moment for people: 2026-10-01 14:30 UTC."""
    return utc(ms).strftime("%Y-%m-%d %H:%M UTC") if ms is not None else ""


def iso(ms):
    return utc(ms).strftime("%Y-%m-%dT%H:%M:%SZ") if ms is not None else None


def duration(ms):
    if ms is None:
        return ""
    minutes = round(ms / 60000)
    return f"{minutes // 60} h {minutes % 60} min" if minutes >= 60 else f"{minutes} min"


def metadata_pairs(doc):
    """The metadata as (label, text) pairs, empty values left out."""
    m = doc["metadata"]
    if m is None:
        return []
    pairs = [("Date", when(m["startedAtMs"])), ("Duration", duration(m["durationMs"])),
             ("Project", m["projectName"] or ""), ("Series", m["seriesName"] or ""),
             ("Participants", ", ".join(m["participants"])), ("Keywords", ", ".join(m["keywords"]))]
    return [(k, v) for k, v in pairs if v]


def summary_sections(doc):
    """The summary as (title, text) pairs, as exports.preview shows it: its text under no title
    (the whole summary; with summarySectionKeys, content.py made it of those sections), then any
    section whose text the summary's text does not already hold."""
    s = doc["summary"]
    if s is None:
        return []
    text = s["text"] or ""
    out = [("", text)] if text.strip() else []
    return out + [(x["title"], x["text"]) for x in s["sections"] if x["text"].strip() not in text]


def outcome_line(item):
    """`Task: Send the quote (Zoë, due 2026-10-09)`."""
    extra = list(item["assignees"])
    if item["dueAtMs"] is not None:
        extra.append(f"due {date(item['dueAtMs'])}")
    tail = f" ({', '.join(extra)})" if extra else ""
    return f"{ITEM_TYPES.get(item['itemType'], item['itemType'])}: {item['title']}{tail}"


def is_done(item):
    return item["status"] in ("done", "answered", "superseded")


def marker_line(m):
    text = m["body"] or ""
    if m["quote"]:
        text = f"{text} \u201c{m['quote']}\u201d".strip()
    return f"[{clock(m['atMs'])}] {text or m['kind']}"


def turn_line(t):
    return f"[{clock(t['startMs'])}] {t['speaker']}: {t['text']}"


def note_title(note):
    """A note's heading in every format (a note may have an empty title)."""
    return note["title"] or "Untitled note"
