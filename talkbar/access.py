"""MCP Access: the app's settings page that decides what the MCP server may run.

The master switch (off after install), one toggle per operation (defaults from the manifest,
which matches spec/operations.tsv), the per-row Read/Change toggles that set a row's operations
together, "Allow deletes without confirmation" and the audit log. Stored in the database; the MCP
server reads it once per lease of the file (only another process changes it, and only while the
server does not hold the file), so a switch takes effect at the next call. The CLI ignores all of
it (but not the administrator's policy).
"""

from dataclasses import dataclass

from talkbar import sqlfiles

ROWS = ("sessions", "notes", "projects", "action_items", "knowledge", "team", "topics", "markers",
        "chats", "documents", "calendar", "series", "scheduler", "exports", "workspace", "profile")

_SPLIT_BY_PREFIX = {
    "workspace-and-profile": {"profile": "profile"},
    "calendar-and-series": {"calendar": "calendar", "series": "series"},
    "topics-and-markers": {"markers": "markers"},
    "chats-and-documents": {"chats": "chats", "documents": "documents"},
    "projects-and-notes": {"projects": "projects", "notes": "notes"},
}
_CATEGORY_ROW = {"people-and-companies": "team", "action-items": "action_items",
                 "workspace-and-profile": "workspace", "topics-and-markers": "topics"}


def row_of(op):
    """The settings row of an operation (app-commands.md: the category, split where it names two)."""
    prefix = op.id.split(".", 1)[0]
    split = _SPLIT_BY_PREFIX.get(op.category, {})
    if prefix in split:
        return split[prefix]
    return _CATEGORY_ROW.get(op.category, op.category)


SETTINGS = ("mcp_enabled", "deletes_without_confirmation", "audit_log")


@dataclass(frozen=True)
class Access:
    mcp_enabled: bool
    deletes_without_confirmation: bool
    audit_log: bool
    toggles: dict  # op id -> bool, for every operation in the manifest

    def enabled(self, op_id):
        return self.mcp_enabled and self.toggles.get(op_id, False)


def load(cur, manifest):
    rows = sqlfiles.call(cur, "access.state")
    settings = {r["name"]: r["value"] for r in rows if r["kind"] == "setting"}
    overrides = {r["name"]: r["value"] for r in rows if r["kind"] == "toggle"}
    toggles = {op.id: overrides.get(op.id, op.default_on) for op in manifest}
    return Access(mcp_enabled=settings.get("mcp_enabled", False),
                  deletes_without_confirmation=settings.get("deletes_without_confirmation", False),
                  audit_log=settings.get("audit_log", False), toggles=toggles)


def set_setting(cur, key, value):
    assert key in SETTINGS
    sqlfiles.call(cur, "access.set_setting", key=key, value=bool(value))


def set_ops(cur, op_ids, value):
    ids = list(dict.fromkeys(op_ids))
    if ids:
        sqlfiles.call(cur, "access.set_toggles", operations=ids, enabled=bool(value))


def reset(cur):
    sqlfiles.call(cur, "access.reset")
