"""Fresh ids in TalkBar's style: a kind prefix and 24 characters, e.g. note-k2v9w8x7c6b5n4m3l2j1h0g9."""

import secrets

_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"


def new_id(prefix):
    return prefix + "-" + "".join(secrets.choice(_ALPHABET) for _ in range(24))
