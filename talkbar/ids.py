"""Fresh ids in TalkBar's style: a kind prefix and 24 characters, e.g. note-k2v9w8x7c6b5n4m3l2j1h0g9."""

import secrets

_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"


def new_id(prefix):
    # 32 letters: the low 5 bits of a random byte pick one uniformly (24 secrets.choice calls cost
    # 0.13 ms, a tenth of a batched notes.create)
    return prefix + "-" + "".join(_ALPHABET[b & 31] for b in secrets.token_bytes(24))


def stable_id(prefix, key):
    """An id in the same style, always the same for the same key (the seed of a new database, so
    that the empty workspace a read sees before the file exists keeps its id once it is created)."""
    import hashlib
    digest = hashlib.blake2b(key.encode("utf-8"), digest_size=24).digest()
    return prefix + "-" + "".join(_ALPHABET[b % len(_ALPHABET)] for b in digest)
