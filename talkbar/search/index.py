"""Keeping the search index current, inside the transaction of every write (talkbar/hooks.py).

`on_change(cur, workspace_id, touched)` re-indexes the touched items: an item's title and own text
are replaced whole; `turns` (id = session id) indexes only the session's turns changed since the
last indexed one, so a live recording pays for its new turn and nothing else. A touched id whose
row is gone leaves the index. `after_import` rebuilds the imported workspaces: the transcript turns
in bulk (words split in SQL, each distinct word tokenised once here), everything else item by item.

New postings go to the unsorted tail; when it grows, a compaction (compact.py) re-sorts in the
background.
"""

import time

from talkbar import events, hooks, progress, sqlfiles
from talkbar.search import compact, passages, text
from talkbar.search.keys import key

KINDS = ("session", "note", "document", "chat", "action_item", "project", "series", "person", "company", "memory")
OWN, ALL = [0, 1], [0, 1, 2]
_indexed = set()     # workspaces seen indexed by this process


class _Batch:
    """Passages to write: (item_no, field, part, t_ms, changed, term counts, length)."""

    def __init__(self, workspace_id):
        self.ws = workspace_id
        self.rows = []
        self.removed = 0
        self.removed_len = 0

    def add(self, item_no, field, part, counts, length, t_ms=None, changed=None, body=None):
        self.rows.append((item_no, field, part, t_ms, changed, counts, length, body))

    def drop(self, cur, docs):
        """Passages removed (rows of search.docs.drop): their postings go, and a compaction under way
        is told (its copy may still hold them)."""
        if not docs:
            return
        ids = [d["doc_no"] for d in docs]
        for step in ("search.postings.drop", "search.tail.drop", "search.dead.add"):
            sqlfiles.call(cur, step, docs=ids)
        self.removed += len(ids)
        self.removed_len += sum(d["len"] for d in docs)

    def write(self, cur):
        rows = self.rows
        if rows:
            cols = list(zip(*[r[:5] for r in rows]))
            lens = [r[6] for r in rows]
            made = {(r["item_no"], r["field"], r["part"]): r["doc_no"] for r in sqlfiles.call(
                cur, "search.docs.add", items=list(cols[0]), fields=list(cols[1]), parts=list(cols[2]),
                t_ms=list(cols[3]), changed=list(cols[4]), lens=lens, texts=[r[7] for r in rows])}
            k, d, it, f, tf, dl = [], [], [], [], [], []
            for row in rows:
                item_no, field, counts, length = row[0], row[1], row[5], row[6]
                doc_no = made[(item_no, field, row[2])]
                for term, n in counts.items():
                    k.append(key(self.ws, term))
                    d.append(doc_no)
                    it.append(item_no)
                    f.append(field)
                    tf.append(min(n, 32767))
                    dl.append(length)
            if k:
                sqlfiles.call(cur, "search.tail.add", keys=k, docs=d, items=it, fields=f, tfs=tf, dls=dl)
        added = len(rows) - self.removed
        added_len = sum(r[6] for r in rows) - self.removed_len
        if (added or added_len or rows) and sqlfiles.call(cur, "search.stats.bump", workspace_id=self.ws, docs=added,
                                                len=added_len) is None:
            sqlfiles.call(cur, "search.stats.add", workspace_id=self.ws, docs=added, len=added_len)


def _item_numbers(cur, workspace_id, kind, ids):
    found = {r["item_id"]: r["item_no"] for r in sqlfiles.call(cur, "search.items.find", workspace_id=workspace_id,
                                                     kind=kind, ids=ids)}
    missing = [i for i in ids if i not in found]
    if missing:
        for r in sqlfiles.call(cur, "search.items.add", workspace_id=workspace_id, kind=kind, ids=missing):
            found[r["item_id"]] = r["item_no"]
    return found


def index_items(cur, workspace_id, kind, ids=None):
    """(Re-)index these items of one kind (ids None: all of the workspace) in one batch of writes."""
    rows = sqlfiles.call(cur, f"search.source.{kind}", workspace_id=workspace_id, ids=ids)
    batch = _Batch(workspace_id)
    present = [r["id"] for r in rows]
    numbers = _item_numbers(cur, workspace_id, kind, present) if present else {}
    gone = []
    if ids is not None:
        gone_ids = sorted(set(ids) - set(present))
        if gone_ids:
            gone = list(sqlfiles.call(cur, "search.items.find", workspace_id=workspace_id, kind=kind, ids=gone_ids))
    if ids is not None and numbers:
        fields = ALL if kind == "document" else OWN
        batch.drop(cur, sqlfiles.call(cur, "search.docs.drop", items=list(numbers.values()), fields=fields))
    if gone:
        items = [g["item_no"] for g in gone]
        batch.drop(cur, sqlfiles.call(cur, "search.docs.drop", items=items, fields=ALL))
        sqlfiles.call(cur, "search.items.drop", items=items)
    for row in rows:
        item_no = numbers[row["id"]]
        for field, part, t_ms, counts, length, body in passages.of(kind, row):
            batch.add(item_no, field, part, counts, length, t_ms, body=body)
    batch.write(cur)


