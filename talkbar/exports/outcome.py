"""What one delivery attempt came to, whatever the format (files or Notion pages)."""

from dataclasses import dataclass, field

EXPORTED, PARTIAL, ATTENTION = "exported", "partiallyExported", "needsAttention"


@dataclass
class Outcome:
    status: str
    location: str = None          # the file (or Notion page URL) the session went to
    error: str = None
    conflict: dict = None         # {"target", "detectedAtMs"}: changed outside TalkBar since it wrote it
    written: list = field(default_factory=list)   # [(target, content hash)] to claim
    released: list = field(default_factory=list)  # [target] TalkBar no longer claims


@dataclass(frozen=True)
class Resolution:
    """How exports.resolve settles a conflict on `target`: replace it, or save beside it (saveCopy)."""
    action: str
    target: str


def attention(error, **kw):
    return Outcome(ATTENTION, error=error, **kw)


def conflicted(target, now_ms, what="file"):
    return attention(f"The {what} {target} was changed outside TalkBar since TalkBar exported it; resolve "
                     "the conflict with exports.resolve (keepExternal, saveCopy or replace).",
                     conflict={"target": target, "detectedAtMs": now_ms})


def settle(location, written, errors, released=()):
    """exported when everything was written, partiallyExported when some was, else needsAttention."""
    if errors and not written:
        return Outcome(ATTENTION, error="; ".join(errors), released=list(released))
    status = PARTIAL if errors else EXPORTED
    return Outcome(status, location=location, error="; ".join(errors) or None, written=written,
                   released=list(released))
