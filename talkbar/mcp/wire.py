"""The stdio wire: one JSON-RPC 2.0 message per line, up to 8 MB, answered one line each.

`LineReader` splits standard input into lines without ever holding more than the limit (a longer
line is skipped to its end and reported, the server keeps going). `Writer` writes whole lines
under a lock, since answers come from several worker threads. `classify` turns a line into a
message or the JSON-RPC error it deserves (spec: the five tools, Wire format).

The guards every server loop goes through: `classify` is the one place an incoming line is parsed
(nesting bombs, NaN, lone surrogates in an id or method all get their JSON-RPC error), and
`encode` (called by `Writer.send`) the one place a reply becomes bytes: a reply that cannot be
encoded is replaced by one that can, never raised. `tool_text` writes a tool's payload (text it
echoes from the input made visible), `cancelled_id` reads the id a notifications/cancelled names,
whatever a client put there.
"""

import json
import threading

from talkbar import untrusted
from talkbar.errors import os_reason
from talkbar.streams import to_nowhere

MAX_LINE = 8 * 1024 * 1024

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
BAD_ID = "Invalid Request: id must be a string (of Unicode text) or an integer"


class LineReader:
    def __init__(self, stream, limit=MAX_LINE):
        self.stream = stream
        self.limit = limit
        self._buf = bytearray()
        self._skipping = False
        self._eof = False

    def __iter__(self):
        """Yield each line as bytes, or None for a line that was longer than the limit."""
        while True:
            nl = self._buf.find(b"\n")
            if nl >= 0:
                too_long = self._skipping or nl > self.limit
                line = None if too_long else bytes(self._buf[:nl])
                del self._buf[:nl + 1]
                self._skipping = False
                yield line
                continue
            if self._eof:
                if self._buf and not self._skipping:
                    line = bytes(self._buf)
                    self._buf.clear()
                    yield line
                elif self._skipping:
                    yield None
                return
            if len(self._buf) > self.limit:
                self._skipping = True
                self._buf.clear()
            chunk = self._read()
            if not chunk:
                self._eof = True
            else:
                self._buf += chunk

    def _read(self):
        read1 = getattr(self.stream, "read1", None)
        return read1(65536) if read1 else self.stream.read(65536)


class Writer:
    def __init__(self, stream):
        self.stream = stream
        self.lock = threading.Lock()
        self.closed = False
        self.lost = None      # why standard output stopped taking replies (None: the client went away)

    def send(self, message):
        data = encode(message)
        if data is None:
            return
        with self.lock:
            if self.closed:
                return
            try:
                self.stream.write(data)
                self.stream.flush()
            except (BrokenPipeError, ValueError):
                self.closed = True
                to_nowhere(self.stream)
            except OSError as exc:        # a full disk, an I/O error: the replies have nowhere to go
                self.closed, self.lost = True, os_reason(exc)
                to_nowhere(self.stream)


def error(msg_id, code, message, data=None):
    err = {"code": code, "message": message}
    if data is not None:
        err["data"] = data
    return {"jsonrpc": "2.0", "id": msg_id, "error": err}


def result(msg_id, value):
    return {"jsonrpc": "2.0", "id": msg_id, "result": value}


def tool_text(payload):
    """A tool's payload as the JSON text of its content item. A lone surrogate the payload echoes
    from the input is shown as its visible escape (`\\ud800`), which a client reads as those six
    characters, not as a broken escape inside the text."""
    try:
        text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(_escaped(payload), ensure_ascii=False, separators=(",", ":"))
    return text


def _valid_id(value):
    if isinstance(value, str):
        return not untrusted.has_lone_surrogate(value)
    return isinstance(value, int) and not isinstance(value, bool)


def cancelled_id(params):
    """The request a notifications/cancelled names, or None (a list, an object, no params...)."""
    if not isinstance(params, dict):
        return None
    value = params.get("requestId")
    return value if _valid_id(value) else None