def index_turns(cur, workspace_id, session_id):
    """Index the session's turns changed since the last indexed one (a live turn: just that one)."""
    found = sqlfiles.call(cur, "search.items.find", workspace_id=workspace_id, kind="session", ids=[session_id])
    item_no = found[0]["item_no"] if found else None
    rows = sqlfiles.call(cur, "search.source.turns", item_no=item_no, session_id=session_id)
    if not rows:
        return
    if item_no is None:   # a session never indexed: number it (its turns are all new then)
        item_no = _item_numbers(cur, workspace_id, "session", [session_id])[session_id]
    batch = _Batch(workspace_id)
    old = [{"doc_no": r["old_doc"], "len": r["old_len"]} for r in rows if r["old_doc"] is not None]
    if old:
        sqlfiles.call(cur, "search.docs.drop_ids", docs=[o["doc_no"] for o in old])
        batch.drop(cur, old)
    for r in rows:
        body = passages.turn_text(r["speaker"], r["text"])
        counts, length = text.doc_terms(body)
        batch.add(item_no, 2, r["part"], counts, length, r["t_ms"], r["changed"], body)
    batch.write(cur)


@hooks.on_change
def on_change(cur, workspace_id, touched):
    if not touched:
        return
    if ensure(cur, workspace_id):   # a workspace indexed for the first time (e.g. after an upgrade)
        return
    wanted = {}
    for kind, item_id in touched:
        wanted.setdefault(kind, [])
        if item_id not in wanted[kind]:
            wanted[kind].append(item_id)
    for kind, ids in wanted.items():
        if kind == "turns":
            for session_id in ids:
                index_turns(cur, workspace_id, session_id)
        elif kind in KINDS:
            index_items(cur, workspace_id, kind, ids)
    compact.after_write(cur)


def clear_workspace(cur, workspace_id):
    for step in ("postings", "tail", "docs", "items", "stats"):
        sqlfiles.call(cur, f"search.clear.{step}", workspace_id=workspace_id)


def rebuild(cur, workspace_id):
    """Index a whole workspace from scratch (after an import, or at the first search of a workspace
    never indexed); a progress step for each kind of item and for the transcripts."""
    clear_workspace(cur, workspace_id)
    sqlfiles.call(cur, "search.stats.add", workspace_id=workspace_id, docs=0, len=0)
    with progress.steps(len(KINDS) + 1) as done:
        for kind in KINDS:
            index_items(cur, workspace_id, kind)
            done(f"Search index: {kind} items")
        _bulk_turns(cur, workspace_id)
        done("Search index: transcripts")


def _bulk_turns(cur, workspace_id):
    sqlfiles.call(cur, "search.bulk.stage_turns", workspace_id=workspace_id)
    words = [r["word"] for r in sqlfiles.call(cur, "search.bulk.words", pattern=text.WORD_SQL)]
    vw, vk = [], []
    for w in words:
        for term in text.word_terms(w):
            vw.append(w)
            vk.append(key(workspace_id, term))
    if vw:
        sqlfiles.call(cur, "search.bulk.vocab", words=vw, keys=vk)
    sqlfiles.call(cur, "search.bulk.postings", pattern=text.WORD_SQL)
    sqlfiles.call(cur, "search.bulk.docs")
    totals = sqlfiles.call(cur, "search.bulk.totals")
    if totals["docs"]:
        sqlfiles.call(cur, "search.stats.add", workspace_id=workspace_id, docs=totals["docs"], len=totals["len"])
    sqlfiles.call(cur, "search.bulk.clear_stage")
    sqlfiles.call(cur, "search.bulk.clear_vocab")


@hooks.on_after_import
def after_import(cur, workspace_ids):
    started = time.monotonic()
    compact.cancel(cur)
    for row in sqlfiles.call(cur, "search.orphans"):
        clear_workspace(cur, row["workspace_id"])
    for ws in workspace_ids:
        rebuild(cur, ws)
    _settle(cur)
    events.emit("search.rebuild", workspaces=len(workspace_ids), ms=round((time.monotonic() - started) * 1000, 1))


def _settle(cur):
    sqlfiles.call(cur, "search.bulk.settle")
    sqlfiles.call(cur, "search.bulk.clear_tail")


def ensure(cur, workspace_id):
    """Index a workspace never indexed before (data from before search existed) at its first search
    or write; True if it did. Once seen indexed, a workspace stays so for this process (its counts
    row only goes with a rebuild, which writes it again)."""
    if workspace_id in _indexed:
        return False
    if sqlfiles.call(cur, "search.stats.has", workspace_id=workspace_id) is None:
        rebuild(cur, workspace_id)
        return True
    _indexed.add(workspace_id)
    return False
