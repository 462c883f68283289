"""A database file as an older talkbar-cli made it, for the tests of a migration."""

import duckdb

from talkbar import db as dbmod
from talkbar import sqlfiles


def database_before(path, version, monkeypatch):
    """A new DuckDB file at `path` with every migration before `version` applied (and none after);
    its connection, left open for the test to write what such a file held."""
    older = [m for m in sqlfiles.migrations() if m[0] < version]
    with monkeypatch.context() as m:
        m.setattr(sqlfiles, "migrations", lambda root=None: older)
        con = duckdb.connect(str(path))
        dbmod._prepare(con, path, create=True)
    return con


def workspace_before(path, version, monkeypatch):
    """database_before(), and the id of the workspace the new file was seeded with (the one its rows
    go in)."""
    con = database_before(path, version, monkeypatch)
    return con, con.execute("SELECT workspace_id FROM workspaces").fetchone()[0]
