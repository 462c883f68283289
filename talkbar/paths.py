"""Where TalkBar's files are: the data root, its database, the administrator's policy file."""

import os
import sys
from pathlib import Path

from talkbar.errors import failed

DB_FILE = "talkbar.duckdb"


NO_HOME = ("TalkBar cannot tell where its data folder is: this user has no home folder (HOME is not set, and "
           "the system knows no home for the user). Set TALKBAR_DATA_ROOT to TalkBar's data folder.")


def data_root():
    env = os.environ.get("TALKBAR_DATA_ROOT")
    if env:
        try:
            root = Path(env).expanduser()
        except RuntimeError:     # ~ with no home folder to stand for
            raise failed(f"TALKBAR_DATA_ROOT ({env}) starts from a home folder this user does not have; "
                         "give the folder's full path.") from None
        if root.is_file():       # most likely the database itself: reads would see an empty workspace
            hint = f" Set it to the folder that holds it: {root.parent}." if root.name == DB_FILE else ""
            raise failed(f"TALKBAR_DATA_ROOT ({root}) is a file, not TalkBar's data folder.{hint}")
        return root
    root = _under_home("TalkBar", mac=("Library", "Application Support"), xdg=("XDG_DATA_HOME", ".local/share"))
    if root is None:
        raise failed(NO_HOME)
    return root


def cache_dir():
    """Where parsed project files are kept between runs (talkbar/parsecache.py); None where there is
    no such place (no home folder): nothing is kept."""
    return _under_home("TalkBar", mac=("Library", "Caches"), xdg=("XDG_CACHE_HOME", ".cache"), windows="Cache",
                       linux_name="talkbar")


def _under_home(name, mac, xdg, windows=None, linux_name=None):
    """`name`'s folder in the platform's place for it: on macOS under the home's `mac` folders; on
    Windows in LOCALAPPDATA (then `windows` in it); elsewhere in the XDG folder (`xdg`: its
    variable, and its default under the home), as `linux_name` if given. None where that needs the
    home folder and there is none (no HOME, and no entry for the user in the system's user database:
    a container run under an arbitrary user id)."""
    try:
        home = Path.home()
    except (RuntimeError, KeyError, OSError):
        home = None
    if sys.platform == "darwin":
        return None if home is None else home.joinpath(*mac, name)
    if sys.platform.startswith("win"):
        local = os.environ.get("LOCALAPPDATA") or (home / "AppData" / "Local" if home is not None else None)
        return None if local is None else Path(local, name, *([windows] if windows else []))
    variable, default = xdg
    value = os.environ.get(variable, "")
    # The XDG Base Directory spec has a relative path (or an empty one) ignored: one taken as it
    # stands would put the data wherever the process happens to start (an MCP client chooses the
    # server's folder).
    base = Path(value) if os.path.isabs(value) else (home / default if home is not None else None)
    return None if base is None else base / (linux_name or name)


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

