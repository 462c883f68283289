"""The index writer: the one place that writes passages and postings (index.py says what changed,
compact.py re-sorts in the background, query.py reads).

Layout (sql/schema/0810_search_lists.sql): a passage is a row of search_docs (its item, field, part,
length and text); its postings are (term key, passage, item, field, tf, passage length). Settled
postings live in search_lists, one row per term key holding its passages as parallel lists, read
by the primary key; new postings are appended to search_tail (one row each) until a compaction
folds them into the lists. A passage's postings are all in the tail or all in the lists. A
removed passage still in the tail leaves it by its rows; one in the lists stays in them until the
next compaction (or settle) takes it out, and leaves a mark in the tail meanwhile: its stored text
is tokenised again to find its terms, and each gets a row with tf MARK_TF, which a search counts
and takes out (sql/schema/1000_search_marks.sql). Rewriting the lists at once cost a renamed title
at 6 M turns 0.3-1.1 s, a common term's list being long (index.py also replaces only the passages
of an item that changed). A long list also has a front (search_fronts, what the ranking needs of it
per item): a settle builds it, a transcript passage's removal cuts it (or drops it, where it
cannot follow; a name's or own text's stays in it, marked, as in the list), and a compaction builds
it again.

Interface, all inside the caller's write transaction:

    w = Writer(cur, workspace_id)
    w.add(item_no, field, part, body, t_ms=None, changed=None)   # a passage to index
    w.remove(rows)      # passages already deleted from search_docs: rows of {doc_no, len, text}
    w.replace(held, wanted)   # of these passages, those that differ from what they should be
    w.drop_items(items)       # items that are gone, with their passages
    w.flush()           # writes the passages, their postings and BM25's counts; returns the new passages' numbers

    bulk_turns(cur, workspace_id)   # every transcript turn of a workspace, tokenised in SQL
    write_staged(cur)               # the staged passages' postings and passages (a bulk build's, a rewrite's)
    settle(cur)                     # after a bulk build: the tail folded into the term lists

Per live turn that is one passage row, its postings appended to the tail, and one counts update;
made final with the same words, its passage only takes the new change time (index.py); with other
words, its passage and postings leave the tail and come back.
"""

from talkbar import progress, sqlfiles
from talkbar.search import passages, text
from talkbar.search.keys import key, key_ranges

MAX_TF = 32767
MARK_TF = -1             # a posting in the tail with this tf marks its passage removed from the lists
SETTLE_POSTINGS = 500_000   # postings folded into the term lists per statement (the same bound)
VOCAB_WORDS = 20_000    # distinct words tokenised and written per statement by a bulk build
STAGE_TURNS = 200_000   # turns staged per statement by a bulk build (its joins and sort stay within an import's memory bound)
POSTINGS_DOCS = 200_000  # staged passages whose postings a bulk build counts and sorts per statement (the same bound)

_fronts_dropped = False  # a front went (follow_fronts): a compaction builds it again


