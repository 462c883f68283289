"""The paging styles of the spec, named once.

| the answer holds   | sent back as     | helper here                       |
| nextCursor         | cursor           | after(ctx) + cursor_page(...)     |
| nextOffset         | offset           | offset_page(...), text_page(...)  |
| nextTurnOffset     | turnOffset       | (whole turns: sessions family)    |
| nextBeforeSequence | beforeSequence   | (chats family)                    |
| the last id        | after            | (exports family)                  |

Cursors are opaque and tamper-checked: the operation id and the last row's sort key, signed with
the data root's secret. A cursor TalkBar did not return (or one from another operation) is
`invalid_arguments`. Sort keys must be unique (end them with the item's id).
"""

import base64
import hashlib
import hmac
import json

from talkbar import sqlfiles
from talkbar.errors import invalid

_secrets = {}


def _secret(ctx):
    key = str(ctx.db_path)
    if key not in _secrets:
        _secrets[key] = sqlfiles.call(ctx.cur, "meta.cursor_secret").encode()
    return _secrets[key]


def _sign(secret, payload):
    return hmac.new(secret, payload, hashlib.sha256).hexdigest()[:20]


def encode_cursor(ctx, key):
    payload = json.dumps([ctx.op.id, list(key)], separators=(",", ":"), ensure_ascii=False).encode()
    body = base64.urlsafe_b64encode(payload).decode().rstrip("=")
    return f"{body}.{_sign(_secret(ctx), payload)}"


def decode_cursor(ctx, token, arg="cursor"):
    bad = invalid(f"{arg} is not a cursor TalkBar returned for {ctx.op.id}; "
                  "pass the nextCursor of the previous page, or leave it out for the first page")
    if not isinstance(token, str) or "." not in token:
        raise bad
    body, sig = token.rsplit(".", 1)
    try:
        payload = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (ValueError, TypeError):
        raise bad from None
    if not hmac.compare_digest(_sign(_secret(ctx), payload), sig):
        raise bad
    try:
        op_id, key = json.loads(payload)
    except (ValueError, TypeError):
        raise bad from None
    if op_id != ctx.op.id or not isinstance(key, list):
        raise bad
    return key


def after(ctx, arg="cursor"):
    """The decoded sort key of the page's last row, or None on the first page."""
    token = ctx.args.get(arg)
    return None if token is None else decode_cursor(ctx, token, arg)


def cursor_page(ctx, rows, limit, key):
    """Rows fetched with LIMIT limit+1 -> (items, nextCursor, hasMore)."""
    more = len(rows) > limit
    items = rows[:limit]
    nxt = encode_cursor(ctx, key(items[-1])) if more and items else None
    return items, nxt, more


def offset_page(rows, limit, offset):
    """Rows fetched with LIMIT limit+1 OFFSET offset -> (items, nextOffset)."""
    more = len(rows) > limit
    return rows[:limit], (offset + limit if more else None)


def text_page(text, offset, max_chars, what="offset"):
    """A page of long text -> (chunk, nextOffset, truncated); an offset past the end is refused."""
    total = len(text)
    if offset > total or (offset == total and total > 0):
        raise invalid(f"{what} {offset} is past the end of the text ({total} characters)")
    end = min(total, offset + max_chars)
    more = end < total
    return text[offset:end], (end if more else None), more
