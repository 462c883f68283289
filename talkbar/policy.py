"""The administrator's policy file (a file the user does not own; see app-commands.md).

Absent = unmanaged. Unreadable or invalid = fail closed: every operation is refused with `failed`
and a message saying the policy could not be read. Read at every call (cached by mtime), so a
change applies from the next call.
"""

import json
import os
from dataclasses import dataclass

from talkbar import paths
from talkbar.errors import failed
from talkbar.manifest import GROUPS

MANAGED = "your organization manages this in TalkBar's administrator policy"


@dataclass(frozen=True)
class Policy:
    managed: bool = False
    broken: str = None                       # why the file could not be read
    mcp_server_disabled: bool = False
    cli_disabled: bool = False
    blocked_groups: frozenset = frozenset()
    export_folders: tuple = None             # None = any folder
    path: str = ""

    def blocks(self, op):
        return op.group in self.blocked_groups

    def refuse_if_broken(self):
        if self.broken:
            raise failed(f"TalkBar's administrator policy ({self.path}) could not be read, so "
                         f"nothing runs until it is fixed: {self.broken}")

    def refuse_blocked(self, op):
        self.refuse_if_broken()
        self.refuse_if_blocked(op)

    def refuse_if_blocked(self, op):
        if self.blocks(op):
            raise failed(f"{op.id} is blocked: {MANAGED}.")


_KEYS = {"mcpServerDisabled": bool, "cliDisabled": bool, "blockedGroups": list, "exportFolders": list}


def _parse(text, path):
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("the policy must be a JSON object")
    for key, value in data.items():
        if key not in _KEYS:
            raise ValueError(f"unknown setting `{key}`")
        if not isinstance(value, _KEYS[key]):
            raise ValueError(f"`{key}` has the wrong type")
    groups = data.get("blockedGroups", [])
    for g in groups:
        if g not in GROUPS:
            raise ValueError(f"unknown policy group `{g}` in blockedGroups")
    folders = data.get("exportFolders")
    if folders is not None and not all(isinstance(f, str) and os.path.isabs(f) for f in folders):
        raise ValueError("exportFolders must be absolute folder paths")
    return Policy(managed=True, mcp_server_disabled=data.get("mcpServerDisabled", False),
                  cli_disabled=data.get("cliDisabled", False), blocked_groups=frozenset(groups),
                  export_folders=tuple(folders) if folders is not None else None, path=str(path))


_cache = {}


def current():
    path = paths.policy_path()
    try:
        st = path.stat()
    except FileNotFoundError:
        return Policy(path=str(path))
    except OSError as exc:
        return Policy(managed=True, broken=str(exc), path=str(path))
    key = (str(path), st.st_mtime_ns, st.st_size)
    hit = _cache.get("policy")
    if hit and hit[0] == key:
        return hit[1]
    try:
        policy = _parse(path.read_text(encoding="utf-8"), path)
    except (OSError, ValueError) as exc:
        policy = Policy(managed=True, broken=str(exc), path=str(path))
    _cache["policy"] = (key, policy)
    return policy


CLI_DISABLED = "Your organization has turned off the TalkBar command-line tool."
MCP_DISABLED = "Your organization has turned off the TalkBar MCP server."
