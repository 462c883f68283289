"""Confirming talkbar_delete with the user, in either era, with the same question and outcomes.

The question (spec: Confirming deletes) is an `elicitation/create` in form mode with the message
below and an empty-object requestedSchema. `accept` runs; `decline`, `cancel` or no answer in time
(5 minutes) answer `declined` and run nothing; a client that cannot ask in form mode is refused with
`confirmation_unavailable`, unless the user allowed deletes without confirmation.

Handshake era: the server sends the request in the middle of the call and waits for the reply.
Modern era (2026-07-28): a server sends no requests (basic/patterns/mrtr). The call answers an
InputRequiredResult holding the question and a requestState; the client asks the user and sends
the call again with `inputResponses` and that state. The state is signed (HMAC-SHA256, a key made
by this process), names the tool and a digest of its arguments, carries the 5-minute deadline and
is good for one answer: MRTR requires integrity, expiry and binding to the originating request for
state that authorises something, and at-most-once where a replay must not run twice. The key is
the binding to the principal: a stdio server has one user, and its state dies with the process.
"""

import base64
import hashlib
import hmac
import json
import os
import threading
import time

DECLINED = "The user did not confirm, so nothing ran"
UNAVAILABLE = ("This app cannot ask the user to confirm, so nothing ran. Use an app that supports MCP "
               "elicitation, or ask the user to turn on Allow deletes without confirmation in TalkBar "
               "Settings > MCP Access.")
ANSWER_KEY = "confirm"      # our key in inputRequests / inputResponses


def question(calls, readable):
    """The exact message of the spec: each call the user is asked to allow, then the choice."""
    lines = [f"- {e['tool']} {json.dumps(e.get('args') or {}, ensure_ascii=False, separators=(',', ':'))}"
             for e in calls if readable(e)]
    it = "it" if len(lines) == 1 else "them"
    return "An assistant wants TalkBar to run:\n" + "\n".join(lines) + f"\nConfirm to run {it}, or decline to run nothing."


def form(message, with_mode=True):
    params = {"message": message, "requestedSchema": {"type": "object", "properties": {}}}
    return {"mode": "form", **params} if with_mode else params


def declined():
    return {"error": {"code": "declined", "message": DECLINED}}


def unavailable_unless(allowed):
    return None if allowed else {"error": {"code": "confirmation_unavailable", "message": UNAVAILABLE}}


class NeedsInput(Exception):
    """The modern answer to a delete not yet confirmed: an InputRequiredResult to send as is."""

    def __init__(self, result):
        super().__init__("input required")
        self.result = result


class BadInput(Exception):
    """inputResponses or requestState that cannot be honoured: JSON-RPC -32602 with this message."""


class AskByRequest:
    """Handshake era: `elicitation/create` sent to the client, the call waits for its reply."""

    def __init__(self, server, state):
        self.server, self.state = server, state

    def confirm(self, message, allowed):
        if not self.server.client_can_ask:
            return unavailable_unless(allowed)
        params = form(message, with_mode=self.server.protocol >= "2025-11-25")
        reply = self.server.ask(self.state, "elicitation/create", params)
        action = ((reply or {}).get("result") or {}).get("action")
        return None if action == "accept" else declined()


class AskByInputRequired:
    """Modern era: answer input_required, then honour the client's retry that carries the answer."""

    def __init__(self, tickets, state, can_ask, server_meta):
        self.tickets, self.state, self.can_ask, self.meta = tickets, state, can_ask, server_meta

    def confirm(self, message, allowed):
        state = self.state
        answer = _answer(state.input_responses)
        if answer is not None and state.request_state is not None:
            if not self.tickets.redeem(state.request_state, state.tool, state.arguments):
                return declined()  # the 5 minutes passed: as a handshake client that never answered
            return None if answer == "accept" else declined()
        if not self.can_ask:
            return unavailable_unless(allowed)
        raise NeedsInput({"resultType": "input_required",
                          "inputRequests": {ANSWER_KEY: {"method": "elicitation/create", "params": form(message)}},
                          "requestState": self.tickets.issue(state.tool, state.arguments),
                          "_meta": self.meta})


def _answer(responses):
    """The action in our inputResponses entry; None when there is none (the question is asked again)."""
    if responses is None:
        return None
    entry = responses.get(ANSWER_KEY)
    if entry is None:
        return None
    action = entry.get("action") if isinstance(entry, dict) else None
    if action not in ("accept", "decline", "cancel"):
        raise BadInput(f'Invalid params: inputResponses.{ANSWER_KEY} must be an elicitation result whose action '
                       'is "accept", "decline" or "cancel"')
    return action


def _b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def digest(tool, arguments):
    canonical = json.dumps([tool, arguments], sort_keys=True, separators=(",", ":"))   # ASCII: any string
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


class Tickets:
    """Signed, expiring, single-use confirmation states for this process."""

    FOREIGN = ("Invalid params: requestState is not one this server issued for this call; send the call "
               "again without it to ask the user")
    USED = "Invalid params: this confirmation was already answered; send the call again without requestState"

    def __init__(self, timeout_s):
        self.timeout_ms = int(timeout_s * 1000)
        self._key = os.urandom(32)
        self._used = {}          # nonce -> deadline (forgotten once the deadline passed)
        self._lock = threading.Lock()

    def issue(self, tool, arguments):
        body = json.dumps({"n": os.urandom(12).hex(), "d": digest(tool, arguments),
                           "x": _now_ms() + self.timeout_ms}, separators=(",", ":")).encode("ascii")
        return _b64(body) + "." + _b64(self._sign(body))

    def redeem(self, token, tool, arguments):
        """True if the state is this call's and in time, False if its time passed; BadInput otherwise."""
        body = self._verified(token)
        if body is None or body.get("d") != digest(tool, arguments):
            raise BadInput(self.FOREIGN)
        now = _now_ms()
        with self._lock:
            self._used = {n: x for n, x in self._used.items() if x > now}
            if body["n"] in self._used:
                raise BadInput(self.USED)
            self._used[body["n"]] = body["x"]
        return now < body["x"]

    def _verified(self, token):
        try:
            head, _, sig = token.partition(".")
            body = _unb64(head)
            if not hmac.compare_digest(_unb64(sig), self._sign(body)):
                return None
            data = json.loads(body)
        except (ValueError, TypeError):
            return None
        ok = isinstance(data, dict) and isinstance(data.get("n"), str) and isinstance(data.get("x"), int)
        return data if ok else None

    def _sign(self, body):
        return hmac.new(self._key, body, hashlib.sha256).digest()


def _now_ms():
    return time.monotonic_ns() // 1_000_000
