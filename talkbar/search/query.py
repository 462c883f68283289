"""workspace.search (and so talkbar_find and `talkbar-cli search`): one engine, three faces.

The query's words become terms (text.py; an `any` query also drops the words of asking). Their
document frequencies are read first (an all-words query ends there when a word is found nowhere
or the items holding its rarer words share none);
then one SQL query (sql/ops/workspace.search.sql over search_ranked, sql/schema/0930_search_rank_one.sql;
for one word search_ranked_one, the same ranking without grouping the postings by passage; when
the commonest word's list is long enough to have a front, 0940_search_fronts.sql, the forms that
read the front instead of grouping all of it; when the two commonest words' lists have fronts,
0950_search_fronts_two.sql) reads the terms' lists by key, scores every passage
by BM25 and each item by its best passage plus a bounded share for the query words it holds
elsewhere, and returns the best items, by number, with their best passage (named() says what the
numbers name, from what the lease has read: an item's number never passes to another); a small
query per kind present then says what to show of them and drops those that may not be shown
(Trash, hidden, archived). Snippets are cut here.
"""

import math

from talkbar.search import index, semantic, snippet, text
from talkbar.search.keys import key

MAX_TERMS = 32
# an all-words search narrows to the items every word's list holds, known for lists of at most this
# many postings (term_stats())
ITEMS_AT = 20_000
# An all-words search narrowed to this share of the workspace's items or more reads the fronts all
# the same: the items leave most of a long list to group. The ranking statement, with the front
# against without it (migration 0971; best of two medians):
#   at 6 M turns (10,448 items), the all-words queries of bench/scale.py narrowed to fewer than 3,000:
#   from 1,510 to 2,393 items (14-23%), 14 queries, 0.62x-1.07x, median 0.88x (59 -> 37, 49 -> 31,
#   41 -> 26 ms); from 519 to 1,350 items (5-13%), 28 queries, median 1.27x;
#   at 602 k turns (2,648 items), 29 words beside a speaker's name in a third of the passages and
#   beside a word in a sixth: 2-4 items 1.08x-1.4x, 261 items (10%) 0.91x and 1.25x, 432-714 items
#   (16-27%) 0.61x-1.03x, 975-1,715 items (37-65%) 0.53x-0.91x.
# Below the bound, narrowing wins. (A bound in items, as before, held at one size only: 1,500 is a
# seventh of the items at 6 M turns and more than half at 602 k.) The same bound tells the kinds or
# the project a search asks for that are few enough to rank alone (narrowing()).
CAND_FRONT_SHARE = 0.14
# ... and from this share on, it ranks them without the narrowing: the words' lists leave the same
# items (every one ranked must hold every word), and a long list of items costs more to bind and test
# than the rows it leaves out (at 6 M turns, the ranking statement with the fronts: 5,474-6,794 items
# (52-65%) 32.2 -> 29.6, 31.5 -> 27.3, 37.2 -> 31.9, 41.5 -> 35.5 ms; 3,400-4,020 items (33-38%)
# 39.7 -> 42.4, 44.4 -> 46.0, 44.1 -> 44.8 ms; at 602 k turns, 975-1,715 items (37-65%) 0.89x-0.98x).
# The same holds for the whole lists, without fronts (the all-words queries of bench/search.py and
# bench/scale.py, both ways interleaved, the same answers: at 602 k turns (2,448 items), from 48% of
# the items on 0.83x-0.96x, 21 queries, median 0.88x; 43-47% 0.95x-1.02x; at 34-41% narrowing wins,
# 1.06x-1.15x unnarrowed; at 60 k (423 items) from 49% on 0.86x-0.96x, 12 queries; at 6 M turns,
# 52% and 58%: 20.0 -> 18.3 and 31.4 -> 18.4 ms)
CAND_WHOLE_SHARE = 0.48
# the items a workspace may have for named() to read all of them at its first search in a lease
# (about 100 bytes each; 2,648 at 602 k turns, 10,448 at 6 M)
MEMO_ITEMS = 50_000
# a search of some kinds ranks by number when they are at least this share of the workspace's items
# (kinds_share)
KINDS_BY_NUMBER = 0.5
HREF = {"session": "/sessions/", "note": "/notes/", "document": "/documents/", "chat": "/chats/",
        "action_item": "/action-items/", "project": "/projects/", "series": "/series/",
        "person": "/people/", "company": "/companies/", "memory": "/knowledge/"}