class Writer:
    def __init__(self, cur, workspace_id):
        self.cur = cur
        self.ws = workspace_id
        self.rows = []           # (item_no, field, part, t_ms, changed, counts, length, body)
        self.docs = [0, 0, 0]    # passages added less removed, per field (BM25's counts)
        self.lens = [0, 0, 0]    # and their terms

    def add(self, item_no, field, part, body, t_ms=None, changed=None):
        """A passage to index; one without a single term is left out."""
        counts, length = text.doc_terms(body or "")
        if length:
            self.rows.append((item_no, field, part, t_ms, changed, counts, length, body))
            self.docs[field] += 1
            self.lens[field] += length

    def remove(self, rows, under=None):
        """Passages deleted from search_docs (rows of search.docs.drop*: doc_no, item_no, field, len, text):
        their postings leave the tail, and a compaction under way is told (its copy may still hold
        them); a passage in the lists leaves a mark per term in the tail instead (the lists keep it
        until a compaction: sql/schema/1000_search_marks.sql), and where it is a transcript passage
        the fronts of its words' lists follow at once. `under`: the tokeniser they were indexed under,
        when not this one (their terms are found as it found them)."""
        if not rows:
            return
        docs = [r["doc_no"] for r in rows]
        in_tail = {r["doc_no"] for r in sqlfiles.call(self.cur, "search.tail.drop", docs=docs)}
        dead, marks = [], []     # (key, passage) of the tail's; (key, passage, item, field, length) of the lists'
        for r in rows:
            for term in text.doc_terms(r["text"] or "", under=under)[0]:
                k = key(self.ws, term)
                if r["doc_no"] in in_tail:
                    dead.append((k, r["doc_no"]))
                else:
                    marks.append((k, r["doc_no"], r["item_no"], r["field"], r["len"]))
        if marks:   # a passage still in the tail (a live turn made final) marks nothing
            keys, docs, items, fields, lens = map(list, zip(*marks))
            sqlfiles.call(self.cur, "search.tail.add", keys=keys, docs=docs, items=items, fields=fields,
                          tfs=[MARK_TF] * len(keys), dls=lens)
            # a front keeps a name's or own text's passage as its list does (a posting there, taken
            # out by its marks); a transcript passage it holds per item, so the front follows it
            content = [(k, d) for k, d, _item, field, _len in marks if field == 2]
            follow_fronts(self.cur, _groups(rows, content) if content else None, list(dict.fromkeys(keys)))
        if dead:
            keys, docs = map(list, zip(*dead))
            sqlfiles.call(self.cur, "search.dead.add", keys=keys, docs=docs)
        for r in rows:
            self.docs[r["field"]] -= 1
            self.lens[r["field"]] -= r["len"]

    def replace(self, held, wanted):
        """Make the passages `held` ({(item_no, field, part): row of search.docs.of}) what they should
        be (`wanted`: {(item_no, field, part): (text, t_ms)}): only those that differ are taken out
        (search.docs.drop_ids) and added again, and those missing added. Taking one out of the
        settled term lists marks each of its words (remove()), and a transcript passage cuts the
        fronts of their lists, which for a common word are long (a note renamed had paid for its
        whole text: 0.3 s at 600 k turns, when the lists themselves were rewritten). Returns how
        many passages were taken out."""
        kept = {k for k, d in held.items() if wanted.get(k) == (d["text"], d["t_ms"])}
        stale = [d["doc_no"] for k, d in held.items() if k not in kept]
        if stale:
            self.remove(sqlfiles.call(self.cur, "search.docs.drop_ids", docs=stale))
        for (item_no, field, part), (body, t_ms) in wanted.items():
            if (item_no, field, part) not in kept:
                self.add(item_no, field, part, body, t_ms)
        return len(stale)

    def drop_items(self, items):
        """Items that are gone leave the index (by number): their passages, then their numbers.
        Returns how many passages they held."""
        rows = sqlfiles.call(self.cur, "search.docs.drop", items=items, fields=passages.ALL)
        self.remove(rows)
        sqlfiles.call(self.cur, "search.items.drop", items=items)
        return len(rows)

    def flush(self):
        """Write what was added and removed; returns the new passages' numbers, by (item_no, field, part)."""
        rows, made = self.rows, {}
        if rows:
            cols = list(zip(*[r[:5] for r in rows]))
            made = {(r["item_no"], r["field"], r["part"]): r["doc_no"] for r in sqlfiles.call(
                self.cur, "search.docs.add", items=list(cols[0]), fields=list(cols[1]), parts=list(cols[2]),
                t_ms=list(cols[3]), changed=list(cols[4]), lens=[r[6] for r in rows], texts=[r[7] for r in rows])}
            k, d, it, f, tf, dl = [], [], [], [], [], []
            for item_no, field, part, _t, _c, counts, length, _b in rows:
                doc_no = made[(item_no, field, part)]
                for term, n in counts.items():
                    k.append(key(self.ws, term))
                    d.append(doc_no)
                    it.append(item_no)
                    f.append(field)
                    tf.append(min(n, MAX_TF))
                    dl.append(length)
            sqlfiles.call(self.cur, "search.tail.add", keys=k, docs=d, items=it, fields=f, tfs=tf, dls=dl)
        for field, (docs, lens) in enumerate(zip(self.docs, self.lens)):   # the 3 rows come together:
            # a workspace's first missing row is the first one asked for, before any is bumped
            if (docs or lens) and sqlfiles.call(self.cur, "search.stats.bump", workspace_id=self.ws, field=field,
                                                docs=docs, lens=lens) == 0:
                sqlfiles.call(self.cur, "search.stats.add", workspace_id=self.ws, docs=self.docs, lens=self.lens)
                break
        self.rows, self.docs, self.lens = [], [0, 0, 0], [0, 0, 0]
        return made