def _dumps(message):
    return (json.dumps(message, ensure_ascii=False, allow_nan=False, separators=(",", ":")) + "\n").encode("utf-8")


def _escaped(value):
    """`value` with every string made encodable (a lone surrogate shown as its escape)."""
    if isinstance(value, str):
        return untrusted.shown(value)
    if isinstance(value, dict):
        return {_escaped(k): _escaped(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_escaped(v) for v in value]
    return value


def encode(message):
    """The line for `message`, never an exception. Text that cannot be UTF-8 (a lone surrogate
    echoed from the input) is shown as its escape; an id that cannot be echoed becomes null; a
    reply that still cannot be encoded becomes an Internal error. None: nothing to send (a
    request or notification of ours that cannot be encoded)."""
    try:
        return _dumps(message)
    except (UnicodeEncodeError, ValueError, TypeError, RecursionError):
        pass
    is_reply = "result" in message or "error" in message
    msg_id = message.get("id")
    if not _valid_id(msg_id) and msg_id is not None:
        if not is_reply:
            return None
        return _dumps(error(None, INVALID_REQUEST, BAD_ID))
    try:
        return _dumps(_escaped(message))
    except (UnicodeEncodeError, ValueError, TypeError, RecursionError):
        if not is_reply:
            return None
        return _dumps(error(msg_id, INTERNAL_ERROR, "Internal error: the reply could not be encoded as JSON"))


class Message:
    """A well-formed message: a request (id + method), a notification (method) or a response (id)."""

    def __init__(self, data):
        self.data = data
        self.id = data.get("id")
        self.has_id = "id" in data
        self.method = data.get("method")
        self.params = data.get("params")

    @property
    def is_request(self):
        return self.has_id and self.method is not None

    @property
    def is_notification(self):
        return not self.has_id and self.method is not None

    @property
    def is_response(self):
        return self.has_id and self.method is None and ("result" in self.data or "error" in self.data)


def classify(line):
    """A line -> (Message, None) or (None, error reply to send)."""
    if line is None:
        return None, error(None, INVALID_REQUEST, "Message too large: the limit is 8 MB per line")
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        return None, error(None, PARSE_ERROR, "Parse error: the line is not UTF-8")
    if not text.strip():
        return None, None
    try:
        data = untrusted.parse(text)
    except ValueError as exc:
        return None, error(None, PARSE_ERROR, f"Parse error: {untrusted.shown(str(exc))}")
    if isinstance(data, list):
        return None, error(None, INVALID_REQUEST,
                           'Invalid Request: JSON-RPC batches are not supported (MCP has no batches); '
                           'send one message per line, or use {"calls": [...]}')
    if not isinstance(data, dict):
        return None, error(None, INVALID_REQUEST, "Invalid Request: a message must be a JSON object")
    msg_id = data.get("id") if _valid_id(data.get("id")) else None
    if data.get("jsonrpc") != "2.0":
        return None, error(msg_id, INVALID_REQUEST, 'Invalid Request: "jsonrpc" must be "2.0"')
    if "id" in data and not _valid_id(data["id"]):
        return None, error(None, INVALID_REQUEST, BAD_ID)
    if "method" in data and not isinstance(data["method"], str):
        return None, error(msg_id, INVALID_REQUEST, "Invalid Request: method must be a string")
    if "method" in data and untrusted.has_lone_surrogate(data["method"]):
        if "id" not in data:
            return None, None  # a notification is never answered, even one nobody can know
        return None, error(msg_id, METHOD_NOT_FOUND,
                           f"Method not found: {untrusted.shown(data['method'])} (a lone surrogate is not Unicode text)")
    if "method" not in data and "id" not in data:
        return None, error(None, INVALID_REQUEST, "Invalid Request: neither a method nor an id")
    if "params" in data and data["params"] is not None and not isinstance(data["params"], (dict, list)):
        return None, error(msg_id, INVALID_REQUEST, "Invalid Request: params must be an object")
    return Message(data), None
