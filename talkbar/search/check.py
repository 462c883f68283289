"""Checking a workspace's search index against its items, and mending what differs.

`mend(cur, workspace_id)` compares every item's passages (its name, own text and a document's
pieces) with what they should be today, and every session's transcript passages with its turns,
and writes again through the one writer (postings.Writer) only what differs: passages missing,
stale or of items and turns gone. It runs in the caller's write transaction, once for each
workspace a migration lists in search_checks (index.ensure): a read of every item's own passages
and of every transcript passage beside its turn (at 6 M turns 3.1-3.7 s in process with nothing
to mend; bench/check.py: 10.2 s with 100 sessions' speaker renamed, against 129 s building the index
again whole). `mend_turns_of(cur, workspace_id, sessions)` compares the turns of some sessions the
same way: the sessions whose speakers' names changed (index.on_change). A range with rewrite.AT_ONCE
passages or more to write has them written by joins in SQL (rewrite.py), not one at a time.
"""

import time
import unicodedata

from talkbar import dbplans, events, sqlfiles
from talkbar.search import passages, postings, rewrite

TURNS_AT_ONCE = 200_000   # turns compared with their passages per statement (as a bulk build stages them)


def mend(cur, workspace_id):
    """Mend the workspace's index where it differs from its items; returns what was done:
    {"removed": passages taken out, "written": passages written, "itemsGone": items no longer
    there}. A passage without a single term is never written (postings.Writer.add)."""
    started = time.monotonic()
    writer = postings.Writer(cur, workspace_id)
    done = {"removed": 0, "written": 0, "itemsGone": 0}
    with dbplans.every_pass(cur):     # its joins read whole tables, not a few rows by key
        for kind in passages.KINDS:
            _mend_items(writer, kind, done)
        _mend_turns(writer, done)
    sqlfiles.call(cur, "search.clear.check", workspace_id=workspace_id)
    events.emit("search.checked", workspace=workspace_id, **done, ms=round((time.monotonic() - started) * 1000, 1))
    return done


def _mend_items(writer, kind, done):
    """Every item of one kind: numbered if it never was, its passages replaced where they differ;
    the numbered items no longer there leave the index."""
    cur, ws = writer.cur, writer.ws
    numbers = {r["item_id"]: r["item_no"] for r in sqlfiles.call(cur, "search.check.items", workspace_id=ws, kind=kind)}
    held = {}   # item_no -> its passages, as search.docs.of gives them
    for d in sqlfiles.call(cur, "search.check.docs", workspace_id=ws, kind=kind, fields=passages.fields(kind)):
        held.setdefault(d["item_no"], {})[(d["item_no"], d["field"], d["part"])] = d
    present = set()
    for rows in passages.sources(cur, ws, kind):
        new = [r["id"] for r in rows if r["id"] not in numbers]
        if new:
            numbers.update((r["item_id"], r["item_no"]) for r in sqlfiles.call(
                cur, "search.items.add", workspace_id=ws, kind=kind, ids=new))
        ids = [r["id"] for r in rows]
        present.update(ids)
        theirs = {k: d for i in ids for k, d in held.get(numbers[i], {}).items()}
        done["removed"] += writer.replace(theirs, passages.wanted(kind, rows, numbers))
        done["written"] += len(writer.flush())    # a batch at a time, however much is missing
    gone = [n for i, n in numbers.items() if i not in present]
    if gone:
        done["removed"] += writer.drop_items(gone)
        done["itemsGone"] += len(gone)
        writer.flush()


def _mend_turns(writer, done, ids=None):
    """Every session's turns (or those of the sessions `ids`), compared with their passages a range
    of sessions at a time (search.check.turns): a passage missing or stale is written again, one of
    a turn gone taken out, and one whose words are its turn's only takes the turn's change time (as a
    turn made final does)."""
    ranges = sqlfiles.call(writer.cur, "search.bulk.turn_ranges", workspace_id=writer.ws, turns=TURNS_AT_ONCE, ids=ids)
    for r in ranges:
        _mend_range(writer, done, r["first_no"], r["last_no"], r["sessions"])


def mend_turns_of(cur, workspace_id, session_ids):
    """The turns of these sessions compared with their passages and mended where they differ, as the
    check does (the names their speakers go by changed: a speaker renamed, linked or unlinked, or a
    person renamed whom speakers with no name of their own go by). Reading each session's turns and
    passages and comparing them here cost renaming a person who speaks in 225 of 2,000 sessions
    4.7-10.9 s at 602 k turns, and 2.1 s changing only their email. The sessions never numbered are
    returned (they have no passages yet)."""
    ids = list(session_ids)
    numbered = {r["item_id"] for r in sqlfiles.call(cur, "search.items.find", workspace_id=workspace_id,
                                                     kind="session", ids=ids)}
    _mend_turns(postings.Writer(cur, workspace_id), {"removed": 0, "written": 0}, ids)
    return [i for i in ids if i not in numbered]


def _mend_range(writer, done, first_no, last_no, sessions):
    """The turns of the sessions keyed first_no..last_no (only `sessions`, if given) against their
    passages."""
    cur, ws = writer.cur, writer.ws
    rows = sqlfiles.call(cur, "search.check.turns", workspace_id=ws, first_no=first_no, last_no=last_no,
                         sessions=sessions)
    if not rows:
        return
    docs = [r["doc_no"] for r in rows if r["doc_no"] is not None]
    texts = ({d["doc_no"]: d["text"] for d in sqlfiles.call(cur, "search.check.passage_texts", docs=docs)}
             if docs else {})
    turns = [r for r in rows if r["part"] is not None]
    bodies = {(b["session_no"], b["turn_id"]): b["body"] for b in sqlfiles.call(
        cur, "search.check.turn_texts", workspace_id=ws, first_no=first_no, last_no=last_no,
        sessions=[r["session_no"] for r in turns], turn_ids=[r["part"] for r in turns])} if turns else {}
    for r in rows:          # a passage's text as the bulk build writes it (search.bulk.stage_turns)
        r["text"] = texts.get(r["doc_no"])
        body = bodies.get((r["session_no"], r["part"]))
        r["body"] = body and unicodedata.normalize("NFC", body)
    same, written = [], []
    for r in rows:
        (same if r["doc_no"] is not None and r["part"] is not None and _same_words(r) else written).append(r)
    if same:
        sqlfiles.call(cur, "search.docs.touch", docs=[r["doc_no"] for r in same], changed=[r["changed"] for r in same])
    stale = [r["doc_no"] for r in written if r["doc_no"] is not None]
    done["removed"] += len(stale)
    if len(written) >= rewrite.AT_ONCE:
        done["written"] += rewrite.replace_turns(writer, stale, [
            (r["item_no"], r["part"], r["t_ms"], r["changed"], r["body"] or "") for r in written if r["part"] is not None])
        return
    if stale:
        writer.remove(sqlfiles.call(cur, "search.docs.drop_ids", docs=stale))
    for r in written:
        if r["part"] is not None:
            writer.add(r["item_no"], 2, r["part"], r["body"], r["t_ms"], r["changed"])
    done["written"] += len(writer.flush())


def _same_words(row):
    """A turn's passage says what it says, from when it starts: only its change time may differ
    (a passage indexed one by one holds the text as written, not in NFC)."""
    return row["old_t_ms"] == row["t_ms"] and unicodedata.normalize("NFC", row["text"] or "") == row["body"]
