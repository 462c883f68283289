"""Delivery to a folder: the files of one session, placed by the destination's layout.

Each target name is chosen in turn from `naming.candidates`: a name that is free is taken; a file
TalkBar wrote for this session is taken again when its content hash is still the one recorded at
write time (re-exporting an unchanged target is not a conflict) and is a conflict when it differs;
a file TalkBar has no record of is taken only when it already holds exactly what TalkBar would
write (nothing changes; no duplicate after TalkBar's records were lost); any other file (someone
else's, or another session's) is left alone and the next name is tried.
Files are written to a temporary name beside the target and renamed over it, so a reader never
sees half a file, and the temporary file is never left behind.
"""

import hashlib
import os
import secrets

from talkbar.errors import os_reason
from talkbar.exports import naming
from talkbar.exports.outcome import attention, conflicted, settle


def sha256_bytes(data):
    return hashlib.sha256(data).hexdigest()


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


class _NoFreeName(Exception):
    pass


class _Conflict(Exception):
    def __init__(self, target):
        super().__init__(target)
        self.target = target


def choose(folder, base, extension, data, session_id, claims, resolution=None):
    """The target to write `data` to, or raise _Conflict. `claims`: target -> {sessionId, contentHash}."""
    for path in naming.candidates(folder, base, extension):
        if resolution is not None and path == resolution.target:
            if resolution.action == "replace":
                return path
            continue  # saveCopy: the external version stays; TalkBar's goes beside it
        if not os.path.lexists(path):
            return path
        if not os.path.isfile(path) or os.path.islink(path):
            continue
        claim = claims.get(path)
        if claim is None:
            if sha256_file(path) == sha256_bytes(data):
                return path
            continue
        if claim["sessionId"] != session_id:
            continue
        if sha256_file(path) == claim["contentHash"]:
            return path
        raise _Conflict(path)
    raise _NoFreeName(f"Every name from {base}{extension} to {base} ({naming.MAX_CANDIDATES}){extension} "
                      f"is taken in {folder}.")


def write_atomic(path, data):
    folder, name = os.path.split(path)
    temp = os.path.join(folder, f".{name[:40]}.{secrets.token_hex(4)}.talkbar-tmp")
    try:
        with open(temp, "wb") as f:
            f.write(data)
        os.replace(temp, path)
    finally:
        if os.path.exists(temp):
            os.remove(temp)


def deliver(location, subfolders, base, files, session_id, claims, now_ms, resolution=None, errors=()):
    """Write `files` ([(extension, bytes)], the main file first) for one session.

    `errors` are problems found before writing (e.g. audio that cannot be copied): with something
    written the delivery is partiallyExported."""
    folder = os.path.join(location, *subfolders)
    if not naming.inside(location, folder):
        return attention(f"{folder} is not inside the destination folder {location}.")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as exc:
        return attention(f"TalkBar could not create the folder {folder}: {os_reason(exc)}.")
    try:
        targets = [(choose(folder, base, ext, data, session_id, claims, resolution), data) for ext, data in files]
    except _Conflict as c:
        return conflicted(c.target, now_ms)
    except _NoFreeName as exc:
        return attention(str(exc))
    except OSError as exc:
        return attention(f"TalkBar could not read the destination folder {folder}: {os_reason(exc)}.")
    written, problems = [], list(errors)
    for target, data in targets:
        if not naming.inside(location, target):
            problems.append(f"{target} is not inside the destination folder")
            continue
        try:
            write_atomic(target, data)
            written.append((target, sha256_bytes(data)))
        except OSError as exc:
            problems.append(f"TalkBar could not write {target}: {os_reason(exc)}")
    released = [resolution.target] if resolution is not None and resolution.action == "saveCopy" else []
    main = written[0][0] if written and written[0][0] == targets[0][0] else None
    return settle(main, written, problems, released)


def would_write(folder, base, extension, data, session_id, claims):
    """The target a delivery would write now (a conflicting one included), for exports.preview."""
    try:
        return choose(folder, base, extension, data, session_id, claims)
    except _Conflict as c:
        return c.target
    except (_NoFreeName, OSError):
        return os.path.join(folder, base + extension)
