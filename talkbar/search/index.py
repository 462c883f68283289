"""Keeping the search index current, inside the transaction of every write (talkbar/hooks.py):
what changed, and so which passages to write or remove (postings.py writes them).

`on_change(cur, workspace_id, touched)` re-indexes the touched items: an item's title and own text
are replaced whole; `turns` (id = session id) indexes only the session's turns changed since the
last indexed one, so a live recording pays for its new turn and nothing else. A touched id whose
row is gone leaves the index. `after_import` rebuilds the imported workspaces: the transcript turns
in bulk (words split in SQL, each distinct word tokenised once here), everything else item by item.
`ensure` meets a workspace indexed under another tokeniser (text.TOKENISER) at its first search or
write: it is upgraded by the passages the newer tokeniser can change (upgrade()), or built again;
and one a migration asks to check against its items (check.py), mended where they differ.

New postings go to the unsorted tail; when it grows, a compaction (compact.py) folds it into the
term lists in the background.
"""

import time

from talkbar import events, hooks, progress, sqlfiles
from talkbar.db import bound_memory
from talkbar.search import check, compact, passages, postings, text

UPGRADE_SHARE = 0.03       # from this share of a workspace's passages on, a tokeniser upgrade rebuilds whole
_indexed = set()     # workspaces seen indexed by this process


def _item_numbers(cur, workspace_id, kind, ids):
    """The items' numbers, and which of them were numbered before (only those can have passages)."""
    found = {r["item_id"]: r["item_no"] for r in sqlfiles.call(cur, "search.items.find", workspace_id=workspace_id,
                                                     kind=kind, ids=ids)}
    known = list(found.values())
    missing = [i for i in ids if i not in found]
    if missing:
        for r in sqlfiles.call(cur, "search.items.add", workspace_id=workspace_id, kind=kind, ids=missing):
            found[r["item_id"]] = r["item_no"]
    return found, known


def index_items(cur, workspace_id, kind, ids=None):
    """(Re-)index these items of one kind (ids None: all of the workspace), a batch of writes for
    each batch of their text (passages.sources). Returns the ids of those whose name is not what
    their name's passage held (renamed, never indexed, or gone)."""
    renamed = []
    for rows in passages.sources(cur, workspace_id, kind, ids):
        renamed += _index_rows(cur, workspace_id, kind, ids, rows)
    return renamed


def _index_rows(cur, workspace_id, kind, ids, rows):
    writer = postings.Writer(cur, workspace_id)
    present = [r["id"] for r in rows]
    numbers, known = _item_numbers(cur, workspace_id, kind, present) if present else ({}, [])
    gone = []
    if ids is not None:
        gone_ids = sorted(set(ids) - set(present))
        if gone_ids:
            gone = list(sqlfiles.call(cur, "search.items.find", workspace_id=workspace_id, kind=kind, ids=gone_ids))
    held = {}   # what the items numbered before hold: a new item (a note just created) has nothing, no scan
    if ids is not None and known:
        held = {(d["item_no"], d["field"], d["part"]): d
                for d in sqlfiles.call(cur, "search.docs.of", items=known, fields=passages.fields(kind))}
    if gone:
        writer.drop_items([g["item_no"] for g in gone])
    wanted = passages.wanted(kind, rows, numbers)
    title = {i: (numbers[i], 0, "title") for i in present}     # an item's name: its passage in field 0
    renamed = [i for i in present if (held.get(title[i]) or {}).get("text") != wanted[title[i]][0]]
    writer.replace(held, wanted)
    writer.flush()
    return renamed + [g["item_id"] for g in gone]


