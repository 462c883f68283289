"""File and folder names that are safe on Windows, macOS and Linux, laid out by the destination's
layout, and never outside the destination folder whatever a title holds.

A name component: NFC-normalised; bidirectional controls (U+202E and kin, which make
`<U+202E>exe.txt.md` display as a name ending in `.txt.exe`) removed; characters Windows forbids
(<>:"/\\|?*) and control characters become "-"; runs of spaces collapse; leading dots and
trailing dots or spaces go (no hidden files, no "..", nothing Windows would strip); reserved
device names (CON, NUL, COM1, ...) get a "_"; at most MAX_BYTES bytes of UTF-8 (cut on a character
boundary); empty becomes the fallback.
"""

import os
import re
import unicodedata

from talkbar.exports.formats import common

MAX_BYTES = 120          # a name's stem; leaves room for " (999)" and an extension under 255
MAX_CANDIDATES = 999
_FORBIDDEN = re.compile(r'[<>:"/\\|?*\x00-\x1f\x7f-\x9f]')
_BIDI = re.compile(r"[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_RESERVED = re.compile(r"^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(?=\s*(\.|$))", re.IGNORECASE)


def component(text, fallback="Untitled"):
    name = _BIDI.sub("", unicodedata.normalize("NFC", text or ""))
    name = _FORBIDDEN.sub("-", name)
    name = " ".join(name.split())
    name = _cut(name.lstrip(". "), MAX_BYTES).rstrip(". ")
    if not name:
        return fallback
    return _RESERVED.sub(r"\1_", name)


def _cut(text, limit):
    data = text.encode("utf-8")
    if len(data) <= limit:
        return text
    return data[:limit].decode("utf-8", errors="ignore")


def folders(layout, doc):
    """The sub-folders of the destination a session's files go to."""
    project = component(doc["projectName"], "No project") if layout in ("project", "projectSeries") else None
    series = None
    if layout == "series":
        series = component(doc["seriesName"], "No series")
    elif layout == "projectSeries" and doc["seriesName"]:
        series = component(doc["seriesName"])
    return [p for p in (project, series) if p]


def stem(doc):
    """`2026-10-01 Pricing review with Acme`."""
    return component(f"{common.date(doc['startedAtMs'])} {doc['title']}")


def candidates(folder, base, extension):
    """The names to try in turn: `base.ext`, `base (2).ext`, ... (collisions resolved)."""
    yield os.path.join(folder, base + extension)
    for n in range(2, MAX_CANDIDATES + 1):
        yield os.path.join(folder, f"{base} ({n}){extension}")


def inside(root, path):
    """Whether `path` (resolved, symlinks followed) lies within the folder `root`."""
    root_real = os.path.realpath(root)
    real = os.path.realpath(path)
    try:
        return os.path.commonpath([root_real, real]) == root_real
    except ValueError:  # different drives on Windows
        return False


def allowed_by_policy(location, export_folders):
    """The administrator's exportFolders (None = any folder): location must lie within one of them."""
    if export_folders is None:
        return True
    return any(inside(folder, location) for folder in export_folders)
