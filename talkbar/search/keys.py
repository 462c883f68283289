"""Term keys: a 64-bit hash of (workspace, term), the term lists' primary key.

One workspace's postings of a term share a key, so they make one row of search_lists (and rows
of the tail) and their count is the term's document frequency in that workspace, with no
vocabulary table to keep. Keys are hashes, spread evenly over the signed 64-bit range, so the
lists are built or folded a range of keys at a time (key_ranges) in about equal parts.
"""

from functools import lru_cache
from hashlib import blake2b


@lru_cache(maxsize=400_000)
def key(workspace_id, term):
    digest = blake2b(f"{workspace_id}\x1f{term}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def key_ranges(parts):
    """The signed 64-bit key space cut into `parts` ranges, (first, last) each, in order."""
    lo, span = -2**63, 2**64
    edges = [lo + span * p // parts for p in range(parts + 1)]
    return [(edges[p], edges[p + 1] - 1) for p in range(parts - 1)] + [(edges[parts - 1], 2**63 - 1)]
