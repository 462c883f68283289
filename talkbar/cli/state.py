"""The global options of one talkbar-cli run and what they open."""

import os
import sys
from dataclasses import dataclass

from talkbar import paths


@dataclass
class Globals:
    output: str = "table"   # table | json
    db: str = None          # --db PATH: an existing TalkBar database, never created
    verbose: bool = False


G = Globals()


def open_db(idle_s=0):
    """The database of this run; a one-shot command lets the file go at once (idle_s 0)."""
    from talkbar.db import Database
    if G.db:
        return Database(G.db, create=False, idle_s=idle_s)
    return Database(paths.default_db_path(), create=True, idle_s=idle_s)


def stdout_is_terminal():
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def terminal_width(stream):
    """The width of the terminal `stream` writes to (COLUMNS first, as shells and users set it),
    or None when it is not a terminal."""
    try:
        if not stream.isatty():
            return None
        columns = os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, ValueError, OSError):
        return None
    try:
        columns = int(os.environ.get("COLUMNS", "")) or columns
    except ValueError:
        pass
    return columns if columns > 0 else 80
