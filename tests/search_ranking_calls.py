"""Running the search's ranking by hand, for the tests that compare its forms (test_search_ranking,
test_search_fronts, test_search_rewrite): the term counts of some keys, one ranking macro on them, and which ranking
statement a search through the engine ran, and the fronts as a compaction would build them."""

import re

import pytest

from talkbar import sqlfiles
from talkbar.search import query

WS = "workspace-niy3baezesnixbun"     # the demo's workspace
RANKED = "SELECT * FROM {}($keys, $idfs, $avgdl, $match_all, $cand, $marked) ORDER BY item"


def lengths_wrong(cur):
    """How many term lists say a length (n, migration 0960) other than their own."""
    return cur.execute("SELECT count(*) FROM search_lists WHERE n IS DISTINCT FROM len(docs)").fetchone()[0]


def stats(cur, keys, match_all):
    """query.term_stats of these keys, read on this cursor."""
    return query.term_stats(lambda name, **p: sqlfiles.call(cur, name, workspace_id=WS, **p), keys, match_all)


def ranked(cur, macro, stats, match_all, cand):
    """The rows of one ranking macro (search_ranked and its forms), by item."""
    return cur.execute(RANKED.format(macro), {"keys": stats["keys"], "idfs": stats["idfs"], "avgdl": stats["avgdl"],
                                              "match_all": match_all, "cand": cand,
                                              "marked": stats["marked"]}).fetchall()


def macro(stats, fronts=0):
    """The ranking macro the search runs for these term counts with `fronts` fronts read (0: the one
    that reads the whole lists; the one-word form where it may run): the one its ranking statement's
    form (query.ranking_form()) calls, as that statement's `-- variant:` line made it."""
    form = query.ranking_form({**stats, "fronts": fronts})
    return re.search(r"FROM (search_ranked\w*)\(", sqlfiles.get(query.RANKING["all"][form]).text).group(1)


def statements(engine, args, narrowed=None):
    """The ranking statements a workspace.search with `args` ran (the term counts left out), and its
    matches; `narrowed` (a list), if given, takes each ranking statement's `cand`. The spy is undone
    on return; a caller's own monkeypatches stay."""
    ran, matches = all_statements(engine, args, narrowed)
    return [name for name in ran if name.startswith("workspace.search") and name != "workspace.search:terms"], matches


def all_statements(engine, args, narrowed=None):
    """Every statement a workspace.search with `args` ran, in order, and its matches (`narrowed`: as
    for statements())."""
    ran, real = [], sqlfiles.run

    def spy(cursor, q, params):
        ran.append(q.name)
        if narrowed is not None and q.name.startswith("workspace.search") and q.name != "workspace.search:terms":
            narrowed.append(params.get("cand"))
        return real(cursor, q, params)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sqlfiles, "run", spy)
        matches = engine.call("workspace.search", args)["matches"]
    return ran, matches


EVERY_KEY = "-9223372036854775808, 9223372036854775807"
# the lists as a compaction will leave them: less the passages marked removed (migration 1000)
LIVE_LISTS = ("CREATE OR REPLACE TEMP TABLE live_lists AS "
              "SELECT key, list(doc ORDER BY doc) AS docs, list(item ORDER BY doc) AS items, list(field ORDER BY doc) "
              "AS fields, list(tf ORDER BY doc) AS tfs, list(dl ORDER BY doc) AS dls FROM (SELECT key, unnest(docs) AS "
              "doc, unnest(items) AS item, unnest(fields) AS field, unnest(tfs) AS tf, unnest(dls) AS dl FROM "
              "search_lists) WHERE doc NOT IN (SELECT doc_no FROM search_tail WHERE tf < 0) GROUP BY key")


FRESH = f"SELECT * FROM search_front_rows('live_lists', {EVERY_KEY})"


def fronts_afresh(cur):
    """Every front as a compaction would build it now (under the bound tb_front_at() says: a test sets
    one the demo's lists reach)."""
    cur.execute(LIVE_LISTS)
    cur.execute("DELETE FROM search_fronts")
    cur.execute(f"INSERT INTO search_fronts {FRESH}")
