"""The two MCP eras one stdio server speaks, and which one a request belongs to.

Handshake era (2024-11-05 ... 2025-11-25): `initialize` opens a session scoped to this process, and
every other request before it gets -32601 "Send initialize first" (spec: the five tools, Wire format).
Modern era (2026-07-28): no handshake and no session; every request carries its protocol version
and client capabilities in `params._meta` (basic/index, "Per-request protocol fields") and is
served on its own (basic/versioning: a dual-era server selects the era from how the client opens,
and may serve both at once on one process).

A request is modern when its `_meta` holds the reserved protocol-version key and names no
handshake version: that key exists only in the modern envelope (a handshake request's `_meta`
holds at most a progressToken). `initialize` always opens the handshake, envelope or not. The
envelope is then checked in the spec's order: both required keys (else -32602), a string version
(else -32602), a version this server serves per request (else -32022 with the supported list).
"""

from dataclasses import dataclass

HANDSHAKE_VERSIONS = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")
MODERN_VERSIONS = ("2026-07-28",)
SUPPORTED = (*MODERN_VERSIONS, *reversed(HANDSHAKE_VERSIONS))   # newest first, as the spec's example

PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion"
CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities"
SERVER_INFO = "io.modelcontextprotocol/serverInfo"
SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId"

UNSUPPORTED_VERSION = -32022
UNSUPPORTED_MESSAGE = "Unsupported protocol version"


def meta_of(params):
    meta = params.get("_meta") if isinstance(params, dict) else None
    return meta if isinstance(meta, dict) else None


def is_modern(msg):
    """Whether a request asks to be served under the modern revision's rules."""
    meta = meta_of(msg.params)
    if not msg.is_request or msg.method == "initialize" or meta is None or PROTOCOL_VERSION not in meta:
        return False
    return meta[PROTOCOL_VERSION] not in HANDSHAKE_VERSIONS


def can_ask(capabilities):
    """Form-mode elicitation: `elicitation` declared as {} (form only, for compatibility) or with `form`."""
    eli = capabilities.get("elicitation") if isinstance(capabilities, dict) else None
    return isinstance(eli, dict) and (not eli or "form" in eli)


def progress_token(params):
    """`_meta.progressToken` when it is one (a string or an integer), else None."""
    token = (meta_of(params) or {}).get("progressToken")
    if isinstance(token, str) or (isinstance(token, int) and not isinstance(token, bool)):
        return token
    return None


@dataclass(frozen=True)
class Envelope:
    """What a modern request says about itself."""
    version: str
    capabilities: dict

    @property
    def can_ask(self):
        return can_ask(self.capabilities)


class Refused(Exception):
    """A modern request the envelope rules refuse: its JSON-RPC error."""

    def __init__(self, code, message, data=None):
        super().__init__(message)
        self.code, self.message, self.data = code, message, data


def envelope(params):
    """The envelope of a modern request, or Refused with the error the spec prescribes."""
    meta = meta_of(params)
    missing = [k for k in (PROTOCOL_VERSION, CLIENT_CAPABILITIES) if k not in meta]
    if missing:
        raise Refused(-32602, f"Invalid params: _meta is missing {' and '.join(missing)}")
    version = meta[PROTOCOL_VERSION]
    if not isinstance(version, str):
        raise Refused(-32602, f"Invalid params: {PROTOCOL_VERSION} must be a string")
    if version not in MODERN_VERSIONS:
        raise Refused(UNSUPPORTED_VERSION, UNSUPPORTED_MESSAGE, {"supported": list(SUPPORTED), "requested": version})
    capabilities = meta[CLIENT_CAPABILITIES]
    if not isinstance(capabilities, dict):
        raise Refused(-32602, f"Invalid params: {CLIENT_CAPABILITIES} must be an object")
    if "progressToken" in meta and progress_token(params) is None:
        raise Refused(-32602, "Invalid params: progressToken must be a string or an integer")
    return Envelope(version, capabilities)