def _groups(rows, gone):
    """These (key, doc) postings of transcript passages (`rows` of search.docs.drop*) grouped by list
    and item, as follow_fronts takes them."""
    by_doc = {r["doc_no"]: r for r in rows}
    groups = {}
    for k, d in gone:
        group = groups.setdefault((k, by_doc[d]["item_no"]), [0, []])
        group[0] += 1
        group[1].append(d)
    return {"keys": [k for k, _ in groups], "items": [i for _, i in groups],
            "counts": [count for count, _ in groups.values()], "gone": [docs for _, docs in groups.values()]}


def follow_fronts(cur, groups, keys):
    """The fronts follow passages that left their lists (marked there): `groups`, the transcript
    passages by list and item as parallel lists (keys, items, counts, gone), where a front can follow
    them and else goes (sql/search/index.sql: search.fronts.*); `keys`, every list marked, whose
    fronts go where the list is now too short for one. Called wherever passages leave the lists
    (Writer.remove, rewrite.py) and where a compaction's copy, taken before some did, is swapped in
    (compact.swap). A front gone makes a compaction due (compact.after_write looks at the next write)."""
    global _fronts_dropped
    dropped = 0
    if groups and groups["keys"]:
        dropped += sqlfiles.call(cur, "search.fronts.drop_unkept", **groups) or 0
        sqlfiles.call(cur, "search.fronts.cut", **groups)
    if keys:
        dropped += sqlfiles.call(cur, "search.fronts.drop_short", keys=keys) or 0
    _fronts_dropped = _fronts_dropped or dropped > 0


def fronts_dropped():
    """Whether a front went since the last time this was asked (compact.after_write)."""
    global _fronts_dropped
    dropped, _fronts_dropped = _fronts_dropped, False
    return dropped


def bulk_turns(cur, workspace_id):
    """Every transcript turn of the workspace as a passage, split at its spaces in SQL (each distinct
    piece tokenised once here); the postings land in the tail, POSTINGS_DOCS passages' at a time,
    each such run sorted by term key (settle() folds them in)."""
    batches = sqlfiles.call(cur, "search.bulk.turn_ranges", workspace_id=workspace_id, turns=STAGE_TURNS,
                            ids=None)
    with progress.steps(2) as half:       # half the transcripts' step each (at 6 M turns, 81 s in all)
        with progress.steps(len(batches)) as staged:
            for n, batch in enumerate(batches, 1):
                sqlfiles.call(cur, "search.bulk.stage_turns", workspace_id=workspace_id,
                              first_no=batch["first_no"], last_no=batch["last_no"])
                staged(f"Search index: transcripts, turns read {n} of {len(batches)}")
        progress.say("Search index: transcripts, tokenising words")
        vocabulary(cur, workspace_id, sqlfiles.call(cur, "search.bulk.words") or [])
        half("Search index: transcripts, words tokenised")
        totals = write_staged(cur)
    if totals["docs"]:
        sqlfiles.call(cur, "search.stats.add", workspace_id=workspace_id, docs=[0, 0, totals["docs"]],
                      lens=[0, 0, totals["len"]])


