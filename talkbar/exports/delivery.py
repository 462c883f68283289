"""One delivery of one session to one destination, whatever the format; and what a preview shows
for it (the same names, nothing written).

File formats write one file per session (`2026-10-01 Title.ext`) into the destination folder and
the layout's sub-folders, plus the recording beside it when audio is selected (inside the archive
for zip). Notion makes one page per session. Audio is copied as recorded: TalkBar does not convert
it here, so mp3/wav/mp4 are delivered only when the recording already is one.
"""

import os
from pathlib import Path

from talkbar.errors import os_reason
from talkbar.exports import credentials, files, naming, notion
from talkbar.exports.formats.files import FORMATS, archive_entries, render
from talkbar.exports.outcome import attention

AUDIO_EXTENSIONS = {"mp3": ".mp3", "wav": ".wav", "mp4": ".mp4"}


def audio_extension(doc):
    """The extension of the recording a delivery would copy, or None (not selected, or no audio)."""
    if doc["audio"] == "none" or not doc["audioPath"]:
        return None
    return os.path.splitext(doc["audioPath"])[1].lower() or ".audio"


def read_audio(doc):
    """((extension, bytes) | None, error | None)."""
    ext = audio_extension(doc)
    if ext is None:
        return None, None
    wanted = AUDIO_EXTENSIONS.get(doc["audio"])
    if wanted is not None and ext != wanted:
        return None, (f"The recording is a {ext} file and TalkBar does not convert audio, so it was left out; "
                      f"choose audio original to export it as it is")
    try:
        return (ext, Path(doc["audioPath"]).read_bytes()), None
    except OSError as exc:
        return None, f"TalkBar could not read the recording {doc['audioPath']}: {os_reason(exc)}"


def deliver(dest, doc, claims, now_ms, *, db_path, export_folders=None, resolution=None,
            cancelled=lambda: False):
    """Write the session; return an Outcome. `claims`: target -> {sessionId, contentHash}."""
    if dest is None:
        return attention("The export destination was deleted after this export was queued.")
    if not dest["enabled"]:
        return attention(f"The export destination {dest['destinationId']} is turned off; turn it on with "
                         "exports.destination.save, then retry.")
    audio, audio_error = read_audio(doc)
    errors = [audio_error] if audio_error else []
    if dest["format"] == "notion":
        token = credentials.decrypt(db_path, dest["ciphertext"]) if dest["credentialRef"] else None
        if token is None:
            return attention(f"The Notion destination {dest['destinationId']} is not connected; pipe its token to "
                             f"`talkbar-cli exports notion connect --workspace WORKSPACE_ID --destination "
                             f"{dest['destinationId']}`, then retry.")
        if audio is not None:
            errors.append("A Notion page cannot hold the recording, so it was left out")
        mine = [{"target": t, **c} for t, c in claims.items() if c["sessionId"] == doc["sessionId"]]
        return notion.deliver(notion.Client(token), dest["location"], doc, mine[0] if mine else None, now_ms,
                              resolution, cancelled, errors)
    if not naming.allowed_by_policy(dest["location"], export_folders):
        return attention(f"{dest['location']} is outside the folders your organization allows for exports.")
    return files.deliver(dest["location"], naming.folders(dest["layout"], doc), naming.stem(doc),
                         _rendered(dest["format"], doc, audio), doc["sessionId"], claims, now_ms, resolution, errors)


def _rendered(fmt, doc, audio):
    """[(extension, bytes)]: the session's file, then the recording beside it (inside it for zip)."""
    if fmt == "zip":
        return [(".zip", render(fmt, doc, audio=(f"audio{audio[0]}", audio[1]) if audio else None))]
    return [(FORMATS[fmt].extension, render(fmt, doc))] + ([audio] if audio else [])


def preview(dest, doc, claims, audio):
    """{location, files, archiveEntries} that a delivery would write now (nothing is written);
    `audio` is read_audio(doc)[0], read once for all the destinations of a session."""
    fmt = dest["format"]
    if fmt == "notion":
        return {"location": dest["location"], "files": [], "archiveEntries": []}
    folder = os.path.join(dest["location"], *naming.folders(dest["layout"], doc))
    targets = [files.would_write(folder, naming.stem(doc), ext, data, doc["sessionId"], claims)
               for ext, data in _rendered(fmt, doc, audio)]
    entries = archive_entries(fmt, doc, f"audio{audio[0]}" if audio else None)
    return {"location": targets[0], "files": targets, "archiveEntries": entries}
