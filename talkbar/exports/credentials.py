"""A connected Notion destination's token at rest: encrypted (Fernet: AES-128-CBC + HMAC-SHA256)
with a key kept outside the database, in `<data root>/keys/exports.key` (folder 0700, file 0600).
The database holds only the ciphertext; the token is never printed or logged."""

import os
from pathlib import Path

from talkbar import paths

KEY_DIR = "keys"
KEY_FILE = "exports.key"


def key_path(db_path):
    return Path(db_path).resolve().parent / KEY_DIR / KEY_FILE


def _fernet(db_path, create):
    from cryptography.fernet import Fernet  # only exports that touch Notion pay for it
    path = key_path(db_path)
    if not path.exists():
        if not create:
            return None
        paths.private_folder(path.parent)
        os.chmod(path.parent, paths.PRIVATE_FOLDER)   # TalkBar's own: made private again if found open
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, paths.PRIVATE_FILE)
        except FileExistsError:
            pass  # another process made it first
        else:
            with os.fdopen(fd, "wb") as f:
                f.write(Fernet.generate_key())
    paths.private_file(path)
    return Fernet(path.read_bytes().strip())


def encrypt(db_path, token):
    return _fernet(db_path, create=True).encrypt(token.encode("utf-8")).decode("ascii")


def decrypt(db_path, ciphertext):
    """The token, or None when there is none or the key cannot read it (lost or replaced key)."""
    from cryptography.fernet import InvalidToken
    if not ciphertext:
        return None
    fernet = _fernet(db_path, create=False)
    if fernet is None:
        return None
    try:
        return fernet.decrypt(ciphertext.encode("ascii")).decode("utf-8")
    except (InvalidToken, ValueError):
        return None