def write_staged(cur):
    """The staged transcript passages (search_stage, their pieces in the vocabulary) written: their
    postings counted into the tail POSTINGS_DOCS passages at a time, each such run sorted by term key,
    then the passages with their lengths; the scratch emptied. Returns their count and terms (BM25's
    counts, which the caller adds: a bulk build's are the workspace's first, a rewrite's go on its
    Writer's)."""
    ranges = sqlfiles.call(cur, "search.bulk.doc_ranges", docs=POSTINGS_DOCS)
    with progress.steps(len(ranges)) as written:
        for n, r in enumerate(ranges, 1):
            sqlfiles.call(cur, "search.bulk.postings", lo=r["lo"], hi=r["hi"])
            written(f"Search index: transcripts, postings written {n} of {len(ranges)}")
    progress.say("Search index: transcripts, passages")      # 19 s at 6 M turns
    sqlfiles.call(cur, "search.bulk.docs")
    totals = sqlfiles.call(cur, "search.bulk.totals")
    sqlfiles.call(cur, "search.bulk.clear_stage")
    sqlfiles.call(cur, "search.bulk.clear_vocab")
    return totals


def vocabulary(cur, workspace_id, pieces):
    """piece -> term keys for every distinct piece of the staged passages between spaces
    (search.bulk.words; a rewrite's, search.rewrite.words), VOCAB_WORDS pieces at a time: its words as text.words() splits them, each
    word's terms, in order and with repeats. The tokeniser's and the keys' caches (kept for live
    writes, which meet the same words again) are emptied after each part: at 6 M turns some 127 k
    words had stayed in them, and in one statement's lists, through the rest of the build."""
    for at in range(0, len(pieces), VOCAB_WORDS):
        vw, vk = [], []
        for piece in pieces[at:at + VOCAB_WORDS]:
            for word in text.words(piece):
                for term in text.word_terms(word):
                    vw.append(piece)
                    vk.append(key(workspace_id, term))
        if vw:
            sqlfiles.call(cur, "search.bulk.vocab", words=vw, keys=vk)
        text.clear_caches()
        key.cache_clear()


def settle(cur):
    """The tail (after a bulk build, nearly all of the postings, in runs sorted by term key) folded
    into the term lists a range of keys at a time (SETTLE_POSTINGS postings or so each; keys are
    hashes, spread evenly over the 64-bit range), each range reading a row group or two of each run;
    then the range's long lists get their fronts (sql/schema/0940_search_fronts.sql). The marks
    in the tail (passages removed from the lists) are carried out first, as a compaction's swap
    carries out the removals of its journal (the caller cancelled any compaction: compact.cancel())."""
    sqlfiles.call_each(cur, ("search.bulk.marks_to_journal", "search.bulk.drop_marks", "search.compact.swap_dead",
                             "search.compact.swap_empty", "search.compact.swap_journal"))
    parts = -(-sqlfiles.call(cur, "search.bulk.tail_size")["n"] // SETTLE_POSTINGS) or 1
    for n, (lo, hi) in enumerate(key_ranges(parts), 1):
        progress.say(f"Search index: term lists {n} of {parts}")
        sqlfiles.call_each(cur, ("search.bulk.settle_more", "search.bulk.settle", "search.bulk.drop_fronts",
                                 "search.bulk.fronts"), lo=lo, hi=hi)
    sqlfiles.call(cur, "search.bulk.clear_tail")


def clear_workspace(cur, workspace_id):
    """Every passage and posting of a workspace (before a rebuild, or when it is gone)."""
    sqlfiles.call_each(cur, ("search.clear.fronts", "search.clear.lists", "search.clear.tail", "search.clear.docs",
                             "search.clear.items", "search.clear.stats", "search.clear.tokeniser",
                             "search.clear.check"), workspace_id=workspace_id)
