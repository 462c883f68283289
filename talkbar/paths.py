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
    xdg = os.environ.get("XDG_DATA_HOME")
    return (Path(xdg) if xdg else Path.home() / ".local" / "share") / "TalkBar"


def cache_dir():
    """Where parsed project files are kept between runs (talkbar/parsecache.py)."""
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "TalkBar"
    if sys.platform.startswith("win"):
        return Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local")) / "TalkBar" / "Cache"
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "talkbar"


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

