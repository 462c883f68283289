"""Placing an item at a moment of its session, by the bookmark rules of markers.create:

- turnId, chunkId (the chunk's first turn) or pointId (a timeline point; not with turnId or
  chunkId) must be of that session; atMs given with one of them must fall inside it;
- while the session records, atMs cannot be later than the current moment;
- quote finds the one turn holding those words (within whatever else was given); several such
  turns need turnId or atMs to choose.
An id that is not in the session, or a moment outside the place, is `invalid_arguments`. The place
keeps both its moment and the ids it was given, so the app can place it again after the transcript
improves.
"""

from dataclasses import dataclass

from talkbar.errors import invalid

FIELDS = ("turnId", "chunkId", "pointId", "atMs", "quote")


@dataclass(frozen=True)
class Place:
    turn_id: str = None
    chunk_id: str = None
    point_id: str = None
    at_ms: int = None
    quote: str = None


def place(ctx, session_id, session, args):
    """The Place the arguments name in session `session_id` (a lifecycle session row), or None."""
    if not any(args.get(f) is not None for f in FIELDS):
        return None
    turn, span, what = _named_place(ctx, session_id, args)
    at_ms = args.get("atMs")
    if at_ms is not None:
        _check_moment(ctx, session, at_ms, span, what)
    if args.get("quote") is not None:
        turn = _quoted_turn(ctx, session_id, args, span)
    start = turn["startMs"] if turn else (span[0] if span else None)
    return Place(turn_id=turn["turnId"] if turn else None, chunk_id=args.get("chunkId"),
                 point_id=args.get("pointId"), at_ms=at_ms if at_ms is not None else start,
                 quote=args.get("quote"))


# what names a place: (argument, query, the thing it names, where to find its ids)
TURN = ("turnId", "anchors.turn", "a turn", "sessions.transcript with format json lists its turns")
CHUNK = ("chunkId", "anchors.chunk", "a chunk", "sessions.transcript with format json lists its chunks")
POINT = ("pointId", "anchors.point", "a timeline point", "sessions.timeline lists them")


def _lookup(ctx, session_id, args, named):
    """The row of the turn, chunk or point an argument names, or None when not given."""
    arg, query, noun, where = named
    if args.get(arg) is None:
        return None
    row = ctx.sql(query, session_id=session_id)
    if row is None:
        raise invalid(f"{arg} {args[arg]} is not {noun} of session {session_id}; {where}")
    return row


def _named_place(ctx, session_id, args):
    """(turn, (start, end) span, words naming it) of the turn, chunk or point given."""
    turn, chunk, point = (_lookup(ctx, session_id, args, named) for named in (TURN, CHUNK, POINT))
    if turn is not None and chunk is not None and turn["chunkId"] != args["chunkId"]:
        raise invalid(f"turnId {turn['turnId']} is not in chunk {args['chunkId']}")
    if turn is not None:
        return turn, (turn["startMs"], turn["endMs"]), f"turn {turn['turnId']}"
    if chunk is not None:
        return None, (chunk["startMs"], chunk["endMs"]), f"chunk {args['chunkId']}"
    if point is not None and point["startMs"] is not None:
        return None, (point["startMs"], point["endMs"]), f"timeline point {args['pointId']}"
    return None, None, None


def _check_moment(ctx, session, at_ms, span, what):
    if span is not None:
        start, end = span
        if at_ms < start or (end is not None and at_ms > end):
            until = f"{end}" if end is not None else "the end"
            raise invalid(f"atMs {at_ms} is outside {what}, which runs from {start} to {until} ms")
    if session["status"] == "recording":
        elapsed = ctx.now - session["startedAtMs"]
        if at_ms > elapsed:
            raise invalid(f"atMs {at_ms} is later than the current moment of the recording ({elapsed} ms)")


def _quoted_turn(ctx, session_id, args, span):
    found = ctx.sql("anchors.quote_turns", session_id=session_id,
                    from_ms=span[0] if span else None, to_ms=span[1] if span else None)
    if not found:
        raise invalid(f"No turn of session {session_id} holds the quote {args['quote']!r} "
                      "where the item is placed; quote words that were said in one turn")
    if len(found) > 1:
        raise invalid(f"Several turns of session {session_id} hold the quote {args['quote']!r}; "
                      "add turnId or atMs to choose one")
    return found[0]