# what a match of each kind shows (sql/search/show.sql); a session whose own text did not win: SHOW_LEAN
SHOW = {
    "session": "search.show.session", "note": "search.show.note", "document": "search.show.document",
    "chat": "search.show.chat", "action_item": "search.show.action_item", "project": "search.show.project",
    "series": "search.show.series", "person": "search.show.person", "company": "search.show.company",
    "memory": "search.show.memory",
}
SHOW_LEAN = "search.show.session:lean"
# the ranking statement (sql/ops/workspace.search.sql), by what narrows the items (nothing, kinds, a
# project), then by form (ranking_form(): the `-- variant:` run, "" for the statement as written):
# one word is ranked without grouping its postings by passage (@one, and @one_marked where its list
# keeps removed passages), and a front stands for the commonest word's long list (@front,
# @one_front, @one_front_marked) or for the two commonest words' (@front2); more words read from
# the whole lists with the items not narrowed, @whole
RANKING = {
    "all": {"": "workspace.search", "@one": "workspace.search@one", "@one_marked": "workspace.search@one_marked",
            "@front": "workspace.search@front", "@one_front": "workspace.search@one_front",
            "@one_front_marked": "workspace.search@one_front_marked", "@front2": "workspace.search@front2",
            "@whole": "workspace.search@whole"},
    "kinds": {"": "workspace.search:kinds", "@one": "workspace.search:kinds@one",
              "@one_marked": "workspace.search:kinds@one_marked", "@front": "workspace.search:kinds@front",
              "@one_front": "workspace.search:kinds@one_front",
              "@one_front_marked": "workspace.search:kinds@one_front_marked",
              "@front2": "workspace.search:kinds@front2",
              "@whole": "workspace.search:kinds@whole"},
    "project": {"": "workspace.search:project", "@one": "workspace.search:project@one",
                "@one_marked": "workspace.search:project@one_marked", "@front": "workspace.search:project@front",
                "@one_front": "workspace.search:project@one_front",
                "@one_front_marked": "workspace.search:project@one_front_marked",
                "@front2": "workspace.search:project@front2",
                "@whole": "workspace.search:project@whole"},
}

# A lease searching a large index leans to all of DuckDB's threads (talkbar/dbwidth.py): from
# this search on, until a search finds it small again. Whole searches in process, 100 queries x 2
# modes x 3 rounds, each way in blocks (p50, p95 ms; one thread / the machine's two):
#   60 k turns (one row group of passages): all words 10.53 / 11.38, 15.64 / 16.63; any 12.28 / 13.12;
#   602 k turns (5): all 11.59 / 11.84, 22.71 / 21.91; any 15.91 / 15.93, 22.90 / 21.35;
#   6 M turns (49): all 19.95 / 18.69, 54.13 / 40.05; any 29.10 / 25.33, 58.81 / 50.53.
# and bench/search.py at 602 k turns leaning wide from 4 row groups on: all-words p50 14.67 ms, any
# 17.22, against 13.28 and 16.02 on one thread. So the bound sits between 5 and 49 row groups,
# where no size was measured: at 16 (2.0 M passages).
# (Setting the threads around the ranking statement alone cost 0.68 + 1.10 ms a search.)
WIDE_PASSAGES = 16 * 122_880
# ... and so does a long unsorted tail (till a compaction folds it in), once it spans more than one
# row group, which two threads scan side by side: at 602 k turns with 648 k postings in the tail
# (bench/search.py's 10% growth), whole searches p95 36.5 against 29.9 ms; ranking statements of 50
# queries x 2 modes, one thread against two, interleaved (the threads set before each statement,
# which favours one thread): 97 k postings, two won 44 of 96 (median
# 1.00x); 194 k, 69 of 96 (0.94x); 648 k, 79 of 96 (0.89x).
TAIL_WIDE_ROWS = 122_880


