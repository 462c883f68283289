"""sessions.cards.add, .attach and .detach: the knowledge cards taken into a session.

A session holds at most 24 cards (`limit_reached`, limit `sessionCards`). These work while the
session records too: the card shows on the recording screen at once. A card the user adds during
a session is filed as the app files it: in the session's project when it has one and the
session's memory setting does not keep cards in the session, else only in this session.
"""

from talkbar.errors import limit_reached
from talkbar.ops.session_lookup import live_session

MAX_CARDS = 24
# memory modes of a session that keep the cards added in it inside the session
KEEP_IN_SESSION = ("session_only", "sensitive")


def _state(ctx, sid, memory_id=None):
    return ctx.sql("session_cards.state", session_id=sid, memory_id=memory_id)


def _room_for_one(state):
    if state["cards"] >= MAX_CARDS:
        raise limit_reached("sessionCards", MAX_CARDS,
                            f"This session already holds {MAX_CARDS} knowledge cards, the most it can; "
                            "take one out with sessions.cards.detach first")


def _card(ctx):
    return ctx.need("knowledge_card.one", "Knowledge card not found in workspace")


def add(ctx, args):
    session = live_session(ctx)
    sid = session["sessionId"]
    _room_for_one(_state(ctx, sid))
    session_only = (args.get("sessionOnly", False) or session["projectId"] is None
                    or session["memoryMode"] in KEEP_IN_SESSION)
    memory_id = ctx.new_id("memory")
    card = ctx.sql("sessions.cards.add", memory_id=memory_id, title=args["title"].strip(),
                   body=args.get("body", ""), project_id=None if session_only else session["projectId"],
                   session_only=session_only)
    ctx.sql("session_cards.attach", session_id=sid, memory_id=memory_id)
    ctx.bump_session(sid)
    ctx.touch("memory", memory_id)
    return {**card, "sessionId": sid}


def attach(ctx, args):
    session = live_session(ctx)
    sid = session["sessionId"]
    card = _card(ctx)
    state = _state(ctx, sid, card["memoryId"])
    if not state["attached"]:
        _room_for_one(state)
        ctx.sql("session_cards.attach", session_id=sid)
        ctx.bump_session(sid)
    return {"memoryId": card["memoryId"], "sessionId": sid, "attached": True,
            "alreadyAttached": state["attached"]}


def detach(ctx, _args):
    session = live_session(ctx)
    sid = session["sessionId"]
    card = _card(ctx)
    if ctx.sql("session_cards.detach", session_id=sid) is not None:
        ctx.bump_session(sid)
    return {"memoryId": card["memoryId"], "sessionId": sid, "attached": False}
