"""The paging styles of the spec, named once. A row declares its style (`paging`) and, in `page`,
where its answer's rows are (`items`, default "items"), the sort key a cursor holds (`key`: fields
of the last row), the field saying more follow (`more`, if the answer has one) or the field of
long text paged by characters (`text`). The engine binds what the query needs (`bind`) and pages
what it answers (`shape`):

| style          | the query                              | the engine                              |
| cursor         | rows after $after_<key field>, $limit+1 | signs nextCursor from the last row      |
| offset         | rows from $offset, $limit+1            | nextOffset = offset + limit if more     |
| offset (text)  | the whole text in field `text`         | that text from offset, maxChars long    |
| turnOffset     | (sessions.transcript: whole turns within maxChars; its own handler)             |
| beforeSequence | the page, its nextBeforeSequence       | nothing: a plain field of the rows      |
| after          | the ids after $after                   | nothing: the caller sends the last back |

Cursors are opaque and tamper-checked: the operation id and the last row's sort key, signed with
the data root's secret. A cursor TalkBar did not return (or one from another operation) is
`invalid_arguments`. Sort keys must be unique (end them with the item's id).
"""

import base64
import hashlib
import hmac
import json

from talkbar import sqlfiles
from talkbar.casing import snake
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
    bad = _not_a_cursor(ctx, arg)
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


def bind(ctx):
    """The parameters a cursor-paged query takes: the cursor's sort key as $after_<field>
    (all None on the first page)."""
    op = ctx.op
    if op.paging != "cursor":
        return {}
    names = [f"after_{snake(field)}" for field in op.declared.page["key"]]
    key = after(ctx)
    if key is not None and len(key) != len(names):
        raise _not_a_cursor(ctx, "cursor")
    return dict(zip(names, key if key is not None else [None] * len(names)))


def shape(ctx, answer):
    """The page of a paged query's answer, by the row's declared style."""
    op, args = ctx.op, ctx.args
    page = op.declared.page or {}
    if op.paging not in ("cursor", "offset") or not page:
        return answer
    if "text" in page:
        chunk, nxt, truncated = text_page(answer[page["text"]], args["offset"], args["maxChars"])
        return {**answer, page["text"]: chunk, "truncated": truncated, "nextOffset": nxt}
    field = page.get("items", "items")
    out = dict(answer) if isinstance(answer, dict) else {}
    rows = answer[field] if isinstance(answer, dict) else answer
    if op.paging == "cursor":
        out[field], out["nextCursor"], more = cursor_page(ctx, rows, args["limit"],
                                                          lambda row: [row[k] for k in page["key"]])
    else:
        out[field], out["nextOffset"] = offset_page(rows, args["limit"], args["offset"])
        more = out["nextOffset"] is not None
    if "more" in page:
        out[page["more"]] = more
    return out


def _not_a_cursor(ctx, arg):
    return invalid(f"{arg} is not a cursor TalkBar returned for {ctx.op.id}; "
                   "pass the nextCursor of the previous page, or leave it out for the first page")


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