def search(ctx, args):
    match_all = args["match"] == "all"
    terms = (text.query_terms if match_all else text.question_terms)(args["query"])[:MAX_TERMS]
    content = semantic.status()
    if not terms:
        return {"matches": [], "contentSearch": content}
    alone = index.ensure(ctx.cur, ctx.workspace_id) is not None   # indexed (or upgraded) here first
    stats = term_stats(ctx.sql, [key(ctx.workspace_id, t) for t in terms], match_all,
                       ctx.memo.setdefault("search.long_lists", set()))
    if not stats:
        return {"matches": [], "contentSearch": content}
    wide = stats["passages"] >= WIDE_PASSAGES or stats["tail"] >= TAIL_WIDE_ROWS
    ctx.width.lean(wide)
    kinds = args.get("kinds") or None
    scope = "project" if args.get("projectId") is not None else "kinds" if kinds else "all"
    share = kinds_share(ctx, kinds, stats["items"]) if scope == "kinds" else None
    if scope == "project" or (scope == "kinds" and (share is None or share < CAND_FRONT_SHARE)):
        stats, scope = narrowing(ctx, stats, scope, kinds, args.get("projectId"))
        if stats is None:
            return {"matches": [], "contentSearch": content}
    if share is not None and (scope != "kinds" or share < KINDS_BY_NUMBER):
        share = None
    form = ranking_form(stats)
    limit = args["limit"]
    shown, passages, want = {}, {}, limit + 10
    while True:
        by_number = scope == "all" or share is not None
        asked = math.ceil(want / share) if share is not None else want
        ranked = ctx.sql(RANKING["all" if by_number else scope][form], keys=stats["keys"], idfs=stats["idfs"],
                         avgdl=stats["avgdl"], match_all=match_all, cand=stats["cand"], marked=stats["marked"],
                         kinds=kinds, limit=asked)
        full = len(ranked) == asked
        if by_number:
            ranked = named(ctx, ranked, stats["items"], kinds)
        _show(ctx, ranked, ranked[:limit], shown, passages, args, alone, wide)
        visible = [r for r in ranked if (r["kind"], r["id"]) in shown]
        if len(visible) >= limit or not full:
            break
        want *= 4
        share = None    # too few of the kinds asked for among the best: their own statement from here
    top = visible[:limit]
    _show(ctx, [], top, shown, passages, args, alone, wide)     # passages of those that moved up
    return {"matches": [_match(r, shown[(r["kind"], r["id"])], passages.get(r["doc"]), terms, len(terms))
                        for r in top], "contentSearch": content}


def named(ctx, ranked, n_items, kinds=None):
    """The ranked items (by number: workspace.search) with their kind and id, those of this workspace
    (and of `kinds`, if given). A number comes from a sequence: while this process holds the file, it
    never passes to another item (not even one drawn by a transaction rolled back), so what it names
    is kept in the lease's memo (ctx.memo) and only numbers not seen yet are read: the first time,
    every item of a workspace of at most MEMO_ITEMS items (`n_items`); after that, and for a larger
    workspace, only the missing ones."""
    known = ctx.memo.setdefault("search.items", {})
    missing = [r["item"] for r in ranked if r["item"] not in known]
    if missing:
        _learn(ctx, known, n_items, missing)
    out = []
    for r in ranked:
        workspace_id, kind, item_id = known.get(r["item"], (None, None, None))
        if workspace_id == ctx.workspace_id and (kinds is None or kind in kinds):
            out.append({**r, "kind": kind, "id": item_id})
    return out


