"""What the search and notes.list's text filter find among notes, through the engine in this
process: the ids, as sets (for the tests of what a folding or a tokeniser finds, not of order)."""


def searched_notes(engine, query, mode):
    out = engine.call("workspace.search", {"query": query, "match": mode, "kinds": ["note"], "limit": 100})
    return {m["id"] for m in out["matches"]}


def listed_notes(engine, query):
    return {n["noteId"] for n in engine.call("notes.list", {"search": query, "limit": 100})["items"]}
