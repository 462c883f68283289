"""The name the session page shows for each participant of a session, defined once.

A participant with a name shows it. One without is "Speaker N" ("Участник N" when the session's
transcript is in Cyrillic: session_speakers.cyrillic), N counting the unnamed participants in the
page's order: by their first turn, those who never spoke last, in participant order.

The rows come from SQL (sql/shared/session_speakers.sql); the numbering is done here, over the
few participants of a session, because DuckDB spent longer planning the window and joins that did
it in SQL (7–10 ms a session) than reading the rows (under 1 ms).
"""

from collections import defaultdict

WORDS = {False: "Speaker ", True: "Участник "}


def page_order(rows):
    """Participant rows (with firstSeq and ord) in the page's order."""
    return sorted(rows, key=lambda r: (r["firstSeq"] is None, r["firstSeq"] or 0, r["ord"]))


def shown(ctx, rows_by_session):
    """{sessionId: participant rows} -> the same rows in page order, each with `givenName` (the
    stored name or None) and `name` (what the page shows). The language is read only for sessions
    where someone has no name."""
    unnamed = [sid for sid, rows in rows_by_session.items() if any(r["name"] is None for r in rows)]
    cyrillic = {r["sessionId"] for r in ctx.sql("session_speakers.cyrillic", session_ids=unnamed)} if unnamed else set()
    out = {}
    for sid, rows in rows_by_session.items():
        word, n, named = WORDS[sid in cyrillic], 0, []
        for row in page_order(rows):
            given = row["name"]
            if given is None:
                n += 1
            named.append({**row, "givenName": given, "name": given if given is not None else f"{word}{n}"})
        out[sid] = named
    return out


def of_sessions(ctx, session_ids):
    """{sessionId: named participant rows in page order} for these sessions (those without
    participants are left out)."""
    grouped = defaultdict(list)
    for row in ctx.sql("session_speakers.participants", session_ids=list(session_ids)):
        grouped[row.pop("sessionId")].append(row)
    return shown(ctx, grouped)


def of_session(ctx, session_id):
    """One session's named participants, in page order."""
    return of_sessions(ctx, [session_id]).get(session_id, [])


def with_spoken(ctx, session_id, people, spoken):
    """One session's participants (session_speakers.of_one) joined with what each said
    (session_speakers.spoken), named, in page order. Every turn's speaker is a participant (the
    importer and the recorder see to it); one who never spoke has 0 turns and talk."""
    said = {row["speakerId"]: row for row in spoken}
    rows = []
    for person in people:
        s = said.get(person["speakerId"])
        rows.append({**person, "firstSeq": s and s["firstSeq"], "turns": s["turns"] if s else 0,
                     "talkMs": s["talkMs"] if s else 0, "lastEnd": s and s["lastEnd"]})
    return shown(ctx, {session_id: rows})[session_id]


def of_transcript(ctx, session_id, people, turns):
    """One session's participants (session_speakers.of_one) named from its whole transcript, read
    in order: the order of their first turns is all the naming needs."""
    first = {}
    for pos, turn in enumerate(turns):
        first.setdefault(turn["speakerId"], pos)
    return shown(ctx, {session_id: [{**p, "firstSeq": first.get(p["speakerId"])} for p in people]})[session_id]


def matching(ctx, speakers, wanted):
    """The ids of the named speakers whose shown name holds `wanted`, folded as every list filter
    folds (session_speakers.matching)."""
    return set(ctx.sql("session_speakers.matching", speaker_ids=[s["speakerId"] for s in speakers],
                       speaker_names=[s["name"] for s in speakers], speaker=wanted))


def of_page(ctx, session_id, session_no, *also):
    """A session page's speakers (session_speakers.of_one and .spoken, read side by side with the
    page's other reads `also`, [(query, params)]), named, in page order; then those reads' results."""
    people, spoken, *rest = ctx.sql_each([("session_speakers.of_one", {"session_id": session_id}),
                                          ("session_speakers.spoken", {"session_no": session_no}), *also])
    return [with_spoken(ctx, session_id, people, spoken), *rest]