def kinds_share(ctx, kinds, n_items):
    """The share of the workspace's items that are of `kinds`, when the lease knows every item (a
    workspace of at most MEMO_ITEMS items, read on the first search that asks); None otherwise. From
    KINDS_BY_NUMBER on, a search of those kinds ranks by number and keeps the kinds asked for among
    the best 1/share as many as it wants (named()); below CAND_FRONT_SHARE (or not known), a search
    of two words or more ranks only their items (narrowing()); between them, or when those fall
    short, the ranking statement that joins the items and keeps the kinds (workspace.search:kinds)."""
    if n_items > MEMO_ITEMS:
        return None
    counts = ctx.memo.get("search.kinds", {}).get(ctx.workspace_id)
    if counts is None:
        counts = _learn(ctx, ctx.memo.setdefault("search.items", {}), n_items, [])
    return sum(counts.get(k, 0) for k in set(kinds)) / max(sum(counts.values()), 1)


def narrowing(ctx, stats, scope, kinds, project_id):
    """A search of two words or more of kinds that are few in the workspace, or in a project that
    holds few of its items (less than CAND_FRONT_SHARE of them), ranks only their items, by number
    (the items given to search_ranked as its `cand`, with those holding every word when match_all
    narrowed already): (stats narrowed, "all"). Ranking every item and keeping the kinds or the
    project's afterwards (workspace.search:kinds, :project) grouped every posting of the words'
    lists by passage: at 6 M turns, through the engine, "Dana Lee" among the 34 people 70.05 against
    12.99 ms, "budget review" among 400 notes 41.80 against 17.64 and in a project of 12% of the
    items 42.77 against 31.21 (22.33 against 16.20 at 602 k turns). One word is ranked without that
    grouping, and reading its items first costs more than it saves ("Aoife" among people and
    companies 9.53 against 10.62 ms). For those: (stats, scope) as they were; (None, None) when the
    items have none holding every word."""
    if len(stats["keys"]) == 1:
        return stats, scope
    at_most = math.ceil(CAND_FRONT_SHARE * stats["items"])   # as many are too many: read no more
    if scope == "project":
        items = ctx.sql("search.items.of_project", project_id=project_id, kinds=kinds, at_most=at_most)
    else:
        items = ctx.sql("search.items.of_kinds", kinds=kinds, at_most=at_most)
    if len(items) >= at_most:
        return stats, scope
    cand = items if stats["cand"] is None else sorted(set(items).intersection(stats["cand"]))
    if not cand:
        return None, None
    return {**stats, "cand": cand, "fronts": 0}, "all"


def _learn(ctx, known, n_items, missing):
    """Read into the memo what item numbers name: all of the workspace's, with how many of each kind
    it has (for kinds_share; returned), the first time for a workspace of at most MEMO_ITEMS items;
    else only `missing`, each counted with its kind once the counts were read. (Reading the whole
    workspace again for an item made since had cost a search after a write 12 ms at 6 M turns,
    10,448 items, against 1.2 ms for the missing one.)"""
    if len(known) + max(n_items, len(missing)) > 2 * MEMO_ITEMS:
        known.clear()
        ctx.memo.pop("search.kinds", None)
    counts = ctx.memo.get("search.kinds", {}).get(ctx.workspace_id)
    if n_items > MEMO_ITEMS or counts is not None:
        rows = ctx.sql("search.items.named", items=missing)
    else:
        rows, counts = ctx.sql("search.items.named:workspace"), {}
        ctx.memo.setdefault("search.kinds", {})[ctx.workspace_id] = counts
    if counts is not None:
        for x in rows:
            if x["workspace_id"] == ctx.workspace_id:
                counts[x["kind"]] = counts.get(x["kind"], 0) + 1
    known.update((x["item_no"], (x["workspace_id"], x["kind"], x["item_id"])) for x in rows)
    return counts


