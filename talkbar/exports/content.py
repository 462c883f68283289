"""The session documents an export writes: one dict per session, holding the facts readiness is
decided from and the selected content (None where the selection leaves a part out).

    {sessionId, title, status, startedAtMs, endedAtMs, projectId, projectName, seriesId, seriesName,
     audioPath, summaryGeneratedAtMs, transcriptChangedAtMs, keywords,
     metadata, summary, transcript, notes, outcomes, markers, audio}

Every part is read with one query for all the sessions at once (sql/shared/export_content.sql).
"""

from collections import defaultdict

from talkbar import speaker_names

CONTENT_KEYS = ("metadata", "summary", "transcript", "notes", "outcomes", "markers", "audio")


def facts(ctx, session_ids):
    """sessionId -> the row of facts, for the live sessions among `session_ids`."""
    return {r["sessionId"]: r for r in ctx.sql("export_content.facts", session_ids=list(session_ids))}


def _grouped(rows):
    out = defaultdict(list)
    for r in rows:
        out[r.pop("sessionId")].append(r)
    return out


def load(ctx, session_ids, selection, known_facts=None):
    """sessionId -> document, in the order of `session_ids` (missing sessions left out)."""
    ids = list(session_ids)
    found = known_facts if known_facts is not None else facts(ctx, ids)
    ids = [i for i in ids if i in found]
    speakers = speaker_names.of_sessions(ctx, ids)
    parts = {
        "summary": lambda: {r["sessionId"]: _summary(r, selection["summarySectionKeys"]) for r in
                            ctx.sql("export_content.summaries", session_ids=ids,
                                    section_keys=selection["summarySectionKeys"])},
        "transcript": lambda: _grouped(ctx.sql(
            "export_content.turns", session_ids=ids, turn_ids=selection["turnIds"],
            range_starts=[r["startMs"] for r in selection["ranges"]],
            range_ends=[r["endMs"] for r in selection["ranges"]])),
        "notes": lambda: _grouped(ctx.sql("export_content.notes", session_ids=ids)),
        "outcomes": lambda: _grouped(ctx.sql("export_content.outcomes", session_ids=ids)),
        "markers": lambda: _grouped(ctx.sql("export_content.markers", session_ids=ids)),
    }
    loaded = {name: (read() if selection[name] else None) for name, read in parts.items()}
    docs = {}
    for sid in ids:
        names = {s["speakerId"]: s["name"] for s in speakers.get(sid, [])}
        doc = dict(found[sid])
        doc["metadata"] = metadata(doc, names) if selection["metadata"] else None
        for name, by_session in loaded.items():
            if by_session is None:
                doc[name] = None
            elif name == "summary":
                doc[name] = by_session.get(sid)
            else:
                doc[name] = list(by_session.get(sid, []))
        if doc["transcript"] is not None:
            doc["transcript"] = [_turn(t, names) for t in doc["transcript"]]
        doc["audio"] = selection["audio"]
        docs[sid] = doc
    return docs


def _summary(row, keys):
    """The summary; with summarySectionKeys its text is made of those sections only."""
    text = row["text"]
    if keys:
        text = "\n\n".join(f"## {x['title']}\n{x['text']}" for x in row["sections"])
    return {"text": text, "sections": row["sections"]}


def _turn(t, names):
    return {"turnId": t["turnId"], "startMs": t["startMs"], "endMs": t["endMs"],
            "speaker": names.get(t["speakerId"], "Unknown speaker"), "text": t["text"]}


def metadata(doc, names):
    started, ended = doc["startedAtMs"], doc["endedAtMs"]
    return {"startedAtMs": started, "endedAtMs": ended,
            "durationMs": (ended - started) if ended is not None else None,
            "projectId": doc["projectId"], "projectName": doc["projectName"],
            "seriesId": doc["seriesId"], "seriesName": doc["seriesName"],
            "participants": list(names.values()), "keywords": list(doc["keywords"])}
