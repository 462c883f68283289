"""Where a bookmark (markers.create) or an action item (action_items.create) sits in its session:
the one set of placement rules, the bookmark's (spec: markers.create).

- turnId, chunkId (the bookmark sits at the chunk's first turn) and pointId (a timeline point; never
  with turnId or chunkId) must be of the session; a turnId given with a chunkId must be in it;
- atMs given with one of them must fall inside it; while the session records it cannot be later
  than now, and it cannot be after the end of a session that ended;
- quote finds the one turn that holds those words, within whatever else was given; several such
  turns need turnId or atMs to choose one.
A place that does not fit the session is `invalid_arguments`. What is placed keeps its moment and
the ids it was given (plus the turn a quote found), so the app can place it again after the
transcript improves. A bookmark needs a moment; an action item may sit on a timeline point that has
none (`moment_required=False`).
"""

from dataclasses import dataclass

from talkbar.errors import invalid
from talkbar.ops.session_lookup import recording


@dataclass(frozen=True)
class Place:
    at_ms: int = None
    turn_id: str = None
    chunk_id: str = None
    point_id: str = None
    quote: str = None


@dataclass(frozen=True)
class Span:
    start: int
    end: int      # None: until the end of the session
    what: str     # how messages name it

    def holds(self, at_ms):
        return self.start <= at_ms and (self.end is None or at_ms <= self.end)


FIELDS = ("turnId", "chunkId", "pointId", "atMs", "quote")


def given(args):
    return any(args.get(f) is not None for f in FIELDS)


def place(ctx, session, args, moment_required=True):
    """The Place the arguments name in `session` (a session_lookup row)."""
    sid = session["sessionId"]
    turn, span = _named(ctx, sid, args)
    at_ms = args.get("atMs")
    if at_ms is not None:
        _check_moment(ctx, session, at_ms, span)
    if args.get("quote") is not None:
        turn = _quoted_turn(ctx, sid, args, span)
    moment = at_ms if at_ms is not None else (turn["startMs"] if turn else (span.start if span else None))
    if moment is None and moment_required:
        raise invalid(f"Timeline point {args['pointId']} has no moment; give atMs too")
    return Place(at_ms=moment, turn_id=turn["turnId"] if turn else None, chunk_id=args.get("chunkId"),
                 point_id=args.get("pointId"), quote=args.get("quote"))


# the ids that name a place: the query finding it in the session, its noun, where to find them
_PLACES = {
    "turnId": ("placement.turn", "turn", "sessions.transcript with format json lists its turns"),
    "chunkId": ("placement.chunk", "chunk", "sessions.transcript with format json lists its chunks"),
    "pointId": ("placement.point", "timeline point", "sessions.timeline lists them"),
}


def _of_session(ctx, sid, arg):
    """The place `arg` names, which must be of this session (invalid_arguments otherwise)."""
    query, noun, listed = _PLACES[arg]
    row = ctx.sql(query, session_id=sid)
    if row is None:
        raise invalid(f"{arg} {ctx.args[arg]} is not a {noun} of session {sid}; {listed}")
    return row


def _named(ctx, sid, args):
    """The turn named (or None) and the span of the turn, chunk or point named (or None)."""
    turn = span = None
    if args.get("turnId") is not None:
        turn = _of_session(ctx, sid, "turnId")
        span = Span(turn["startMs"], turn["endMs"], f"turn {turn['turnId']}")
    if args.get("chunkId") is not None:
        chunk = _of_session(ctx, sid, "chunkId")
        if turn is not None and turn["chunkId"] != args["chunkId"]:
            raise invalid(f"turnId {turn['turnId']} is not in chunk {args['chunkId']}")
        if turn is None:
            span = Span(chunk["startMs"], chunk["endMs"], f"chunk {args['chunkId']}")
    if args.get("pointId") is not None:
        point = _of_session(ctx, sid, "pointId")
        if point["startMs"] is not None:
            span = Span(point["startMs"], point["endMs"], f"timeline point {args['pointId']}")
    return turn, span


def _check_moment(ctx, session, at_ms, span):
    if span is not None and not span.holds(at_ms):
        until = f"{span.end} ms" if span.end is not None else "the end of the session"
        raise invalid(f"atMs {at_ms} is outside {span.what}, which runs from {span.start} to {until}")
    if recording(session):
        now = ctx.now - session["startedAtMs"]
        if at_ms > now:
            raise invalid(f"atMs {at_ms} is later than the current moment of the recording ({now} ms)")
    elif session["endedAtMs"] is not None and at_ms > session["endedAtMs"] - session["startedAtMs"]:
        raise invalid(f"atMs {at_ms} is after the end of the session "
                      f"({session['endedAtMs'] - session['startedAtMs']} ms)")


def _quoted_turn(ctx, sid, args, span):
    found = ctx.sql("placement.quote", session_id=sid,
                    from_ms=span.start if span else None, to_ms=span.end if span else None)
    if not found:
        raise invalid(f"No turn of session {sid} holds the quote {args['quote']!r} there; "
                      "quote words said in one turn, as sessions.transcript shows them")
    if len(found) > 1:
        raise invalid(f"Several turns of session {sid} hold the quote {args['quote']!r}; "
                      "add turnId or atMs to choose one")
    return found[0]
