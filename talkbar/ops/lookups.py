"""Lookups and argument helpers the knowledge, people and companies operations share.

The engine's `ctx.need` gives not_found for a missing row; these name the project or session that
was not found, in the words workspace.stats uses, and turn an operation's optional text query into
the `$words` of `tb_has_all`.
"""

from talkbar import textmatch
from talkbar.errors import not_found


_LIVE = {"project": ("projects.live", "Project"), "session": ("sessions.live", "Session")}


def live(ctx, kind, item_id):
    """A project or session of this workspace that is not in the Trash; None when none is asked for."""
    query, noun = _LIVE[kind]
    if item_id is not None and ctx.sql(query, **{f"{kind}_id": item_id}) is None:
        raise not_found(f"{noun} not found in workspace")
    return item_id


def words(args):
    return textmatch.words(args.get("query"))


def field_values(args, columns):
    """Values for an insert or a partial update from the arguments given.

    `columns` maps each argument to (column, value when empty). Text is trimmed; null or "" stand for
    the empty value. `set_<column>` says whether the argument was given at all (updates only).
    """
    params = {}
    for arg, (column, empty) in columns.items():
        value = args.get(arg)
        if isinstance(value, str):
            value = value.strip()
        params[column] = empty if value in (None, "") else value
        params[f"set_{column}"] = arg in args
    return params
