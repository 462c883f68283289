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