def index_turns(cur, workspace_id, session_id, live=None):
    """Index the session's turns changed since the last indexed one (a live turn: just that one; made
    final with its text unchanged, its passage stays, and takes the new change time unless a
    recorder told of it). Where the names its speakers go by changed, check.mend_turns_of compares
    every turn instead. `live` (hooks.LiveTurns): the turns a recorder has just written, taken as
    they are instead of being read back, while its memo knows the session's item and, for a turn
    made final, its passage."""
    memo = live.memo if live is not None else {}
    item_no = memo.get("item_no")
    if item_no is None:
        found = sqlfiles.call(cur, "search.items.find", workspace_id=workspace_id, kind="session", ids=[session_id])
        item_no = found[0]["item_no"] if found else None
    rows = _written(live, item_no)
    told = rows is not None
    if not told:
        rows = sqlfiles.call(cur, "search.source.turns", item_no=item_no, session_id=session_id)
    if not rows:
        return
    if item_no is None:   # a session never indexed: number it (its turns are all new then)
        item_no = _item_numbers(cur, workspace_id, "session", [session_id])[0][session_id]
    memo["item_no"] = item_no
    same, fresh = [], []   # a turn made final says what it said provisionally: its passage stays
    for r in rows:
        body = passages.turn_text(r["speaker"], r["text"])
        kept = r["old_doc"] is not None and r["old_text"] == body and r["old_t_ms"] == r["t_ms"]
        (same if kept else fresh).append((r, body))
    moved = [r for r, _ in same if r.get("old_changed") != r["changed"]]
    if moved and not told:   # a recorder's final need not move it (2 ms a live turn): the next pass
        # that reads turns changed after the latest passage finds such a turn the same and moves it then
        sqlfiles.call(cur, "search.docs.touch", docs=[r["old_doc"] for r in moved], changed=[r["changed"] for r in moved])
    if not fresh:
        return
    writer = postings.Writer(cur, workspace_id)
    old = [r["old_doc"] for r, _ in fresh if r["old_doc"] is not None]
    if old:
        writer.remove(sqlfiles.call(cur, "search.docs.drop_ids", docs=old))
    for r, body in fresh:
        writer.add(item_no, 2, r["part"], body, r["t_ms"], r["changed"])
    made = writer.flush()
    if live is not None and live.new:   # what the turn, made final next, is compared with
        known = memo.setdefault("passages", {})
        for r, body in fresh:
            doc = made.get((item_no, 2, r["part"]))
            known[r["part"]] = (doc, body, r["t_ms"]) if doc is not None else None


def _written(live, item_no):
    """A recorder's turns in the shape of search.source.turns, with the passage each replaces from
    the memo: None (read them instead) for a session not yet numbered, or a turn made final whose
    passage this lease did not write."""
    if live is None or item_no is None:
        return None
    known = live.memo.get("passages", {})
    rows = []
    for r in live.rows:
        if live.new:
            old = (None, None, None)
        elif known.get(r["part"]) is not None:
            old = known[r["part"]]
        else:
            return None
        rows.append({**r, "old_doc": old[0], "old_text": old[1], "old_t_ms": old[2]})
    if not live.new:      # made final: not asked about again
        for r in live.rows:
            known.pop(r["part"], None)
    return rows


@hooks.on_change
def on_change(cur, workspace_id, touched, live=None):
    if not touched:
        return
    if ensure(cur, workspace_id) == "rebuilt":   # indexed whole for the first time (or after an upgrade)
        return
    by_kind = hooks.by_kind(touched)
    if "person" in by_kind:   # a speaker with no name of their own goes by their person's: if it changed,
        # their turns' passages do too (only their email changed: none of them, and no comparison,
        # which had cost 0.85 s at 6 M turns for a person 1,095 sessions' speakers go by)
        renamed = index_items(cur, workspace_id, "person", by_kind.pop("person"))
        if renamed:
            named = sqlfiles.call(cur, "search.sessions.named_by", workspace_id=workspace_id, people=renamed)
            by_kind.setdefault("speakers", []).extend(r["session_id"] for r in named)
    for kind, ids in by_kind.items():
        if kind == "speakers":    # every turn compared with its passage, as a check compares them
            for session_id in check.mend_turns_of(cur, workspace_id, dict.fromkeys(ids)):
                index_turns(cur, workspace_id, session_id)   # never numbered: all of its turns are new
        elif kind == "turns":
            for session_id in dict.fromkeys(ids):
                index_turns(cur, workspace_id, session_id, (live or {}).get(session_id))
        elif kind in passages.KINDS:
            index_items(cur, workspace_id, kind, ids)
    compact.after_write(cur)


