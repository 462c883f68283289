"""The administrator's policy file (a file the user does not own; see app-commands.md).

Absent = unmanaged. Unreadable or invalid = fail closed: every operation is refused with `failed`
and a message saying the policy could not be read. Read at every call (cached by mtime), so a
change applies from the next call.

Read with a bound: only a regular file of at most MAX_BYTES, opened without blocking (a FIFO or a
device there would otherwise hang every command), parsed with a bound on nesting. A symbolic link
to nothing is not "no policy": someone meant a policy to be there, so it fails closed too.
"""

import os
import stat
from dataclasses import dataclass

from talkbar import paths, untrusted
from talkbar.errors import failed, os_reason
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
    data = untrusted.parse(text)
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


MAX_BYTES = 64 * 1024   # a real policy is a few hundred bytes
_cache = {}


def _not_regular(st):
    return f"{_kind(st)} is not a regular file"


def _kind(st):
    if stat.S_ISDIR(st.st_mode):
        return "the path is a folder, which"
    if stat.S_ISFIFO(st.st_mode):
        return "the path is a named pipe, which"
    return "the path"


def _read(path):
    """The file's text: a regular file of at most MAX_BYTES, opened without blocking."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise ValueError(_not_regular(st))
        if st.st_size > MAX_BYTES:
            raise ValueError(f"the file is {st.st_size:,} bytes; a policy file holds at most {MAX_BYTES:,}")
        data = os.read(fd, MAX_BYTES + 1)
    finally:
        os.close(fd)
    if len(data) > MAX_BYTES:
        raise ValueError(f"the file is over {MAX_BYTES:,} bytes; a policy file holds at most {MAX_BYTES:,}")
    return untrusted.decode(data)


def current():
    path = paths.policy_path()
    try:
        st = path.stat()
    except FileNotFoundError:
        if os.path.islink(path):
            return Policy(managed=True, broken="the path is a symbolic link to a file that does not exist",
                          path=str(path))
        return Policy(path=str(path))
    except OSError as exc:
        return Policy(managed=True, broken=os_reason(exc), path=str(path))
    if not stat.S_ISREG(st.st_mode):
        return Policy(managed=True, broken=_not_regular(st), path=str(path))
    key = (str(path), st.st_mtime_ns, st.st_size, st.st_ino)
    hit = _cache.get("policy")
    if hit and hit[0] == key:
        return hit[1]
    try:
        policy = _parse(_read(path), path)
    except OSError as exc:
        policy = Policy(managed=True, broken=os_reason(exc), path=str(path))
    except UnicodeDecodeError:
        policy = Policy(managed=True, broken="the file is not UTF-8 text", path=str(path))
    except ValueError as exc:   # our own words, or where the JSON goes wrong (line and column)
        policy = Policy(managed=True, broken=str(exc), path=str(path))
    _cache["policy"] = (key, policy)
    return policy


CLI_DISABLED = "Your organization has turned off the TalkBar command-line tool."
MCP_DISABLED = "Your organization has turned off the TalkBar MCP server."
