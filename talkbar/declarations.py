"""What an ops.toml row may declare beyond its identity and arguments, and the item kinds ids name.

These are data: talkbar/declared.py runs them for every call (see the top of ops.toml for the
meaning of each field). Kept apart from manifest.py so that the row schema names each field once.
"""

from dataclasses import dataclass, field

_NAMES = {"type": "array", "items": {"type": "string"}}
_ID_KINDS = {"type": "object", "additionalProperties": {"type": "string", "pattern": r"^[a-z_]+$"}}
_QUERY = {"type": "string", "pattern": r"^[a-z_]+(\.[a-z_]+)*(:[a-z_]+)?$"}

DECLARED_FIELDS = {
    "check": {"type": "string", "pattern": r"^talkbar\.[a-z_.]+:[a-z_0-9]+$"},
    "ignored_with": {"type": "object", "additionalProperties": _NAMES},
    "live": _ID_KINDS,
    "exists": _ID_KINDS,
    "live_in_answer": _ID_KINDS,
    "lifecycle": {"enum": ["trash", "restore", "pin"]},
    "steps": {"type": "array", "items": {"type": "string", "pattern": r"^(@[a-z_]+|[a-z_]+(\.[a-z_]+)*(:[a-z_]+)?)$"},
              "minItems": 1},
    "answer": _QUERY,
    "set": {"type": "object"},
    "new_id": {"type": "object", "additionalProperties": {"type": "string", "pattern": r"^[a-z]+$"}},
    "plan_limit": {"enum": ["projects", "sessions"]},
    "status": {"type": "object", "required": ["from"], "additionalProperties": False,
               "properties": {"from": {**_NAMES, "minItems": 1}, "to": {"type": "string"},
                              "verb": {"type": "string"}, "when": {"type": "string"},
                              "refusal": {"type": "string"}, "code": {"enum": ["failed", "session_recording"]}}},
    "belongs": {"type": "object", "additionalProperties": {"type": "string"}},
    "future": _NAMES,
    "not_before": {"type": "object", "additionalProperties": {"type": "string"}},
    "words": {"type": "string"},
    "trim": _NAMES,
    "page": {"type": "object", "additionalProperties": False,
             "properties": {"items": {"type": "string"}, "key": {**_NAMES, "minItems": 1},
                            "more": {"type": "string"}, "text": {"type": "string"}}},
    "json": _NAMES,
    "only_with": {"type": "object", "additionalProperties": {"type": "string"}},
    "bump": {"type": "string", "pattern": r"^[a-z_]+:[A-Za-z]+$"},
}

ITEM_SCHEMA = {
    "type": "object", "required": ["noun", "state"], "additionalProperties": False,
    "properties": {"noun": {"type": "string"}, "state": _QUERY, "trash": _QUERY, "pin": _QUERY,
                   "pages": _QUERY, "within": {"type": "string", "pattern": r"^[a-z_]+:[A-Za-z]+$"},
                   "wrong_status": {"type": "string"}, "not_in": {"type": "string"},
                   "hints": {"type": "object", "additionalProperties": {"type": "string"}}},
}


@dataclass(frozen=True)
class Item:
    """A kind of item that ids name ([item.<name>] in ops.toml)."""
    name: str
    noun: str              # "Project", as refusals name it
    state: str             # query: the item's state row by $item_id, in the Trash too; nothing if unknown
    trash: str = None      # query setting its trashed time by $item_id ($trashed_at null restores)
    pin: str = None        # query setting $pinned by $item_id
    pages: str = None      # query: the sessions whose pages show the item ({sessionId} rows), by $item_id
    within: str = None     # "item:field": the item it belongs to (its state's field), which must be live too
    wrong_status: str = None   # refusal when its status does not allow an operation: {id} {status} {allowed} {verb} {op} {hint}
    hints: dict = field(default_factory=dict)   # status -> what to do instead ({hint} of wrong_status)
    not_in: str = None     # refusal when an argument names another owner than its own ({id} {other})


@dataclass(frozen=True)
class Declared:
    check: str = None       # "module:function" (args): a rule of the values beyond JSON Schema, before any lookup
    ignored_with: tuple = ()  # ((argument, (others, ...)), ...): when the argument is given, the others are set aside
    live: tuple = ()        # ((argument, item), ...): ids that must exist and not be in the Trash
    exists: tuple = ()      # ((argument, item), ...): ids that must exist (in the Trash too)
    live_in_answer: tuple = ()  # ((argument, item), ...): live ids the answer query checks itself (its trashedAt)
    lifecycle: str = None   # trash | restore | pin, of the first item of live/exists
    steps: tuple = ()       # named queries run in order; the answer is the last one's
    answer: str = None      # the step whose result is the answer instead (e.g. read before a delete)
    set: dict = field(default_factory=dict)        # fixed parameters of the queries
    new_id: tuple = ()      # ((field, prefix), ...): fresh ids, bound as $<field in snake case>
    plan_limit: str = None  # the plan limit a real change counts against
    status: dict = None     # {from, to, verb, when, refusal, code}: the statuses of the first item it applies to
    belongs: tuple = ()     # ((argument, id argument), ...): when given, the argument must be that item's own
    future: tuple = ()      # arguments (Unix ms) that must be later than now
    not_before: tuple = ()  # ((later, earlier), ...): argument pairs in order
    words: str = None       # the argument whose words $words binds (textmatch)
    trim: tuple = ()        # text arguments bound trimmed
    page: dict = None       # {items, key, more, text}: how the answer pages (see talkbar/paging.py)
    json: tuple = ()        # answer fields (of the answer or of its rows) holding JSON text
    only_with: tuple = ()   # ((field, argument), ...): answer fields (or its rows') kept only when the argument is given
    bump: str = None        # "item:field": the changed item, whose session pages get a new revision


def _pairs(table):
    return tuple((table or {}).items())


def declared_from_row(row, sequences):
    steps = []
    for step in row.get("steps", ()):
        steps.extend(sequences.get(step[1:], ()) if step.startswith("@") else [step])
    return Declared(
        check=row.get("check"),
        ignored_with=tuple((arg, tuple(others)) for arg, others in row.get("ignored_with", {}).items()),
        live=_pairs(row.get("live")), exists=_pairs(row.get("exists")),
        live_in_answer=_pairs(row.get("live_in_answer")), lifecycle=row.get("lifecycle"),
        steps=tuple(steps), answer=row.get("answer"), set=dict(row.get("set", {})), new_id=_pairs(row.get("new_id")),
        plan_limit=row.get("plan_limit"), status=row.get("status"), belongs=_pairs(row.get("belongs")), future=tuple(row.get("future", ())),
        not_before=_pairs(row.get("not_before")), words=row.get("words"), trim=tuple(row.get("trim", ())),
        page=row.get("page"), json=tuple(row.get("json", ())), only_with=_pairs(row.get("only_with")),
        bump=row.get("bump"))
