"""topics.*: the topics that tag sessions and notes.

- Names are unique in a workspace, case ignored (`failed`: "A topic with this name already exists").
- A colour is one of the named colours or a hex colour #RGB / #RRGGBB, else `failed`
  ("Unsupported topic color"); without one, the colour follows from the name, so the same name
  always gets the same colour.
- Deleting a topic takes it off every session and note (topics have no Trash).
- Tagging is idempotent; a session whose tags change has a new page revision.
"""

import hashlib
import re

from talkbar.errors import failed

NAMED_COLORS = ("slate", "sky", "stone", "teal", "indigo", "green", "yellow", "blue", "purple", "rose",
                "lime", "emerald", "amber", "cyan", "fuchsia", "pink")
_HEX = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


def color_for_name(name):
    """The colour a topic gets when none is given: the same for the same name, case ignored."""
    digest = hashlib.sha256(name.casefold().encode("utf-8")).digest()
    return NAMED_COLORS[int.from_bytes(digest[:4], "big") % len(NAMED_COLORS)]


def _checked_color(color):
    if color is not None and color not in NAMED_COLORS and not _HEX.match(color):
        raise failed(f"Unsupported topic color. Use one of: {', '.join(NAMED_COLORS)}; "
                     "or a hex color, #RGB or #RRGGBB")
    return color


def _unique(ctx, name, topic_id=None):
    if ctx.sql("topics.name_taken", name=name, topic_id=topic_id) is not None:
        raise failed("A topic with this name already exists")


def create(ctx, args):
    name = args["name"].strip()
    color = _checked_color(args.get("color"))
    _unique(ctx, name)
    return ctx.sql("topics.create", topic_id=ctx.new_id("topic"), name=name,
                   color=color if color is not None else color_for_name(name))


def rename(ctx, args):
    name = args["name"].strip() if args.get("name") is not None else None
    color = _checked_color(args.get("color"))
    if name is not None:
        _unique(ctx, name, args["topicId"])
    return ctx.sql("topics.rename", name=name, color=color)
