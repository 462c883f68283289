"""The one error type of the engine and its envelope.

Every refusal or failure inside an operation is raised as OpError and leaves the engine as
`{"error": {"code", "message", ...extra}}`. Messages are English sentences for people; the code
is what scripts and assistants branch on (spec: errors-and-limits).
"""

import errno

CODES = (
    "invalid_arguments", "not_found", "turned_off", "failed", "declined",
    "confirmation_unavailable", "busy", "conflict", "session_recording",
    "limit_reached", "plan_limit",
)

def or_list(words):
    """"a", "a or b", "a, b or c": how messages name the choices."""
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


BUSY_MESSAGE = ("TalkBar's database was busy with another write. Try the same call again; "
                "if it created something, check first that it is not already there.")


class OpError(Exception):
    """A refused or failed operation. `points_to_schema` marks argument errors, whose message
    ends with a pointer to the operation's schema (worded by the face that shows it)."""

    def __init__(self, code, message, *, points_to_schema=False, **extra):
        assert code in CODES, code
        super().__init__(message)
        self.code = code
        self.message = message
        self.points_to_schema = points_to_schema
        self.extra = extra
        self.op = None  # set by the engine

    def envelope(self, schema_pointer=None):
        message = self.message
        if self.points_to_schema and schema_pointer and self.op:
            message = f"{message.rstrip('.')}. {schema_pointer(self.op)}"
        return {"error": {"code": self.code, "message": message, **self.extra}}


_DISK_FULL = ("no space left on device", "disk quota exceeded")   # the C library's words, which DuckDB passes on


def unexpected(exc):
    """What a person may be told of an exception nobody expected: what kind of trouble it was,
    never its text (DuckDB's or Python's words stay in the `-v` event log and the server's log)."""
    name = type(exc).__name__
    if isinstance(exc, MemoryError) or name == "OutOfMemoryException":
        return "it ran out of memory"
    if getattr(exc, "errno", None) in (errno.ENOSPC, errno.EDQUOT) or any(
            words in str(exc).lower() for words in _DISK_FULL):   # DuckDB says it inside its own exceptions
        return "the disk is full"
    if isinstance(exc, OSError) or name == "IOException":
        return "the database file could not be read or written"
    return "an internal error"


_OS_REASONS = {"EEXIST": "a file is where TalkBar needs a folder", "ENOTDIR": "a part of the path is a file, not a folder",
               "EISDIR": "it is a folder, not a file", "EACCES": "permission denied", "EPERM": "permission denied",
               "ENOENT": "no such file or folder", "ELOOP": "it is a loop of symbolic links", "ENOSPC": "the disk is full",
               "EDQUOT": "the disk quota is used up", "EROFS": "the file system is read-only"}


def os_reason(exc):
    """Why the operating system refused a file, in words for a person (never Python's "[Errno …]")."""
    return _OS_REASONS.get(errno.errorcode.get(exc.errno, ""), (exc.strerror or "the system refused it").lower())


def os_problem(exc):
    """os_reason() with the path it is about."""
    where = exc.filename if exc.filename else "its files"
    return f"TalkBar could not use {where}: {os_reason(exc)}."


def invalid(message):
    return OpError("invalid_arguments", message, points_to_schema=True)


def not_found(message):
    return OpError("not_found", message)


def failed(message, **extra):
    return OpError("failed", message, **extra)


def busy(retry_after_ms=1000, message=BUSY_MESSAGE):
    return OpError("busy", message, retryable=True, retryAfterMs=retry_after_ms)


def conflict(message, **extra):
    return OpError("conflict", message, **extra)


def session_recording(message):
    return OpError("session_recording", message)


def limit_reached(limit, maximum, message):
    return OpError("limit_reached", message, limit=limit, max=maximum)
