"""Where TalkBar's files are: the data root, its database, the administrator's policy file."""

import os
import sys
from pathlib import Path

DB_FILE = "talkbar.duckdb"


def data_root():
    env = os.environ.get("TALKBAR_DATA_ROOT")
    if env:
        return Path(env).expanduser()
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "TalkBar"
    if sys.platform.startswith("win"):
        return Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local")) / "TalkBar"
    return _xdg("XDG_DATA_HOME", Path.home() / ".local" / "share") / "TalkBar"


def cache_dir():
    """Where parsed project files are kept between runs (talkbar/parsecache.py)."""
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "TalkBar"
    if sys.platform.startswith("win"):
        return Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local")) / "TalkBar" / "Cache"
    return _xdg("XDG_CACHE_HOME", Path.home() / ".cache") / "talkbar"


def _xdg(variable, default):
    """An XDG base folder: the variable's path if it is absolute, else `default`. The XDG Base
    Directory spec has a relative path (or an empty one) ignored: one taken as it stands would put
    the data wherever the process happens to start (an MCP client chooses the server's folder)."""
    value = os.environ.get(variable, "")
    return Path(value) if os.path.isabs(value) else default


def default_db_path():
    return data_root() / DB_FILE


def policy_path():
    env = os.environ.get("TALKBAR_POLICY_FILE")
    if env:
        return Path(env)
    if sys.platform == "darwin":
        return Path("/Library/Application Support/TalkBar/policy.json")
    if sys.platform.startswith("win"):
        return Path(os.environ.get("ProgramData", "C:/ProgramData")) / "TalkBar" / "policy.json"
    return Path("/etc/talkbar/policy.json")

