"""Reads of the session page: sessions.get, .recording, .stats, .live_cards, .keywords.get.

The SQL gives each answer its shape (talkbar/ops/session_lookup.py refuses unknown and trashed
sessions first); these handlers add what depends on the moment: whether the session records right
now (then `recording: true`, no summary yet, provisional speakers) and whether the app runs.
"""

import math

from talkbar import app_state, speaker_names
from talkbar.ops import action_items
from talkbar.ops.session_lookup import read_live, recording


def split_items(ctx, rows):
    """session_items.rows by role, each in action_items.get's shape:
    {"captured": [...], "decision": [...], "brought": [...]}."""
    shapes = {r["itemId"]: r for r in action_items.rows(ctx, [row["itemId"] for row in rows])}
    came_up = came_up_of(ctx, "action_item", [row["itemId"] for row in rows if row["role"] == "brought"])
    out = {"captured": [], "decision": [], "brought": []}
    for row in rows:
        item = shapes[row["itemId"]]
        if row["role"] == "brought":
            item = {**item, "statusWhenBroughtIn": row["statusWhenBroughtIn"], "cameUp": came_up.get(row["itemId"])}
        out[row["role"]].append(item)
    return out


def came_up_of(ctx, kind, target_ids):
    """{targetId: cameUp} for the targets of this kind the session's conversation came back to
    (came_up.moments); no query when there are none."""
    if not target_ids:
        return {}
    return {r["targetId"]: r["cameUp"]
            for r in ctx.sql("came_up.moments", session_id=ctx.args["sessionId"], kind=kind, target_ids=target_ids)}


def get(ctx, _args):
    out = read_live(ctx, "sessions.get")
    participants, spoken, shown, sections, rows = ctx.sql_each([
        ("sessions.get:participants", {}), ("session_speakers.spoken", {"session_no": out.pop("sessionNo")}),
        ("sessions.get:summary", {}), ("sessions.get:sections", {}), ("session_items.rows", {})])
    items = split_items(ctx, rows)
    summary = None if shown is None else {
        "text": shown["text"],
        "sections": [{k: s[k] for k in ("key", "title", "text")} for s in sections if s["length"] == shown["length"]],
        "generatedBy": {k: shown[k] for k in ("provider", "model", "edited")}}
    out.update(participantCount=participants, speakerCount=len(spoken), summary=summary,
               actionItems=items["captured"], decisions=items["decision"])
    if recording(out):
        out.update(recording=True, summaryPending=True, summary=None)
    return out


def current_recording(ctx, _args):
    row = ctx.sql("sessions.recording")
    if row is None:
        return {"recording": None}
    running = app_state.app_running(ctx.db_path)
    return {"recording": {**row, "appRunning": running, "stale": running is False}}


def stats(ctx, _args):
    head = read_live(ctx, "sessions.stats")
    sid, key = head["sessionId"], head.pop("sessionNo")
    speakers, chars, runs, summary = speaker_names.of_page(
        ctx, sid, key, ("sessions.stats:chars", {"session_no": key}), ("sessions.stats:runs", {}),
        ("sessions.stats:summary", {}))
    out = {**head, **_clock(ctx, head, runs, speakers)}
    talk = sum(s["talkMs"] for s in speakers)
    out.update(turns=sum(s["turns"] for s in speakers), transcriptChars=chars,
               speakerCount=sum(1 for s in speakers if s["turns"] > 0), talkTimeMs=talk)
    shown = [{"speakerId": s["speakerId"], "contactId": s["contactId"], "name": s["name"], "isUser": s["isUser"],
              "excludedFromAi": s["excludedFromAi"], "talkTimeMs": s["talkMs"],
              "share": _share(s["talkMs"], talk), "turns": s["turns"]} for s in speakers]
    if recording(out):
        # while it records, speakers are what the transcript holds so far: not yet the speakers
        # that sessions.speakers.* take
        out["speakers"] = [{**s, "speakerId": None, "provisional": True} for s in shown if s["turns"] > 0]
        out["summary"] = None
    else:
        out["speakers"] = [{k: v for k, v in s.items() if k != "turns"} for s in shown]
        out["summary"] = summary["summary"]
    return out


def _clock(ctx, head, runs, speakers):
    """elapsedMs: a session that records runs until now; one that stopped without an end
    (interrupted) until its last recorded moment. recordedMs is the sum of the recording runs (an
    open run until the elapsed time); breaks are the pauses between them."""
    if head["status"] == "recording":
        elapsed = max(ctx.now - head["startedAtMs"], 0)
    elif head["endedAtMs"] is not None:
        elapsed = head["endedAtMs"] - head["startedAtMs"]
    else:
        last_turn = max((s["lastEnd"] for s in speakers if s["lastEnd"] is not None), default=0)
        elapsed = max(runs["lastEnd"] or 0, last_turn)
    return {"elapsedMs": elapsed, "recordedMs": runs["closedMs"] + runs["openCount"] * elapsed - runs["openStart"],
            "recordingRuns": runs["n"], "breaks": max(runs["n"] - 1, 0)}


def _share(part, total):
    """part / total to 4 decimals, half away from zero (as SQL's round), 0.0 without talk."""
    return math.floor(part / total * 10_000 + 0.5) / 10_000 if total > 0 else 0.0


def live_cards(ctx, _args):
    out = read_live(ctx, "sessions.live_cards")
    came_up = came_up_of(ctx, "memory", [card["memoryId"] for card in out["cards"]])
    out["cards"] = [{**card, "cameUp": came_up.get(card["memoryId"])} for card in out["cards"]]
    items = split_items(ctx, ctx.sql("session_items.rows"))
    out["broughtInActionItems"] = items["brought"]
    out["capturedActionItems"] = items["captured"]
    return out


def keywords(ctx, _args):
    """AI keywords come with the summary, after the recording stops; until then only the user's."""
    out = read_live(ctx, "sessions.keywords.get")
    if out.pop("recording"):
        out["pending"] = True
    return out