def term_stats(sql, keys, match_all=False, long=None):
    """The keys, rarest first and those found nowhere last (search_ranked counts the 8 rarest
    exactly), with their document frequency and BM25 idf, and each field's average passage length;
    `items`: how many items the workspace has (reads_front's measure); `passages`: its content
    passages (WIDE_PASSAGES); `tail`: the rows of the unsorted tail, all terms (TAIL_WIDE_ROWS);
    `fronts`: how many of the last keys (0, 1 or 2) have fronts for the ranking to read (1:
    search_ranked_front and _one_front, 2: search_ranked_front2; 0 with a `cand` of less than
    CAND_FRONT_SHARE of the items, where reading the whole list costs less: reads_front());
    With match_all and two keys or more, `cand`: the items holding every key whose items the SQL
    returns (short lists, nothing in the tail), the only ones search_ranked scores; None when no
    key's items are known, when they are CAND_WHOLE_SHARE of the items or more (and always without
    match_all or with one key). `marked`: a key's list keeps passages removed since the last
    compaction, marked in the tail (sql/schema/1000_search_marks.sql): its count is less them, and
    the ranking takes them out (ranking_form()). None
    instead of it all if nothing can match: no key found, or with match_all, a key found nowhere or
    no item holding the known ones. `sql`: ctx.sql, or a stand-in with the workspace bound. `long`:
    the keys seen with more than ITEMS_AT postings (a set kept for the lease: a list that long stays
    so but for a compaction's removals, and then its items are only not known), whose items are not
    read (workspace.search:terms); the keys seen so long here are added to it."""
    found, fields, items, unknown, fronted, tail, marked = {}, {}, {}, set(), set(), 0, False
    long = set() if long is None else long
    # One word is never narrowed, so its items are not read (converting them cost a one-word
    # all-words search ~0.3 ms at 602 k turns). A word's items are known only when the tail holds
    # none of its postings, so they are all the items its postings have: narrowing to them leaves
    # every posting in, and costs binding a list of up to 20,000 items and testing each posting
    # against it (the one-word all-words queries of bench/search.py, ranked both ways, interleaved,
    # the same answers: 13.7 -> 12.3 ms at 60 k turns, 17.9 -> 14.4 at 602 k). The one-word macros
    # rely on it: they bind no narrowing at all (migration 0990). Its front, where it has one, is
    # read as before: such a list is longer than the lists whose items are read.
    for r in sql("workspace.search:terms", keys=keys, short=[k for k in keys if k not in long],
                 long=[k for k in keys if k in long], match_all=match_all and len(set(keys)) > 1, items_at=ITEMS_AT):
        if r["part"] == 3:
            tail = r["n"]
        elif r["part"] == 2:
            fronted.add(r["key"])
        elif r["part"] == 0:
            found[r["key"]] = found.get(r["key"], 0) + r["n"]
            if r["n"] > ITEMS_AT:
                long.add(r["key"])
            marked = marked or r["marks"] > 0
            if r["items"] is None:
                unknown.add(r["key"])
            else:
                items.setdefault(r["key"], set()).update(r["items"])
        else:
            fields[r["key"]] = (r["n"], r["avgdl"])
    found = {k: n for k, n in found.items() if n > 0}   # marks may leave a list no passage
    if not found:
        return None
    known = [held for k, held in items.items() if k not in unknown]
    cand = sorted(set.intersection(*known)) if match_all and known else None
    if match_all and (len(found) < len(set(keys)) or cand == []):
        return None
    n = sum(count for count, _avg in fields.values())
    ordered = sorted(keys, key=lambda k: (k not in found, found.get(k, 0)))
    df = [found.get(k, 0) for k in ordered]
    n_items = fields.get(0, (0, 0))[0]      # every item has a title passage
    fronts = 0
    while reads_front(cand, n_items) and fronts < min(2, len(ordered)) and ordered[-1 - fronts] in fronted:
        fronts += 1
    if cand is not None and len(cand) >= CAND_WHOLE_SHARE * n_items:
        cand = None
    return {"keys": ordered, "df": df, "cand": cand, "fronts": fronts, "items": n_items, "tail": tail, "marked": marked,
            "passages": fields.get(2, (0, 0))[0],
            "avgdl": [fields.get(f, (0, 0))[1] or 1.0 for f in (0, 1, 2)],
            "idfs": [math.log(1 + (n - d + 0.5) / (d + 0.5)) for d in df]}


