"""Term keys: a 64-bit hash of (workspace, term), the term lists' primary key.

One workspace's postings of a term share a key, so they make one row of search_lists (and rows
of the tail) and their count is the term's document frequency in that workspace, with no
vocabulary table to keep.
"""

from functools import lru_cache
from hashlib import blake2b


@lru_cache(maxsize=400_000)
def key(workspace_id, term):
    digest = blake2b(f"{workspace_id}\x1f{term}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)
