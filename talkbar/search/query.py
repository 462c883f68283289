"""workspace.search (and so talkbar_find and `talkbar-cli search`): one engine, three faces.

The query's words become terms (text.py); their document frequencies are read first (an all-words
query with a word found nowhere ends there), then one SQL query ranks the items by BM25 (sql/ops/
workspace.search.sql, search_rank in sql/schema/0401_search_rank.sql); a small query per kind present then says what to show of the best ones and
drops those that may not be shown (Trash, hidden, archived); items matched only in indexed content
get their best passage (search.passages). Snippets are cut here.
"""

import math

from talkbar.ops.lookups import live
from talkbar.search import index, semantic, snippet, text
from talkbar.search.keys import key

MAX_TERMS = 32
HREF = {"session": "/sessions/", "note": "/notes/", "document": "/documents/", "chat": "/chats/",
        "action_item": "/action-items/", "project": "/projects/", "series": "/series/",
        "person": "/people/", "company": "/companies/", "memory": "/knowledge/"}


def search(ctx, args):
    live(ctx, "project", args.get("projectId"))
    terms = text.query_terms(args["query"])[:MAX_TERMS]
    content = semantic.status()
    if not terms:
        return {"matches": [], "contentSearch": content}
    keys = [key(ctx.workspace_id, t) for t in terms]
    stats = _term_stats(ctx, keys)
    match_all = args["match"] == "all"
    if not stats["df"] or (match_all and len(stats["df"]) < len(set(keys))):
        return {"matches": [], "contentSearch": content}
    filtered = bool(args.get("kinds")) or args.get("projectId") is not None
    limit = args["limit"]
    shown, passages, want = {}, {}, limit + 10
    while True:
        ranked = ctx.sql("workspace.search:filtered" if filtered else "workspace.search", keys=keys,
                         idfs=stats["idfs"], avgdl=stats["avgdl"], n_terms=len(terms),
                         match_all=match_all and len(terms) > 1, kinds=args.get("kinds") or None, limit=want)
        # what to show of them, and (ahead, as nearly all of them may be shown) the passages of the
        # best ones matched in content only: independent reads, side by side
        _follow_up(ctx, keys, ranked, ranked[:limit], shown, passages, args, alone=stats["indexed_now"])
        visible = [r for r in ranked if (r["kind"], r["id"]) in shown]
        if len(visible) >= limit or len(ranked) < want:
            break
        want *= 4
    top = visible[:limit]
    _follow_up(ctx, keys, [], top, shown, passages, args, alone=stats["indexed_now"])  # those moved up
    return {"matches": [_match(r, shown[(r["kind"], r["id"])], passages.get(r["item"]), terms) for r in top],
            "contentSearch": content}


def _term_stats(ctx, keys):
    """BM25's idf of each key and the average passage length; `df` holds the keys found. A
    workspace searched before it was ever indexed is indexed here first."""
    indexed_now = index.ensure(ctx.cur, ctx.workspace_id)
    rows = ctx.sql("workspace.search:terms", keys=keys)
    if not rows:
        return {"df": {}}
    n, total = rows[0]["n"], rows[0]["total_len"]
    df = {r["key"]: r["df"] for r in rows}
    idfs = [math.log(1 + (n - df.get(k, 0) + 0.5) / (df.get(k, 0) + 0.5)) for k in keys]
    return {"df": df, "idfs": idfs, "avgdl": total / max(n, 1), "indexed_now": indexed_now}


def _follow_up(ctx, keys, ranked, best, shown, passages, args, alone):
    """Fill `shown` (what to show of each ranked item that may be shown: one query per kind) and
    `passages` (item -> its best passage {part, t_ms, text}, for those of `best` matched in
    indexed content only), reading only what is not there yet. `alone`: this transaction has just
    written the index, which sibling cursors would not see."""
    wanted = {}
    for r in ranked:
        if (r["kind"], r["id"]) not in shown:
            wanted.setdefault(r["kind"], []).append(r["id"])
    calls = [(f"search.show.{kind}", {"ids": ids, "include_archived": args["includeArchived"]})
             for kind, ids in wanted.items()]
    items = [r["item"] for r in best if not r["own_wins"] and r["item"] not in passages]
    if items:
        calls.append(("search.passages", {"keys": keys, "items": items}))
    results = ctx.sql_each(calls, alone=alone)
    for kind, rows in zip(wanted, results):
        for row in rows:
            shown[(kind, row["id"])] = row
    if items:
        passages.update((p["item"], p) for p in results[-1])


def _content(kind, item_id, passage):
    return {"sourceType": kind, "sourceId": item_id, "locator": passage["part"], "tMs": passage["t_ms"]}


def _match(r, row, passage, terms):
    kind, title = r["kind"], row["title"] or ""
    if r["own_wins"]:
        matched = "title" if r["in_title"] else "body"
        body = row["body"] or ""
        source = body if snippet.has_match(body, terms) or (body and matched == "title") else title
        cut, content = snippet.cut(source, terms), None
    else:
        matched = "content"
        cut = snippet.cut(passage["text"] if passage else "", terms)
        content = _content(kind, r["id"], passage) if passage else None
    return {"kind": kind, "id": r["id"], "title": title, "snippet": cut, "href": HREF[kind] + r["id"],
            "score": round(r["score"], 3), "projectId": row["projectId"], "matchedIn": matched,
            "atMs": row["atMs"], "detail": row["detail"], "context": row["context"],
            "itemCount": row["itemCount"], "archived": row["archived"], "content": content}
