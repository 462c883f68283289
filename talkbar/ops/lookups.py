"""Lookups and argument helpers the knowledge, people and companies operations share.

The engine's `ctx.need` gives not_found for a missing row; these name the project or session that
was not found, in the words workspace.stats uses, and turn an operation's optional text query into
the `$words` of `tb_has_all`.
"""

from talkbar import textmatch
from talkbar.errors import not_found


def live_project(ctx, project_id):
    """A project of this workspace that is not in the Trash, or None when none is asked for."""
    if project_id is not None and ctx.sql("projects.live", project_id=project_id) is None:
        raise not_found(f"Project not found in workspace: {project_id}")
    return project_id


def live_session(ctx, session_id):
    """A session of this workspace that is not in the Trash, or None when none is asked for."""
    if session_id is not None and ctx.sql("sessions.live", session_id=session_id) is None:
        raise not_found(f"Session not found in workspace: {session_id}")
    return session_id


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