def ranking_form(stats):
    """Which variant of a RANKING statement runs for these term stats ("" for the statement as
    written): one word is ranked without grouping its postings by passage, leaving out the passages
    removed from its list or its front first where it has marks (`marked`:
    sql/schema/1010_search_one_marked.sql); more words read the fronts as term_stats found them, or
    the whole lists, narrowed to the items `cand` or not at all (@whole: the narrowing tests every
    posting even when there is none, sql/schema/1030_search_rank_whole.sql)."""
    fronts = stats["fronts"]
    if len(stats["keys"]) == 1:
        return ("@one", "@one_front")[fronts] + ("_marked" if stats["marked"] else "")
    if fronts:
        return ("@front", "@front2")[fronts - 1]
    return "@whole" if stats["cand"] is None else ""


def reads_front(cand, n_items):
    """Whether a ranking narrowed to the items `cand` (None: not narrowed) of a workspace of
    `n_items` reads the fronts of long lists rather than the whole lists (CAND_FRONT_SHARE)."""
    return cand is None or len(cand) >= CAND_FRONT_SHARE * n_items


def _show(ctx, ranked, best, shown, passages, args, alone, wide):
    """Fill `shown` (what to show of each ranked item that may be shown: one query per kind, for
    sessions without their summary when none is matched in it) and
    `passages` (doc -> its passage, for those of `best` reported by their content; read ahead, as
    nearly all of them may be shown), reading only what is not there yet. Independent reads
    (Ctx.sql_each), heavy enough to gain from the second core however few when the lease leans wide
    (`wide`; at 6 M turns, whole searches p50 all words 13.07 ms side by side against 13.54 one after
    another, any 15.02 against 15.50); one after another when this transaction has just written the
    index (`alone`), which sibling cursors would not see."""
    wanted, own_text = {}, set()
    for r in ranked:
        if (r["kind"], r["id"]) not in shown:
            wanted.setdefault(r["kind"], []).append(r["id"])
            if r["own_wins"]:
                own_text.add(r["kind"])
    calls = [(SHOW_LEAN if kind == "session" and kind not in own_text else SHOW[kind],
              {"ids": ids, "include_archived": args["includeArchived"]}) for kind, ids in wanted.items()]
    docs = [r["doc"] for r in best if r["doc"] is not None and r["doc"] not in passages]
    if docs:
        calls.append(("search.passages", {"docs": docs}))
    results = ctx.sql_each(calls, alone=alone, heavy=wide)
    for kind, rows in zip(wanted, results):
        for row in rows:
            shown[(kind, row["id"])] = row
    if docs:
        passages.update((p["doc_no"], p) for p in results[-1])


def shown_score(r, own_wins, n_terms):
    """The spec's bands: 10 or more for a match in a name or own text, below 10 for a match in
    indexed content only; within a band, the higher the better ranked."""
    per_term = r / n_terms
    return round(10 + per_term if own_wins else 10 * per_term / (per_term + 4), 3)


def _content(kind, item_id, passage):
    return {"sourceType": kind, "sourceId": item_id, "locator": passage["part"], "tMs": passage["t_ms"]}


def _match(r, row, passage, terms, n_terms):
    kind, title = r["kind"], row["title"] or ""
    if r["own_wins"]:
        matched = "title" if r["in_title"] else "body"
        body = row["body"] or ""
        source = body if (body and matched == "title") or snippet.has_match(body, terms) else title
        cut, content = snippet.cut(source, terms), None
    else:
        matched = "content"
        cut = snippet.cut(passage["text"] if passage else "", terms)
        content = _content(kind, r["id"], passage) if passage else None
    return {"kind": kind, "id": r["id"], "title": title, "snippet": cut, "href": HREF[kind] + r["id"],
            "score": shown_score(r["r"], r["own_wins"], n_terms), "projectId": row["projectId"], "matchedIn": matched,
            "atMs": row["atMs"], "detail": row["detail"], "context": row["context"],
            "itemCount": row["itemCount"], "archived": row["archived"], "content": content}
