"""Many transcript passages replaced at once, in SQL as a bulk build writes them (sql/search/rewrite.sql).

The index check and a change of the names speakers go by (check.py) replace a session's stale
passages through postings.Writer, which tokenises each passage in Python and binds every posting and
mark as a parameter: right for the few a live change meets, slow for the many a person renamed meets
(1,095 sessions, 128,140 turns at 6 M: 28.5 s, of it 11 s binding 5.2 M postings and marks and
9 s tokenising). Here the passages taken out and the new ones are staged in tables, each distinct
piece of their texts between spaces is tokenised once (postings.vocabulary, as a bulk build does),
and the marks, the postings and the passages are written by joins. What it writes is what the
Writer would: the same marks, dead postings, fronts followed (by the same statements) and counts;
the new passages' postings in the tail, and a passage with no term written too, as a bulk build
writes it (the Writer leaves it out; either way the check finds nothing to mend).

    replace_turns(writer, stale_docs, turns)   # turns: (item_no, part, t_ms, changed, text in NFC)
"""

from talkbar import sqlfiles
from talkbar.search import postings

AT_ONCE = 1_000   # passages from which a range's are rewritten here, not one by one (check.py)


def replace_turns(writer, stale_docs, turns):
    """Take the passages `stale_docs` out and write `turns` as passages, in the writer's workspace
    and transaction (the writer's own pending rows flushed first); returns how many were written."""
    cur = writer.cur
    writer.flush()
    if stale_docs:
        sqlfiles.call(cur, "search.rewrite.gone", docs=list(stale_docs))
        sqlfiles.call(cur, "search.rewrite.drop_docs")
    if turns:
        items, parts, t_ms, changed, texts = map(list, zip(*turns))
        sqlfiles.call(cur, "search.rewrite.stage", items=items, parts=parts, t_ms=t_ms, changed=changed,
                      texts=texts)
    postings.vocabulary(cur, writer.ws, sqlfiles.call(cur, "search.rewrite.words") or [])
    if stale_docs:
        _take_out(writer)
    totals = postings.write_staged(cur)      # with no new passage, only the vocabulary to empty
    writer.docs[2] += totals["docs"]
    writer.lens[2] += totals["len"]
    sqlfiles.call(cur, "search.rewrite.clear")
    writer.flush()          # the counts
    return totals["docs"]


def _take_out(writer):
    """The staged passages leave the index as Writer.remove takes them out: their postings in the
    tail go (told to a compaction under way), those in the lists are marked, and the fronts follow."""
    cur = writer.cur
    sqlfiles.call(cur, "search.rewrite.dead")
    sqlfiles.call(cur, "search.rewrite.drop_tail")
    sqlfiles.call(cur, "search.rewrite.marks")
    marked = sqlfiles.call(cur, "search.fronts.marked", staged=True)
    postings.follow_fronts(cur, marked["groups"], marked["keys"])
    for r in sqlfiles.call(cur, "search.rewrite.counts"):
        writer.docs[r["field"]] -= r["docs"]
        writer.lens[r["field"]] -= r["lens"]
