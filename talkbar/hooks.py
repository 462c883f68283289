"""Extension points that run inside a write's transaction.

`changed(cur, workspace_id, touched)` calls every function registered with `on_change`; `touched`
lists the (kind, id) items whose searchable text changed, so an index registered here is written
in the same transaction as the items it indexes. The engine calls it after every write operation
(with `ctx.touched`); writers outside the engine (the recording stand-in) call it themselves, and
may say what they wrote (`live`: {session id: LiveTurns}), so that it is not read back.
`after_import(cur, workspace_ids)` runs once an import has written every table.

Modules that register hooks are listed in PLUGINS and loaded on first use, when present.
"""

import importlib
import threading
from dataclasses import dataclass

PLUGINS = ("talkbar.search.index", "talkbar.kept_text")


@dataclass
class LiveTurns:
    """Turns of one session a recorder has just written (each: part = turn id, t_ms, changed,
    text, speaker = the name its passage carries; `new`: appended, not made final) and `memo`:
    what the index keeps of that session while the file stays leased (the recorder's lease cache)."""
    rows: list
    new: bool
    memo: dict


_on_change = []
_after_import = []
_loaded = False
_loading = threading.RLock()   # a plugin's import may load them again (the same thread goes on)


def load_plugins():
    """Import the plugins, once; a thread that comes meanwhile waits until every one has registered
    its hooks. (Marked loaded before the imports, a second thread's first write ran with the hooks
    registered so far, none while the search index was still importing: on a fresh MCP server, a
    note created beside another's first write was left out of the search index and the list
    filters' kept text, its answer saying it was made.)"""
    global _loaded
    if _loaded:
        return
    with _loading:
        if _loaded:
            return
        for name in PLUGINS:
            try:
                importlib.import_module(name)
            except ModuleNotFoundError as exc:
                if exc.name is None or not name.startswith(exc.name):
                    raise
        _loaded = True


def on_change(fn):
    if fn not in _on_change:
        _on_change.append(fn)
    return fn


def changed(cur, workspace_id, touched, live=None):
    load_plugins()
    for fn in _on_change:
        fn(cur, workspace_id, touched, live=live)


def by_kind(touched):
    """The touched items' ids by kind, each once, in the order they were first touched."""
    out = {}
    for kind, item_id in touched:
        out.setdefault(kind, {})[item_id] = None
    return {kind: list(ids) for kind, ids in out.items()}


def on_after_import(fn):
    if fn not in _after_import:
        _after_import.append(fn)
    return fn


def after_import(cur, workspace_ids):
    load_plugins()
    for fn in _after_import:
        fn(cur, workspace_ids)
