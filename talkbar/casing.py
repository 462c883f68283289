"""Argument names (camelCase, as the spec writes them) and query parameter names (snake_case), one
way each: `$note_id` binds args["noteId"]."""

import re

_CAMEL = re.compile(r"_([a-z0-9])")


def camel(name):
    """note_id -> noteId."""
    return _CAMEL.sub(lambda m: m.group(1).upper(), name)


def snake(name):
    """noteId -> note_id."""
    return "".join("_" + c.lower() if c.isupper() else c for c in name)