def rebuild(cur, workspace_id):
    """Index a whole workspace from scratch (after an import, or at the first search of a workspace
    never indexed); a progress step for each kind of item and for the transcripts."""
    postings.clear_workspace(cur, workspace_id)
    sqlfiles.call(cur, "search.stats.add", workspace_id=workspace_id, docs=[0, 0, 0], lens=[0, 0, 0])
    sqlfiles.call(cur, "search.tokeniser.set", workspace_id=workspace_id, version=text.TOKENISER)
    with progress.steps(len(passages.KINDS) + 1) as done:
        for kind in passages.KINDS:
            index_items(cur, workspace_id, kind)
            done(f"Search index: {kind} items")
        postings.bulk_turns(cur, workspace_id)
        done("Search index: transcripts")


@hooks.on_after_import
def after_import(cur, workspace_ids):
    started = time.monotonic()
    compact.cancel(cur)
    for row in sqlfiles.call(cur, "search.orphans"):
        postings.clear_workspace(cur, row["workspace_id"])
    for ws in workspace_ids:
        rebuild(cur, ws)
    postings.settle(cur)
    events.emit("search.rebuild", workspaces=len(workspace_ids), ms=round((time.monotonic() - started) * 1000, 1))


def ensure(cur, workspace_id):
    """Index a workspace never indexed before (data from before search existed), or indexed under
    another tokeniser than this one (text.TOKENISER), at its first search or write: "rebuilt" when it
    was built whole (what a write touched is in it then), "upgraded" when only the passages whose
    terms the newer tokeniser changes were indexed again (upgrade()), "checked" when a migration
    asked for its passages to be checked against the items (check.mend) and nothing else was to do,
    None when nothing was. Once seen indexed, a workspace stays so for this process (its counts row
    only goes with a rebuild, which writes it again)."""
    if workspace_id in _indexed:
        return None
    state = sqlfiles.call(cur, "search.index.state", workspace_id=workspace_id)
    built_under = state["built_under"] if state else None
    done = None
    if built_under != text.TOKENISER:
        done = "upgraded" if upgrade(cur, workspace_id, built_under) else "rebuilt"
    if state and state["checking"] and done != "rebuilt":   # a rebuild dropped the request
        check.mend(cur, workspace_id)
        done = done or "checked"
    if done is None:          # what a rebuild, an upgrade or a check wrote may yet be rolled back with its call
        _indexed.add(workspace_id)
    return done


def upgrade(cur, workspace_id, built_under):
    """Bring an index built under an older tokeniser up to this one by indexing again only the
    passages holding a character whose words' terms changed since (text.changed_since): each is
    taken out under the terms it went in under and put back under today's, as an edit is, in the
    caller's transaction. Where that is not known (tokeniser 1, or a workspace never indexed), or
    such passages are UPGRADE_SHARE of the workspace's or more (one by one, they would cost more than
    the bulk build), the index is built again whole instead: False. True when upgraded."""
    chars = text.changed_since(built_under)
    if chars is not None:
        pattern = f"[{chars}]"
        count = sqlfiles.call(cur, "search.docs.count_matching", workspace_id=workspace_id, pattern=pattern)
        if count["matching"] < UPGRADE_SHARE * count["passages"] or count["matching"] == 0:
            rows = sqlfiles.call(cur, "search.docs.drop_matching", workspace_id=workspace_id,
                                 pattern=pattern) if count["matching"] else []
            writer = postings.Writer(cur, workspace_id)
            writer.remove(rows, under=built_under)
            for r in rows:
                writer.add(r["item_no"], r["field"], r["part"], r["text"], r["t_ms"], r["changed"])
            writer.flush()
            sqlfiles.call(cur, "search.tokeniser.set", workspace_id=workspace_id, version=text.TOKENISER)
            events.emit("search.reindexed", workspace=workspace_id, tokeniser=[built_under, text.TOKENISER],
                        passages=len(rows))
            return True
    bound_memory(cur)        # as an import's build: a whole archive's index in a few hundred MB
    compact.cancel(cur)      # a copy being built would miss what settle() moves out of the tail
    rebuild(cur, workspace_id)
    postings.settle(cur)
    events.emit("search.reindexed", workspace=workspace_id, tokeniser=[built_under, text.TOKENISER])
    return False
