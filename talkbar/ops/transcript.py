"""sessions.transcript: the transcript as the session page shows it, in pages of whole turns.

Two ways to read (never together):
- by position: `turnOffset` (default 0) and `nextTurnOffset` back; `totalTurns` counts the turns
  that match the speaker filter, and a turnOffset past their end is refused;
- by change: `cursor` ("0:" first, then each `nextCursor`, which is "<changedAtMs>:<turnId>" of the
  last turn returned) gives only the turns added or changed since, in the order they changed.
Either way a page holds whole turns within maxChars (at least one turn), `truncated` tells that
more follow, and `format` chooses text lines (`[mm:ss] Name: text`) or turn objects. While the
session records, the answer says `recording: true` and each turn whether it is `provisional`.
"""

from talkbar import speaker_names
from talkbar.errors import invalid
from talkbar.ops.session_lookup import read_live

TURN_FIELDS = ("turnId", "chunkId", "startMs", "endMs", "speaker", "isUser", "excludedFromAi", "text",
               "translatedText")
HEAD_FIELDS = ("sessionId", "title", "startedAtMs", "private", "excludedFromAiSpeakers")


def transcript(ctx, args):
    if args.get("cursor") is not None:
        page, paging = _changed_since(ctx, args)
    else:
        page, paging = _page(ctx, args)
    rows = page["turns"]
    out = {k: page[k] for k in HEAD_FIELDS}
    out.update(paging)
    if page["recording"]:
        out["recording"] = True
    if args["format"] == "json":
        out["turns"] = [_turn(row, page["recording"]) for row in rows]
    else:
        out["transcript"] = "\n".join(row["line"] for row in rows)
    return out


def _turn(row, live):
    turn = {k: row[k] for k in TURN_FIELDS}
    if live:
        turn["provisional"] = row["provisional"]
    return turn


def _page(ctx, args):
    offset = args["turnOffset"]
    page = _read(ctx, turn_offset=offset)
    rows, total = page["turns"], page["total"]
    if not rows and offset > 0:
        raise invalid(f"turnOffset {offset} is past the end of the transcript ({total} turns"
                      f"{' match' if args.get('speaker') is not None else ''}); "
                      "pass the nextTurnOffset of the previous page, or 0")
    following = rows[-1]["pos"] + 1 if rows else total
    next_offset = following if following < total else None
    return page, {"truncated": next_offset is not None, "nextCursor": None, "totalTurns": total,
                  "turnOffset": offset, "nextTurnOffset": next_offset}


def _changed_since(ctx, args):
    cursor = args["cursor"]
    after_ms, _, after_turn = cursor.partition(":")
    page = _read(ctx, after_ms=int(after_ms), after_turn_id=after_turn, turn_offset=0)
    rows = page["turns"]
    next_cursor = f"{rows[-1]['changedAtMs']}:{rows[-1]['turnId']}" if rows else cursor
    return page, {"truncated": len(rows) < page["total"], "nextCursor": next_cursor}


def _read(ctx, turn_offset, after_ms=None, after_turn_id=None):
    """The session's head, how many turns match (`total`) and one page of them from turn_offset:
    whole turns while their lines (`[mm:ss] Name: text` and a line break each) stay within
    maxChars, and always at least one, so that a long turn is never split. Speakers are named as
    the page shows them (talkbar/speaker_names.py); those excluded from AI are named in the head
    and their turns marked, never hidden. By position, the names come from the turns read (every
    turn, in order); by change, from the speakers' first turns read beside them."""
    head = read_live(ctx, "sessions.transcript")
    sid, key, recording = head["sessionId"], head.pop("sessionNo"), head.pop("status") == "recording"
    if after_ms is None:
        people, rows = ctx.sql_each([("session_speakers.of_one", {"session_id": sid}),
                                     ("sessions.transcript:turns", {"session_no": key})])
        named = speaker_names.of_transcript(ctx, sid, people, rows)
    else:
        named, rows = speaker_names.of_page(ctx, sid, key, ("sessions.transcript:changed", {
            "session_no": key, "after_ms": after_ms, "after_turn_id": after_turn_id}))
    speakers = {s["speakerId"]: s for s in named}
    if ctx.args.get("speaker") is not None:
        speakers = {i: speakers[i] for i in speaker_names.matching(ctx, named, ctx.args["speaker"])}
    matching = [_named(row, speakers[row["speakerId"]]) for row in rows if row["speakerId"] in speakers]
    page, used, budget = [], 0, ctx.args["maxChars"] + 1
    for pos in range(turn_offset, len(matching)):
        used += len(matching[pos]["line"]) + 1
        if pos > turn_offset and used > budget:
            break
        page.append({**matching[pos], "pos": pos})
    return {**head, "recording": recording,
            "excludedFromAiSpeakers": [s["name"] for s in named if s["excludedFromAi"]],
            "total": len(matching), "turns": page}


def _named(row, speaker):
    """A turn with its speaker's shown name and its text line."""
    name = speaker["name"]
    return {**row, "speaker": name, "isUser": speaker["isUser"], "excludedFromAi": speaker["excludedFromAi"],
            "line": f"[{row['clock']}] {name}: {row['text']}"}
