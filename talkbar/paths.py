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
    home = _home()
    if sys.platform == "darwin":
        root = _under(home, "Library", "Application Support", "TalkBar")
    elif sys.platform.startswith("win"):
        root = _under(_local_appdata(home), "TalkBar")
    else:
        root = _under(_xdg("XDG_DATA_HOME", home, ".local", "share"), "TalkBar")
    if root is None:
        raise failed(NO_HOME)
    return root


def cache_dir():
    """Where parsed project files are kept between runs (talkbar/parsecache.py); None where there is
    no such place (no home folder): nothing is kept."""
    home = _home()
    if sys.platform == "darwin":
        return _under(home, "Library", "Caches", "TalkBar")
    if sys.platform.startswith("win"):
        return _under(_local_appdata(home), "TalkBar", "Cache")
    return _under(_xdg("XDG_CACHE_HOME", home, ".cache"), "talkbar")


def _home():
    """The user's home folder, or None where there is none to find: no HOME, and no entry for the
    user in the system's user database (a container run under an arbitrary user id)."""
    try:
        return Path.home()
    except (RuntimeError, KeyError, OSError):
        return None


def _under(folder, *parts):
    return None if folder is None else folder.joinpath(*parts)


def _local_appdata(home):
    local = os.environ.get("LOCALAPPDATA")
    return Path(local) if local else _under(home, "AppData", "Local")


def _xdg(variable, home, *default):
    """An XDG base folder: the variable's path if it is absolute, else `default` under the home. The
    XDG Base Directory spec has a relative path (or an empty one) ignored: one taken as it stands
    would put the data wherever the process happens to start (an MCP client chooses the server's
    folder)."""
    value = os.environ.get(variable, "")
    return Path(value) if os.path.isabs(value) else _under(home, *default)


PRIVATE_FOLDER = 0o700   # what TalkBar makes of a folder it creates: its user's only
PRIVATE_FILE = 0o600


def private_folder(folder):
    """Make `folder` and those above it that do not exist yet, each readable by this user only: a
    data root holds every meeting's transcript. (The XDG Base Directory spec asks the same of the
    folders an application creates under its base folders.) Folders that exist keep the permissions
    they have: one a person chose is theirs to share."""
    folder = Path(folder)
    missing = []
    while not folder.exists() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    for each in reversed(missing):
        try:
            each.mkdir(mode=PRIVATE_FOLDER)   # through the umask, which takes nothing from the user's own
        except FileExistsError:   # another process made it first
            pass


def private_file(path):
    """A file TalkBar has just created (the database: DuckDB creates it as the umask says) is made
    readable by this user only, before any meeting is written to it. Where the file system keeps no
    permissions (FAT, some network shares refuse chmod), the file is as private as its mount."""
    try:
        os.chmod(path, PRIVATE_FILE)
    except PermissionError:
        pass


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

