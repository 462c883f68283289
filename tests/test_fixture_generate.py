"""Tests for fixtures/generate.py and the committed demo workspace (fixtures/demo.json).

The generator is run as a subprocess, exactly as the project's scripts use it. The checks read the
JSON only: they hold the fixture to the talkbar-fixture/1 contract (no unknown keys, required keys
present, allowed values, referential integrity, unique ids, sane offsets) and to what the demo is
meant to contain.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GENERATOR = ROOT / "fixtures" / "generate.py"
DEMO_FILE = ROOT / "fixtures" / "demo.json"

MIN = 60_000
DAY = 86_400_000


def run_generator(*args: str) -> bytes:
    proc = subprocess.run([sys.executable, str(GENERATOR), *args], capture_output=True, timeout=120)
    assert proc.returncode == 0, proc.stderr.decode("utf-8", "replace")
    return proc.stdout


def utc(y, mo, d, h=0, mi=0):
    import calendar
    return calendar.timegm((y, mo, d, h, mi, 0, 0, 0, 0)) * 1000


# ---------------------------------------------------------------------------------------------
# the contract: allowed keys per object ("*" marks a required key), from the fixture format

ANY = None                      # a scalar or a free-form object (checked elsewhere)


def L(item):
    return ("list", item)


CAME_UP = {"atMs*": ANY, "heard": ANY, "matchedTerms": ANY}
SCHEDULE = {"scheduleKind*": ANY, "timezone*": ANY, "localDate*": ANY, "localTime*": ANY,
            "durationMinutes*": ANY, "title": ANY, "rrule": ANY, "reminderOffsetsMinutes": ANY,
            "startMode": ANY, "autoStartCountdownSeconds": ANY}
PREPARED_SETUP = {"source": ANY, "micDeviceId": ANY, "sessionTemplateId": ANY, "projectId": ANY, "topicIds": ANY,
                  "memoryIds": ANY, "documentIds": ANY, "summariesEnabled": ANY, "summaryLanguage": ANY,
                  "summaryLength": ANY, "summaryModel": ANY, "participants": L({"name*": ANY, "contactId": ANY}),
                  "memoryMode": ANY, "speakerMode": ANY, "privateSession": ANY, "origin": ANY}
SESSION = {
    "sessionId*": ANY, "title*": ANY, "status": ANY, "startedAtMs*": ANY, "endedAtMs": ANY, "projectId": ANY,
    "seriesId": ANY, "pinned": ANY, "source": ANY, "private": ANY, "sessionType": ANY, "trashedAt": ANY,
    "topicIds": ANY, "keywords": L({"keyword*": ANY, "origin": ANY}),
    "recordingRuns": L({"startMs*": ANY, "endMs": ANY}),
    "participants": L({"speakerId*": ANY, "name": ANY, "contactId": ANY, "isUser": ANY, "excludedFromAi": ANY}),
    "turns": L({"turnId*": ANY, "chunkId": ANY, "speakerId*": ANY, "startMs*": ANY, "endMs*": ANY, "text*": ANY,
                "translatedText": ANY, "provisional": ANY}),
    "timeline": L({"pointId*": ANY, "atMs": ANY, "text*": ANY, "translatedText": ANY, "edited": ANY}),
    "summaries": L({"length": ANY, "selected": ANY, "text*": ANY,
                    "sections": L({"key*": ANY, "title*": ANY, "text*": ANY}),
                    "generatedBy": {"provider": ANY, "model": ANY, "edited": ANY}}),
    "markers": L({"markerId*": ANY, "kind": ANY, "body": ANY, "quote": ANY, "atMs*": ANY, "turnId": ANY,
                  "chunkId": ANY, "pointId": ANY, "color": ANY}),
    "cards": L({"memoryId*": ANY, "cameUp": L(CAME_UP)}),
    "broughtInActionItems": L({"itemId*": ANY, "statusWhenBroughtIn": ANY, "cameUp": L(CAME_UP)}),
    "documentIds": ANY,
}
WORKSPACE = {
    "workspaceId*": ANY, "name*": ANY, "active": ANY, "profileId": ANY,
    "projects": L({"projectId*": ANY, "name*": ANY, "description": ANY, "kind": ANY, "color": ANY, "status": ANY,
                   "pinned": ANY, "trashedAt": ANY, "createdAt": ANY, "updatedAt": ANY}),
    "topics": L({"topicId*": ANY, "name*": ANY, "color": ANY}),
    "organizations": L({"organizationId*": ANY, "name*": ANY, "relationship": ANY, "website": ANY, "notes": ANY,
                        "pinned": ANY, "archived": ANY, "projectIds": ANY}),
    "contacts": L({"contactId*": ANY, "name*": ANY, "email": ANY, "phone": ANY, "role": ANY, "organizationId": ANY,
                   "relationshipTag": ANY, "sentiment": ANY, "notes": ANY, "confirmed": ANY, "archived": ANY,
                   "projectIds": ANY}),
    "sessions": L(SESSION),
    "notes": L({"noteId*": ANY, "title": ANY, "markdown": ANY, "pinned": ANY, "projectId": ANY,
                "ownerSessionId": ANY, "sessionIds": ANY, "topicIds": ANY, "hasEmbeddedContent": ANY,
                "trashedAt": ANY, "createdAt": ANY, "updatedAt": ANY}),
    "labels": L({"labelId*": ANY, "itemType*": ANY, "name*": ANY}),
    "actionItems": L({"itemId*": ANY, "itemType": ANY, "title*": ANY, "details": ANY, "status": ANY, "labelId": ANY,
                      "dueAtMs": ANY, "answer": ANY, "sessionId": ANY, "projectId": ANY,
                      "assignees": L({"name*": ANY, "contactId": ANY}), "origin": ANY, "hidden": ANY,
                      "carryStopped": ANY, "anchor": {"turnId": ANY, "pointId": ANY, "atMs": ANY},
                      "sources": L({"quote": ANY, "turnId": ANY, "atMs": ANY}), "resolvedAtMs": ANY,
                      "createdAt": ANY, "updatedAt": ANY}),
    "knowledge": L({"memoryId*": ANY, "title*": ANY, "body": ANY, "type": ANY, "status": ANY, "pinned": ANY,
                    "priority": ANY, "confidence": ANY, "projectId": ANY, "contactId": ANY, "organizationId": ANY,
                    "sessionId": ANY, "sessionOnly": ANY, "createdBy": ANY, "lastConfirmedAtMs": ANY,
                    "sources": L({"sourceType": ANY, "sourceId*": ANY, "atMs": ANY, "quote": ANY, "locator": ANY,
                                  "status": ANY})}),
    "suggestions": L({"suggestionId*": ANY, "kind": ANY, "action": ANY, "status": ANY, "proposal": ANY,
                      "evidence": L({"quote": ANY, "sourceType": ANY, "sourceId": ANY, "atMs": ANY}),
                      "targetId": ANY, "confidence": ANY, "projectId": ANY, "sessionId": ANY, "documentId": ANY,
                      "snoozedUntilMs": ANY}),
    "chats": L({"chatId*": ANY, "title": ANY, "groundingMode": ANY, "projectId": ANY, "pinned": ANY,
                "replyLanguage": ANY, "trashedAtMs": ANY,
                "messages": L({"messageId*": ANY, "role*": ANY, "content*": ANY, "createdAt*": ANY, "skill": ANY,
                               "sources": L({"n": ANY, "label": ANY, "sourceType": ANY, "sourceId": ANY,
                                             "sessionId": ANY, "documentId": ANY, "atMs": ANY, "locator": ANY,
                                             "snippet": ANY, "href": ANY})})}),
    "documents": L({"documentId*": ANY, "title*": ANY, "fileType": ANY, "status": ANY, "pinned": ANY,
                    "projectId": ANY, "sizeBytes": ANY, "sourceKind": ANY, "indexProgress": ANY, "text": ANY}),
    "templates": L({"templateId*": ANY, "name*": ANY}),
    "seriesKinds": L({"kindId*": ANY, "name*": ANY, "icon": ANY}),
    "series": L({"seriesId*": ANY, "name*": ANY, "kind*": ANY, "customKindId": ANY, "description": ANY,
                 "projectId": ANY, "anchorContactId": ANY, "templateId": ANY, "archivedAtMs": ANY,
                 "schedule": SCHEDULE}),
    "occurrences": L({"occurrenceId*": ANY, "seriesId": ANY, "plannedStartAtMs*": ANY, "durationMinutes*": ANY,
                      "timezone*": ANY, "status": ANY, "sessionId": ANY, "title": ANY,
                      "reminderOffsetsMinutes": ANY, "startMode": ANY, "preparedSetup": PREPARED_SETUP}),
    "exports": {"destinations": L({"destinationId*": ANY, "name*": ANY, "format*": ANY, "location*": ANY,
                                   "enabled*": ANY, "layout": ANY, "credentialRef": ANY}),
                "rules": L({"ruleId*": ANY, "scopeKind*": ANY, "scopeId*": ANY, "mode*": ANY,
                            "destinationIds*": ANY,
                            "selection*": {"summary": ANY, "transcript": ANY, "metadata": ANY, "notes": ANY,
                                           "outcomes": ANY, "markers": ANY, "audio": ANY},
                            "timing*": {"kind*": ANY, "delayMs": ANY, "hour": ANY, "minute": ANY, "timezone": ANY},
                            "reexportSummary*": ANY, "reexportTranscript*": ANY, "enabledAtMs*": ANY})},
}
DOCUMENT = {"format*": ANY, "license": {"plan": ANY},
            "profiles": L({"profileId*": ANY, "name": ANY, "email": ANY, "jobTitle": ANY, "isDefault": ANY}),
            "workspaces": L(WORKSPACE)}


def schema_errors(value, schema, path="$"):
    errs = []
    if schema is ANY:
        return errs
    if isinstance(schema, tuple):
        if not isinstance(value, list):
            return ["%s: must be a list" % path]
        for i, v in enumerate(value):
            errs += schema_errors(v, schema[1], "%s[%d]" % (path, i))
        return errs
    if value is None:
        return errs                                    # a nullable object (schedule, preparedSetup)
    if not isinstance(value, dict):
        return ["%s: must be an object" % path]
    allowed = {k.rstrip("*"): sub for k, sub in schema.items()}
    for k in value:
        if k not in allowed:
            errs.append("%s.%s: unknown key" % (path, k))
    for k in schema:
        if k.endswith("*") and value.get(k[:-1]) is None:
            errs.append("%s.%s: required" % (path, k[:-1]))
    for k, v in value.items():
        if k in allowed:
            errs += schema_errors(v, allowed[k], "%s.%s" % (path, k))
    return errs


# ---------------------------------------------------------------------------------------------
# allowed values (spec pages 09-18)

SESSION_STATUSES = {"recording", "open", "interrupted", "complete"}
ITEM_STATUSES = {"task": {"open", "done"}, "follow_up": {"open", "done"}, "question": {"open", "answered"},
                 "decision": {"active", "superseded"}}
CARD_TYPES = {"fact", "preference", "decision", "commitment", "risk", "open_question", "relationship_context",
              "instruction", "key_moment", "contract_term", "pricing_detail", "technical_detail"}
CARD_STATUSES = {"approved", "outdated", "archived"}
RELATIONSHIPS = {"client", "vendor", "partner", "prospect", "internal", "investor", "advisor", "candidate_company",
                 "other"}
PROJECT_KINDS = {"client", "engagement", "recurring", "internal", "personal", "research", "product", "sales",
                 "hiring", "education", "event", "support"}
COLORS = {"slate", "sky", "stone", "teal", "indigo", "green", "yellow", "blue", "purple", "rose", "lime", "emerald",
          "amber", "cyan", "fuchsia", "pink"}
SERIES_KINDS = {"oneOnOne", "standup", "teamMeeting", "inPersonMeeting", "clientMeeting", "phoneCall", "interview",
                "hiringInterview", "userResearch", "salesCall", "customerCheckIn", "investorCall",
                "legalConsultation", "boardMeeting", "leadershipSync", "coaching", "mentoring", "workshop",
                "training", "brainstorm", "retro", "presentation", "presentationPractice", "productLaunch",
                "lecture", "class", "course", "educationalTalk", "tutorial", "webinar", "panelDiscussion",
                "podcast", "videoWatching", "voiceJournal", "speakingPractice", "custom"}
OCC_STATUSES = {"planned", "started", "completed", "missed", "skipped", "cancelled", "unscheduled"}
EXPORT_FORMATS = {"txt", "markdown", "html", "json", "srt", "vtt", "zip", "obsidian", "notionMarkdown", "notion"}
SUGGESTION_STATUSES = {"pending", "approving", "approved", "dismissed"}
PROPOSAL_KEYS = {"memory": {"title", "body", "type"}, "contact": {"name", "email", "role"},
                 "organization": {"name", "relationship", "website"}}
CYRILLIC = re.compile("[а-яА-ЯёЁ]")


def is_russian(text):
    letters = [c for c in text if c.isalpha()]
    return bool(letters) and sum(1 for c in letters if CYRILLIC.match(c)) / len(letters) > 0.6


# ---------------------------------------------------------------------------------------------
# checks shared by the demo and the sized fixtures

ENTITY_IDS = [("projects", "projectId"), ("topics", "topicId"), ("organizations", "organizationId"),
              ("contacts", "contactId"), ("sessions", "sessionId"), ("notes", "noteId"), ("labels", "labelId"),
              ("actionItems", "itemId"), ("knowledge", "memoryId"), ("suggestions", "suggestionId"),
              ("chats", "chatId"), ("documents", "documentId"), ("templates", "templateId"),
              ("seriesKinds", "kindId"), ("series", "seriesId"), ("occurrences", "occurrenceId")]


def all_ids(doc):
    """Every id that names something in the document (chunk ids name a group of turns, once per session)."""
    ids = [p["profileId"] for p in doc.get("profiles", [])]
    for ws in doc["workspaces"]:
        ids.append(ws["workspaceId"])
        for coll, key in ENTITY_IDS:
            ids += [x[key] for x in ws.get(coll, [])]
        for s in ws.get("sessions", []):
            ids += [p["speakerId"] for p in s.get("participants", [])]
            ids += [t["turnId"] for t in s.get("turns", [])]
            ids += list(dict.fromkeys(t["chunkId"] for t in s.get("turns", []) if t.get("chunkId")))
            ids += [p["pointId"] for p in s.get("timeline", [])]
            ids += [m["markerId"] for m in s.get("markers", [])]
        for c in ws.get("chats", []):
            ids += [m["messageId"] for m in c["messages"]]
        ex = ws.get("exports") or {}
        ids += [d["destinationId"] for d in ex.get("destinations", [])]
        ids += [r["ruleId"] for r in ex.get("rules", [])]
    return ids


def inside(turn, at):
    return turn["startMs"] <= at <= turn["endMs"]


def integrity_errors(ws):
    """Every reference points at something in the same workspace, and offsets are sane."""
    errs = []
    ids = {coll: {x[key] for x in ws.get(coll, [])} for coll, key in ENTITY_IDS}
    sessions = {s["sessionId"]: s for s in ws.get("sessions", [])}
    turns_of = {sid: {t["turnId"]: t for t in s.get("turns", [])} for sid, s in sessions.items()}
    points_of = {sid: {p["pointId"]: p for p in s.get("timeline", [])} for sid, s in sessions.items()}
    chunks_of = {sid: {t.get("chunkId") for t in s.get("turns", [])} for sid, s in sessions.items()}

    def ref(value, coll, where, nullable=True):
        if value is None and nullable:
            return
        if value not in ids[coll]:
            errs.append("%s: %r is not in %s" % (where, value, coll))

    for o in ws.get("organizations", []):
        for p in o.get("projectIds", []):
            ref(p, "projects", "organization %s projectIds" % o["name"])
    for c in ws.get("contacts", []):
        ref(c.get("organizationId"), "organizations", "contact %s" % c["name"])
        for p in c.get("projectIds", []):
            ref(p, "projects", "contact %s projectIds" % c["name"])
    for sid, s in sessions.items():
        w = "session %s" % s["title"]
        ref(s.get("projectId"), "projects", w)
        ref(s.get("seriesId"), "series", w)
        for t in s.get("topicIds", []):
            ref(t, "topics", w + " topicIds")
        for d in s.get("documentIds", []):
            ref(d, "documents", w + " documentIds")
        speakers = {p["speakerId"] for p in s.get("participants", [])}
        for p in s.get("participants", []):
            ref(p.get("contactId"), "contacts", w + " participant")
        if sum(1 for p in s.get("participants", []) if p.get("isUser")) != 1:
            errs.append(w + ": needs exactly one isUser participant")
        prev = -1
        for t in s.get("turns", []):
            if t["speakerId"] not in speakers:
                errs.append("%s turn %s: speaker %s is not a participant" % (w, t["turnId"], t["speakerId"]))
            if not (isinstance(t["startMs"], int) and isinstance(t["endMs"], int)):
                errs.append("%s turn %s: offsets must be integers" % (w, t["turnId"]))
            if t["startMs"] < prev or t["endMs"] < t["startMs"] or t["startMs"] < 0:
                errs.append("%s turn %s: offsets out of order" % (w, t["turnId"]))
            prev = t["startMs"]
        runs = s.get("recordingRuns", [])
        for i, r in enumerate(runs):
            last = i == len(runs) - 1
            if r["endMs"] is None and not (last and s.get("status") == "recording"):
                errs.append(w + ": only the live session's last run may be open")
            if r["endMs"] is not None and r["endMs"] < r["startMs"]:
                errs.append(w + ": run ends before it starts")
            if i and r["startMs"] < (runs[i - 1]["endMs"] or 0):
                errs.append(w + ": runs overlap")
        for t in s.get("turns", []):
            if runs and not any(r["startMs"] <= t["startMs"] and (r["endMs"] is None or t["endMs"] <= r["endMs"])
                                for r in runs):
                errs.append("%s turn %s: outside every recording run" % (w, t["turnId"]))
        if s.get("endedAtMs") is not None and runs and runs[-1]["endMs"] is not None:
            if s["endedAtMs"] != s["startedAtMs"] + runs[-1]["endMs"]:
                errs.append(w + ": endedAtMs is not the end of the last run")
        for p in s.get("timeline", []):
            if p.get("atMs") is not None and p["atMs"] < 0:
                errs.append(w + ": negative timeline offset")
        for m in s.get("markers", []):
            if m.get("turnId"):
                t = turns_of[sid].get(m["turnId"])
                if t is None or not inside(t, m["atMs"]):
                    errs.append("%s marker %s: atMs not inside its turn" % (w, m["markerId"]))
                elif m.get("quote") and m["quote"] not in t["text"]:
                    errs.append("%s marker %s: quote not in its turn" % (w, m["markerId"]))
            if m.get("chunkId"):
                if m["chunkId"] not in chunks_of[sid]:
                    errs.append("%s marker %s: unknown chunk" % (w, m["markerId"]))
                else:
                    first = next(t for t in s["turns"] if t.get("chunkId") == m["chunkId"])
                    if not inside(first, m["atMs"]):
                        errs.append("%s marker %s: atMs not in the chunk's first turn" % (w, m["markerId"]))
            if m.get("pointId"):
                p = points_of[sid].get(m["pointId"])
                if p is None or (p.get("atMs") is not None and p["atMs"] != m["atMs"]):
                    errs.append("%s marker %s: bad point" % (w, m["markerId"]))
            if not (m.get("turnId") or m.get("chunkId") or m.get("pointId")):
                errs.append("%s marker %s: placed on nothing" % (w, m["markerId"]))
        for c in s.get("cards", []):
            ref(c["memoryId"], "knowledge", w + " cards")
        for b in s.get("broughtInActionItems", []):
            ref(b["itemId"], "actionItems", w + " broughtInActionItems")
        for c in s.get("cards", []) + s.get("broughtInActionItems", []):
            for m in c.get("cameUp", []):
                if not any(inside(t, m["atMs"]) for t in s["turns"]):
                    errs.append(w + ": a cameUp moment is not inside any turn")
                elif m.get("heard") and not any(inside(t, m["atMs"]) and m["heard"] in t["text"]
                                                for t in s["turns"]):
                    errs.append(w + ": cameUp.heard is not what was said at that moment")
    for n in ws.get("notes", []):
        w = "note %s" % n.get("title")
        ref(n.get("projectId"), "projects", w)
        if n.get("ownerSessionId") is not None:
            ref(n["ownerSessionId"], "sessions", w + " ownerSessionId")
            if n["ownerSessionId"] not in n.get("sessionIds", []):
                errs.append(w + ": a session's own note must list its session")
        for x in n.get("sessionIds", []):
            ref(x, "sessions", w + " sessionIds")
        for x in n.get("topicIds", []):
            ref(x, "topics", w + " topicIds")
    label_type = {lb["labelId"]: lb["itemType"] for lb in ws.get("labels", [])}
    for it in ws.get("actionItems", []):
        w = "action item %s" % it["title"]
        ref(it.get("projectId"), "projects", w)
        ref(it.get("sessionId"), "sessions", w)
        if it.get("labelId") is not None:
            if label_type.get(it["labelId"]) != it.get("itemType", "task"):
                errs.append(w + ": label of another item type")
        for a in it.get("assignees", []):
            ref(a.get("contactId"), "contacts", w + " assignee")
        sid = it.get("sessionId")
        anchor = it.get("anchor") or {}
        for key in ("turnId", "pointId"):
            if anchor.get(key) and sid is None:
                errs.append(w + ": anchored without a session")
        if sid:
            if anchor.get("turnId"):
                t = turns_of[sid].get(anchor["turnId"])
                if t is None or anchor.get("atMs") is None or not inside(t, anchor["atMs"]):
                    errs.append(w + ": anchor not inside its turn")
            if anchor.get("pointId"):
                p = points_of[sid].get(anchor["pointId"])
                if p is None or (p.get("atMs") is not None and anchor.get("atMs") != p["atMs"]):
                    errs.append(w + ": anchor point not in the session")
            for src in it.get("sources", []):
                t = turns_of[sid].get(src.get("turnId"))
                if t is None or src["quote"] not in t["text"] or not inside(t, src["atMs"]):
                    errs.append(w + ": source is not a quote from that turn")
        elif it.get("sources"):
            errs.append(w + ": sources without a session")
    for k in ws.get("knowledge", []):
        w = "card %s" % k["title"]
        for coll, key in (("projects", "projectId"), ("contacts", "contactId"), ("organizations", "organizationId"),
                          ("sessions", "sessionId")):
            ref(k.get(key), coll, w)
        for src in k.get("sources", []):
            if src.get("sourceType") == "session":
                ref(src["sourceId"], "sessions", w + " source")
                s = sessions.get(src["sourceId"])
                if s and not any(src["quote"] in t["text"] and inside(t, src["atMs"]) for t in s["turns"]):
                    errs.append(w + ": source quote not heard at atMs")
    for sg in ws.get("suggestions", []):
        w = "suggestion %s" % sg["suggestionId"]
        ref(sg.get("projectId"), "projects", w)
        ref(sg.get("sessionId"), "sessions", w)
        ref(sg.get("documentId"), "documents", w)
        for ev in sg.get("evidence", []):
            ref(ev["sourceId"], "sessions", w + " evidence")
            s = sessions.get(ev["sourceId"])
            if s and not any(ev["quote"] in t["text"] and inside(t, ev["atMs"]) for t in s["turns"]):
                errs.append(w + ": evidence quote not heard at atMs")
    for c in ws.get("chats", []):
        ref(c.get("projectId"), "projects", "chat %s" % c["title"])
        for m in c["messages"]:
            for src in m.get("sources", []):
                ref(src.get("sessionId"), "sessions", "chat %s source" % c["title"])
                if src.get("sourceType") == "session":
                    ref(src["sourceId"], "sessions", "chat %s source" % c["title"])
                    s = sessions.get(src["sourceId"])
                    if src.get("href") != "/sessions/" + src["sourceId"]:
                        errs.append("chat %s: bad href" % c["title"])
                    if s and not any(inside(t, src["atMs"]) and src["snippet"] in t["text"] for t in s["turns"]):
                        errs.append("chat %s: snippet not heard at atMs" % c["title"])
    for d in ws.get("documents", []):
        ref(d.get("projectId"), "projects", "document %s" % d["title"])
    kind_ids = ids["seriesKinds"]
    for se in ws.get("series", []):
        w = "series %s" % se["name"]
        ref(se.get("projectId"), "projects", w)
        ref(se.get("anchorContactId"), "contacts", w)
        ref(se.get("templateId"), "templates", w)
        if se.get("customKindId") is not None and se["customKindId"] not in kind_ids:
            errs.append(w + ": unknown customKindId")
        if (se["kind"] == "custom") != (se.get("customKindId") is not None):
            errs.append(w + ": customKindId goes with kind custom")
    for o in ws.get("occurrences", []):
        w = "occurrence %s" % o["occurrenceId"]
        ref(o.get("seriesId"), "series", w)
        ref(o.get("sessionId"), "sessions", w)
        ps = o.get("preparedSetup") or {}
        ref(ps.get("projectId"), "projects", w + " preparedSetup")
        ref(ps.get("sessionTemplateId"), "templates", w + " preparedSetup")
        for x in ps.get("topicIds", []):
            ref(x, "topics", w + " preparedSetup")
        for x in ps.get("memoryIds", []):
            ref(x, "knowledge", w + " preparedSetup")
        for x in ps.get("documentIds", []):
            ref(x, "documents", w + " preparedSetup")
        for p in ps.get("participants", []):
            ref(p.get("contactId"), "contacts", w + " preparedSetup")
    ex = ws.get("exports") or {}
    dests = {d["destinationId"] for d in ex.get("destinations", [])}
    for r in ex.get("rules", []):
        for d in r["destinationIds"]:
            if d not in dests:
                errs.append("export rule %s: unknown destination" % r["ruleId"])
        scope = {"workspace": {ws["workspaceId"]}, "project": ids["projects"], "series": ids["series"]}[r["scopeKind"]]
        if r["scopeId"] not in scope:
            errs.append("export rule %s: unknown scope" % r["ruleId"])
    return errs


def common_checks(doc):
    assert doc["format"] == "talkbar-fixture/1"
    errs = schema_errors(doc, DOCUMENT)
    assert not errs, "\n".join(errs[:20])
    ids = all_ids(doc)
    dup = [i for i, n in Counter(ids).items() if n > 1]
    assert not dup, "duplicate ids: %s" % dup[:10]
    assert all(isinstance(i, str) and i for i in ids)
    assert sum(1 for ws in doc["workspaces"] if ws.get("active")) == 1
    profiles = {p["profileId"] for p in doc.get("profiles", [])}
    for ws in doc["workspaces"]:
        assert ws.get("profileId") in profiles
        errs = integrity_errors(ws)
        assert not errs, "\n".join(errs[:20])


# ---------------------------------------------------------------------------------------------
# the demo

@pytest.fixture(scope="module")
def demo_bytes():
    return run_generator("--demo")


@pytest.fixture(scope="module")
def demo(demo_bytes):
    return json.loads(demo_bytes)


@pytest.fixture(scope="module")
def work(demo):
    return next(ws for ws in demo["workspaces"] if ws["active"])


def test_committed_demo_is_the_generators_output(demo_bytes):
    assert DEMO_FILE.exists(), "fixtures/demo.json is missing: python fixtures/generate.py --demo > fixtures/demo.json"
    assert DEMO_FILE.read_bytes() == demo_bytes, "fixtures/demo.json is stale: regenerate it with --demo"
    assert len(demo_bytes) < 6 * 1024 * 1024
    assert run_generator("--demo") == demo_bytes                       # deterministic


def test_demo_follows_the_contract(demo):
    common_checks(demo)


def test_demo_licence_profile_and_workspaces(demo):
    assert demo["license"] == {"plan": "pro"}
    assert len(demo["profiles"]) == 1
    p = demo["profiles"][0]
    assert p["isDefault"] is True and p["name"] and "@" in p["email"] and p["jobTitle"]
    assert len(demo["workspaces"]) == 2
    other = next(ws for ws in demo["workspaces"] if not ws["active"])
    assert other["name"] == "Personal"
    assert 1 <= len(other["sessions"]) <= 5 and other["notes"]


def test_allowed_values(demo):
    for ws in demo["workspaces"]:
        for s in ws["sessions"]:
            assert s["status"] in SESSION_STATUSES
            assert all(k["origin"] in ("ai", "user") for k in s["keywords"])
            for sm in s["summaries"]:
                assert sm["length"] in ("short", "standard", "detailed")
        for it in ws["actionItems"]:
            assert it["status"] in ITEM_STATUSES[it["itemType"]], it
            assert it["origin"] in ("summary", "manual")
        for k in ws["knowledge"]:
            assert k["type"] in CARD_TYPES and k["status"] in CARD_STATUSES
        for o in ws["organizations"]:
            assert o["relationship"] in RELATIONSHIPS
        for p in ws["projects"]:
            assert p["kind"] in PROJECT_KINDS
            assert p["color"] is None or p["color"] in COLORS
        for t in ws["topics"]:
            assert t["color"] in COLORS
        assert len({t["name"] for t in ws["topics"]}) == len(ws["topics"])
        for lb in ws["labels"]:
            assert lb["itemType"] in ITEM_STATUSES
        for se in ws["series"]:
            assert se["kind"] in SERIES_KINDS
        for o in ws["occurrences"]:
            assert o["status"] in OCC_STATUSES and o["startMode"] in ("prompt", "automatic")
            assert o["durationMinutes"] >= 1
        for sg in ws["suggestions"]:
            assert sg["kind"] in PROPOSAL_KEYS and sg["status"] in SUGGESTION_STATUSES
            assert set(sg["proposal"]) == PROPOSAL_KEYS[sg["kind"]]
            if sg["kind"] == "memory":
                assert sg["proposal"]["type"] in CARD_TYPES
            if sg["kind"] == "organization":
                assert sg["proposal"]["relationship"] in RELATIONSHIPS
        for c in ws["chats"]:
            for m in c["messages"]:
                assert m["role"] in ("user", "assistant")
        for d in (ws.get("exports") or {}).get("destinations", []):
            assert d["format"] in EXPORT_FORMATS
            assert d["layout"] in ("flat", "project", "series", "projectSeries")


def test_sessions_calendar(work):
    live = [s for s in work["sessions"] if s["trashedAt"] is None]
    assert len(live) >= 30
    starts = sorted(s["startedAtMs"] for s in work["sessions"])
    assert starts[-1] - starts[0] >= 6 * 7 * DAY
    assert utc(2026, 10, 1) <= starts[0] and starts[-1] < utc(2026, 12, 1)
    for s in work["sessions"]:
        hour = (s["startedAtMs"] % DAY) // 3_600_000
        assert 7 <= hour <= 17, s["title"]                           # London working hours, in UTC
        assert s["startedAtMs"] // DAY % 7 not in (2, 3), s["title"]  # 1970-01-01 was a Thursday: no weekends
        assert s["startedAtMs"] % 1000 == 0


def test_complete_sessions_are_full(demo):
    for ws in demo["workspaces"]:
        for s in ws["sessions"]:
            speakers = {t["speakerId"] for t in s["turns"]}
            assert len(s["turns"]) >= 60, s["title"]
            assert 3 <= len(speakers) <= 6, s["title"]
            assert all(t["chunkId"] for t in s["turns"])
            assert len({t["turnId"] for t in s["turns"]}) == len(s["turns"])
            for a, b in zip(s["turns"], s["turns"][1:]):
                assert a["endMs"] <= b["startMs"], s["title"]                  # no overlapping speech
                assert b["startMs"] - a["endMs"] < 10 * MIN, s["title"]
            for t in s["turns"]:
                words = len(t["text"].split())
                assert 200 * words <= t["endMs"] - t["startMs"] <= 900 * words + 1500, t
            if s["status"] != "complete":
                continue
            assert s["endedAtMs"] - s["startedAtMs"] >= 5 * MIN, s["title"]
            assert s["summaries"] and s["timeline"] and s["keywords"], s["title"]
            standard = [x for x in s["summaries"] if x["length"] == "standard"]
            assert len(standard) == 1 and standard[0]["selected"]
            assert sum(1 for x in s["summaries"] if x["selected"]) == 1
            for sm in s["summaries"]:
                assert 3 <= len(sm["sections"]) <= 5, s["title"]
                assert sm["generatedBy"]["provider"] and sm["generatedBy"]["model"]
                for sec in sm["sections"]:
                    assert sec["key"] in ("overview", "decisions", "action_items", "next_steps", "risks")
                    assert sec["text"] in sm["text"]
            assert not any(t["provisional"] for t in s["turns"])
            assert all(r["endMs"] is not None for r in s["recordingRuns"])


def test_session_variety(work):
    sessions = work["sessions"]
    complete = [s for s in sessions if s["status"] == "complete"]
    assert any(len(s["recordingRuns"]) == 2 for s in complete)                       # a pause
    assert any(p["atMs"] is None for s in complete for p in s["timeline"])
    assert any(len(s["summaries"]) > 1 for s in complete)
    assert {x["length"] for s in complete for x in s["summaries"]} == {"short", "standard", "detailed"}
    assert any(x["generatedBy"]["edited"] for s in complete for x in s["summaries"])
    origins = Counter(k["origin"] for s in sessions for k in s["keywords"])
    assert origins["ai"] > 50 and origins["user"] >= 3
    assert any(s["pinned"] for s in sessions) and any(s["private"] for s in sessions)
    assert any(s["projectId"] for s in sessions) and any(s["seriesId"] for s in sessions)
    assert any(s["topicIds"] for s in sessions) and any(s["documentIds"] for s in sessions)
    assert any(s["cards"] for s in sessions) and any(s["broughtInActionItems"] for s in sessions)
    assert any(c["cameUp"] for s in sessions for c in s["cards"])
    assert any(b["cameUp"] for s in sessions for b in s["broughtInActionItems"])
    markers = [m for s in sessions for m in s["markers"]]
    assert len(markers) >= 8
    assert any(m["body"] for m in markers) and any(m["quote"] for m in markers)
    assert len({m["color"] for m in markers}) >= 3
    assert any(m["chunkId"] for m in markers) and any(m["pointId"] for m in markers)
    names = {p["name"] for s in sessions for p in s["participants"]}
    for n in ("Zoë Müller", "José Núñez", "Łukasz Wójcik", "Алексей Смирнов", "Ана Јовановић"):
        assert n in names
    parts = [p for s in sessions for p in s["participants"]]
    assert sum(p["excludedFromAi"] for p in parts) >= 2
    assert any(p["contactId"] for p in parts) and any(p["contactId"] is None and not p["isUser"] for p in parts)
    silent = [p for s in sessions for p in s["participants"]
              if p["speakerId"] not in {t["speakerId"] for t in s["turns"]}]
    assert len(silent) >= 3
    assert any(t["translatedText"] for s in sessions for t in s["turns"])


def test_session_statuses(work):
    by = Counter(s["status"] for s in work["sessions"])
    assert by["recording"] == 1 and by["interrupted"] >= 1 and by["open"] >= 1
    rec = next(s for s in work["sessions"] if s["status"] == "recording")
    assert rec["endedAtMs"] is None and rec["summaries"] == [] and rec["trashedAt"] is None
    assert rec["recordingRuns"][-1]["endMs"] is None
    assert rec["turns"][-1]["provisional"] and not rec["turns"][0]["provisional"]
    flags = [t["provisional"] for t in rec["turns"]]
    assert flags == sorted(flags)                                                   # provisional only at the end
    assert rec["startedAtMs"] == max(s["startedAtMs"] for s in work["sessions"])
    assert not any(k["origin"] == "ai" for k in rec["keywords"])
    others = [s for s in work["sessions"] if s["status"] != "recording"]
    assert not any(t["provisional"] for s in others for t in s["turns"])
    assert all(s["endedAtMs"] for s in others)
    trashed = [s for s in work["sessions"] if s["trashedAt"]]
    assert len(trashed) == 2
    assert all(s["trashedAt"] > s["endedAtMs"] for s in trashed)


def test_russian_sessions(work):
    ru = [s for s in work["sessions"] if CYRILLIC.search(s["title"])]
    assert len(ru) >= 4
    for s in ru:
        russian_turns = sum(1 for t in s["turns"] if is_russian(t["text"]))
        assert russian_turns >= 0.8 * len(s["turns"]), s["title"]
        assert any(is_russian(sec["text"]) for sm in s["summaries"] for sec in sm["sections"]) or \
            s["status"] != "complete"
    translated = [s for s in ru if any(t["translatedText"] for t in s["turns"])]
    assert translated
    for s in translated:
        for t in s["turns"]:
            if t["translatedText"]:
                assert not CYRILLIC.search(t["translatedText"])


def test_projects_topics_organizations_contacts(work):
    projects = work["projects"]
    assert len(projects) >= 3
    assert any(p["trashedAt"] for p in projects) and any(p["pinned"] for p in projects)
    assert all(p["createdAt"] <= p["updatedAt"] for p in projects)
    assert len(work["topics"]) >= 5
    orgs = work["organizations"]
    assert len(orgs) >= 6 and {o["relationship"] for o in orgs} == RELATIONSHIPS
    assert sum(o["archived"] for o in orgs) == 1
    contacts = work["contacts"]
    assert len(contacts) >= 12
    assert sum(1 for c in contacts if c["email"] and "@" in c["email"]) >= 12
    assert sum(1 for c in contacts if c["role"]) >= 12
    assert sum(1 for c in contacts if c["organizationId"]) >= 10
    assert sum(1 for c in contacts if c["projectIds"]) >= 10
    assert sum(c["archived"] for c in contacts) >= 1
    assert sum(not c["confirmed"] for c in contacts) >= 1
    for c in contacts:
        if c["email"]:
            assert c["email"].count("@") == 1 and " " not in c["email"]


def test_notes(demo, work):
    notes = work["notes"]
    assert len(notes) >= 12
    own = [n for n in notes if n["ownerSessionId"]]
    assert len(own) >= 3
    assert any(n["projectId"] and not n["ownerSessionId"] for n in notes)
    assert any(n["projectId"] is None and n["ownerSessionId"] is None for n in notes)
    assert any(n["pinned"] for n in notes)
    assert sum(1 for n in notes if n["trashedAt"]) == 1
    assert any(n["hasEmbeddedContent"] for n in notes)
    assert any(is_russian(n["markdown"]) for n in notes)
    assert all(re.search(r"^#{1,3} ", n["markdown"], re.M) for n in notes)
    assert sum(1 for n in notes if re.search(r"^(- |\d+\. )", n["markdown"], re.M)) >= 10
    assert all(n["createdAt"] <= n["updatedAt"] for n in notes)
    sessions = {s["sessionId"]: s for ws in demo["workspaces"] for s in ws["sessions"]}
    for n in own:
        assert n["createdAt"] >= sessions[n["ownerSessionId"]]["startedAtMs"] - 15 * MIN


def test_action_items(work):
    items = work["actionItems"]
    assert len(items) >= 20
    combos = {(i["itemType"], i["status"]) for i in items}
    for t, statuses in ITEM_STATUSES.items():
        for st in statuses:
            assert (t, st) in combos, (t, st)
    for i in items:
        if i["dueAtMs"] is not None:
            assert i["itemType"] in ("task", "follow_up")
        if i["answer"] is not None:
            assert i["itemType"] == "question"
        if i["itemType"] == "question" and i["status"] == "answered":
            assert i["answer"]
        done = i["status"] in ("done", "answered", "superseded")
        assert (i["resolvedAtMs"] is not None) == done, i["title"]
        assert i["createdAt"] <= i["updatedAt"]
        if done:
            assert i["resolvedAtMs"] >= i["createdAt"]
    with_session = [i for i in items if i["sessionId"]]
    assert len(with_session) >= 15
    assert all(i["anchor"]["turnId"] or i["anchor"]["pointId"] for i in with_session)
    assert any(i["anchor"]["pointId"] for i in with_session)
    assert all(i["sources"] for i in with_session if i["origin"] == "summary")
    assert any(i["projectId"] and not i["sessionId"] for i in items)
    assert any(i["projectId"] is None and i["sessionId"] is None for i in items)
    assert any(i["dueAtMs"] for i in items)
    assignees = [a for i in items for a in i["assignees"]]
    assert any(a["contactId"] for a in assignees) and any(a["contactId"] is None for a in assignees)
    assert {i["origin"] for i in items} == {"summary", "manual"}
    assert sum(i["hidden"] for i in items) == 1 and sum(i["carryStopped"] for i in items) == 1
    assert any(i["labelId"] for i in items)
    assert {lb["itemType"] for lb in work["labels"]} == set(ITEM_STATUSES)
    assert any(is_russian(i["title"]) for i in items)
    brought = [b for s in work["sessions"] for b in s["broughtInActionItems"]]
    assert brought and all(b["statusWhenBroughtIn"] == "open" for b in brought)
    sessions = {s["sessionId"]: s for s in work["sessions"]}
    by_id = {i["itemId"]: i for i in items}
    for s in work["sessions"]:
        for b in s["broughtInActionItems"]:
            origin = by_id[b["itemId"]]["sessionId"]
            assert origin != s["sessionId"]
            assert origin is None or sessions[origin]["startedAtMs"] < s["startedAtMs"]


def test_knowledge(work):
    cards = work["knowledge"]
    assert len(cards) >= 12
    assert {c["type"] for c in cards} == CARD_TYPES
    assert {c["status"] for c in cards} == CARD_STATUSES
    assert any(c["pinned"] for c in cards)
    assert all(c["status"] == "approved" for c in cards if c["pinned"])
    assert all(c["sources"] and all(s["sourceType"] == "session" and s["quote"] for s in c["sources"]) for c in cards)
    assert any(c["sessionOnly"] for c in cards)
    assert any(is_russian(c["title"]) for c in cards)


def test_suggestions(work):
    sugs = work["suggestions"]
    pending = [s for s in sugs if s["status"] == "pending" and s["snoozedUntilMs"] is None]
    assert len(pending) >= 5
    assert {s["kind"] for s in pending} == set(PROPOSAL_KEYS)
    snoozed = [s for s in sugs if s["snoozedUntilMs"]]
    assert len(snoozed) == 1 and snoozed[0]["status"] == "pending"
    live = next(s for s in work["sessions"] if s["status"] == "recording")
    assert snoozed[0]["snoozedUntilMs"] > live["startedAtMs"]
    assert sum(1 for s in sugs if s["status"] == "dismissed") == 1
    for s in sugs:
        assert s["action"] == "create" and s["evidence"]
        assert all(e["sourceType"] == "session" and e["sourceId"] == s["sessionId"] for e in s["evidence"])
        assert 0 < s["confidence"] <= 1


def test_chats(work):
    chats = work["chats"]
    assert len(chats) >= 4
    assert sum(c["pinned"] for c in chats) >= 1
    assert sum(1 for c in chats if c["trashedAtMs"]) == 1
    assert any(c["replyLanguage"] == "ru" and any(is_russian(m["content"]) for m in c["messages"]) for c in chats)
    for c in chats:
        roles = [m["role"] for m in c["messages"]]
        assert roles[0] == "user" and "assistant" in roles
        times = [m["createdAt"] for m in c["messages"]]
        assert times == sorted(times) and times[0] > utc(2026, 10, 1)
        for m in c["messages"]:
            if m["role"] == "assistant":
                assert m["sources"]
                assert [s["n"] for s in m["sources"]] == list(range(1, len(m["sources"]) + 1))
                for s in m["sources"]:
                    assert s["sourceType"] == "session" and s["sessionId"] == s["sourceId"]
                    assert s["documentId"] is None and s["label"] and s["snippet"]
                    assert "[%d]" % s["n"] in m["content"]


def test_documents(work):
    docs = work["documents"]
    assert len(docs) >= 5
    with_text = [d for d in docs if d["text"]]
    assert len(with_text) >= 5
    for d in with_text:
        assert d["text"].count("\n\n") >= 2 and len(d["text"]) > 500, d["title"]
        assert d["status"] == "ready" and d["indexProgress"] == 1.0 and d["sizeBytes"] > 0
    pending = [d for d in docs if d["text"] is None]
    assert len(pending) == 1 and pending[0]["indexProgress"] < 1.0
    assert any(is_russian(d["text"]) for d in with_text)


def test_series_and_occurrences(work):
    assert work["templates"] and work["seriesKinds"]
    series = {s["seriesId"]: s for s in work["series"]}
    assert len(series) >= 2
    assert any(s["kind"] == "custom" for s in series.values())
    assert sum(1 for s in series.values() if s["archivedAtMs"]) == 1
    weekly = [s for s in series.values() if s["schedule"] and s["schedule"]["scheduleKind"] == "recurring"
              and s["schedule"]["rrule"] == "FREQ=WEEKLY;BYDAY=TU"]
    assert weekly
    sch = weekly[0]["schedule"]
    assert sch["timezone"] == "Europe/London" and sch["localTime"] == "10:00"
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", sch["localDate"]) and sch["durationMinutes"] > 0
    for s in series.values():
        if s["schedule"]:
            assert (s["schedule"]["scheduleKind"] == "recurring") == bool(s["schedule"].get("rrule"))
    occ = work["occurrences"]
    assert {o["status"] for o in occ} == OCC_STATUSES
    sessions = {s["sessionId"]: s for s in work["sessions"]}
    live = next(s for s in work["sessions"] if s["status"] == "recording")
    now = live["startedAtMs"]
    for o in occ:
        if o["status"] in ("completed", "started"):
            s = sessions[o["sessionId"]]
            assert s["seriesId"] == o["seriesId"] or o["seriesId"] is None
            assert abs(s["startedAtMs"] - o["plannedStartAtMs"]) < 30 * MIN
        if o["status"] == "started":
            assert o["sessionId"] == live["sessionId"]
        if o["status"] == "missed":
            assert o["plannedStartAtMs"] < now and o["sessionId"] is None
        if o["status"] == "planned":
            assert o["plannedStartAtMs"] > now and o["sessionId"] is None
    planned = [o["plannedStartAtMs"] for o in occ if o["status"] == "planned"]
    assert min(planned) >= utc(2026, 12, 1) and max(planned) < utc(2027, 3, 1)
    assert sum(1 for o in occ if o["status"] == "completed") >= 6
    # every session of a series that was scheduled has its occurrence
    linked = {o["sessionId"] for o in occ if o["sessionId"]}
    for s in work["sessions"]:
        sid = s["seriesId"]
        if sid and series[sid]["schedule"] and series[sid]["schedule"]["scheduleKind"] == "recurring":
            assert s["sessionId"] in linked, s["title"]
    # weekly occurrences stay at 10:00 London across the end of British Summer Time (25 Oct 2026)
    w = [o for o in occ if o["seriesId"] == weekly[0]["seriesId"]]
    hours = {((o["plannedStartAtMs"] < utc(2026, 10, 25, 1)), (o["plannedStartAtMs"] % DAY) // 3_600_000) for o in w}
    assert hours == {(True, 9), (False, 10)}


def test_exports(work):
    ex = work["exports"]
    assert len(ex["destinations"]) == 1 and len(ex["rules"]) == 1
    d = ex["destinations"][0]
    assert d["format"] == "markdown" and d["location"] == "/tmp/talkbar-demo-exports"
    assert d["enabled"] is True and d["credentialRef"] is None
    r = ex["rules"][0]
    assert r["mode"] in ("inherit", "override", "disabled") and r["scopeKind"] in ("workspace", "project", "series")
    assert r["timing"] == {"kind": "ready"} and r["selection"]["audio"] == "none"
    assert set(r["selection"]) == {"summary", "transcript", "metadata", "notes", "outcomes", "markers", "audio"}
    assert isinstance(r["enabledAtMs"], int)


# ---------------------------------------------------------------------------------------------
# the sized mode

@pytest.fixture(scope="module")
def sized_bytes():
    return run_generator("--sessions", "50", "--turns", "40", "--seed", "3")


def test_sized_is_deterministic(sized_bytes):
    assert run_generator("--sessions", "50", "--turns", "40", "--seed", "3") == sized_bytes
    assert run_generator("--sessions", "50", "--turns", "40", "--seed", "4") != sized_bytes


def test_sized_counts_and_contract(sized_bytes):
    doc = json.loads(sized_bytes)
    common_checks(doc)
    assert len(doc["workspaces"]) == 1
    ws = doc["workspaces"][0]
    assert ws["active"] is True and ws["workspaceId"] == "ws-bench"
    assert len(ws["sessions"]) == 50
    ru = 0
    for s in ws["sessions"]:
        assert s["status"] == "complete" and s["endedAtMs"] > s["startedAtMs"]
        assert len(s["turns"]) == 40
        assert 3 <= len({t["speakerId"] for t in s["turns"]}) <= 6
        assert 3 <= len(s["participants"]) <= 6
        if sum(1 for t in s["turns"] if is_russian(t["text"])) > 20:
            ru += 1
    assert ru >= 3
    assert ws["projects"] and ws["contacts"] and ws["notes"]
    words = Counter(w.strip(".,?!:;—«»").lower() for s in ws["sessions"] for t in s["turns"] for w in t["text"].split())
    freq = sorted(words.values(), reverse=True)
    assert freq[0] > 50 * freq[len(freq) // 2]                   # a frequent head and a long tail
    assert sum(1 for n in freq if n == 1) > len(freq) // 4


def test_sized_workspace_id_and_collisions():
    a = json.loads(run_generator("--sessions", "3", "--turns", "60", "--workspace-id", "ws-a"))
    b = json.loads(run_generator("--sessions", "3", "--turns", "60", "--workspace-id", "ws-b"))
    assert a["workspaces"][0]["workspaceId"] == "ws-a"
    assert not set(all_ids(a)) & set(all_ids(b))                  # both can be imported into one data root


def test_bad_arguments():
    for args in ([], ["--sessions", "3"], ["--demo", "--sessions", "2", "--turns", "2"], ["--sessions", "0", "--turns", "3"]):
        proc = subprocess.run([sys.executable, str(GENERATOR), *args], capture_output=True, timeout=60)
        assert proc.returncode != 0, args
