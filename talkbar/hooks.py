"""Extension points that run inside a write's transaction, after its handler.

`after_write(ctx)` calls every registered function with the operation's context; `ctx.touched`
lists the (kind, id) items whose searchable text changed, so an index registered here is written
in the same transaction as the items it indexes.
"""

_after_write = []


def on_after_write(fn):
    if fn not in _after_write:
        _after_write.append(fn)
    return fn


def after_write(ctx):
    for fn in _after_write:
        fn(ctx)


_after_import = []


def on_after_import(fn):
    """fn(cur, workspace_ids): runs in the import's transaction once every table is written."""
    if fn not in _after_import:
        _after_import.append(fn)
    return fn


def after_import(cur, workspace_ids):
    for fn in _after_import:
        fn(cur, workspace_ids)
