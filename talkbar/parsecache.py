"""Parsed project files (ops.toml, sql/**/*.sql) kept between runs, for the CLI's start-up.

Every `talkbar-cli` command reads the manifest and the SQL files; parsing them took ~60 ms of a
~230 ms call (tomllib alone 41 ms). The parsed data is kept as marshal in the cache folder
(paths.cache_dir), under a key made of the files' paths, sizes and modification times and this
Python's version, so that a changed file is parsed again; a few entries are kept per name, for
installations used in turn. A cache that cannot be read or written
(a read-only home, a damaged file) is passed over: the files are parsed as before.
"""

import hashlib
import marshal
import os
import sys

from talkbar.paths import cache_dir

FORMAT = 3   # 2: a query's `-- variant:` lines; 3: its `-- when-null:` lines
# entries kept per name: the newest written. One each had two installations used in turn (the MCP
# server from one venv, the CLI from another; or two Pythons) drop each other's entry, so that every
# process of each parsed everything again.
KEEP_ENTRIES = 4


def cached(name, paths, build):
    """build() for these files (plain data: dicts, lists, tuples, strings, numbers), or what an
    earlier run built for exactly these files."""
    try:
        key = _key(paths)
    except OSError:
        return build()
    folder = cache_dir()
    if folder is None:
        return build()
    path = folder / f"{name}-{key}.marshal"
    try:
        return marshal.loads(path.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        pass
    data = build()
    _store(folder, name, path, data)
    return data


def _key(paths):
    h = hashlib.blake2b(digest_size=12)
    h.update(f"{FORMAT}:{sys.version_info[:3]}:{marshal.version}".encode())
    for p in paths:
        st = os.stat(p)
        h.update(f"{p}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


def _store(folder, name, path, data):
    """Write atomically (other processes may read it at once) and drop this name's entries beyond
    the KEEP_ENTRIES newest."""
    import tempfile
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{name}-")
        with os.fdopen(fd, "wb") as f:
            f.write(marshal.dumps(data))
        os.replace(tmp, path)
        others = []
        for entry in folder.glob(f"{name}-*.marshal"):
            if entry != path:
                try:
                    others.append((entry.stat().st_mtime_ns, entry))
                except OSError:
                    pass
        for _written, old in sorted(others, reverse=True)[KEEP_ENTRIES - 1:]:
            old.unlink(missing_ok=True)
    except (OSError, ValueError):
        pass
