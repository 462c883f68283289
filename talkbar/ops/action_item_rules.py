"""The rules of action-item types, as pure functions (no database): which statuses each type has,
which types take a due date or an answer, and how an edit merges into an item.

| type      | statuses            | due date | answer |
| task      | open, done          | yes      | no     |
| follow_up | open, done          | yes      | no     |
| question  | open, answered      | no       | yes    |
| decision  | active, superseded  | no       | no     |
"""

from talkbar.errors import invalid

STATUSES = {"task": ("open", "done"), "follow_up": ("open", "done"),
            "question": ("open", "answered"), "decision": ("active", "superseded")}
TYPE_WORDS = {"task": "a task", "follow_up": "a follow-up", "question": "a question", "decision": "a decision"}
DUE_TYPES = ("task", "follow_up")
ANSWER_TYPES = ("question",)


def finished(item_type, status):
    """Done, answered or superseded: the second status of every type."""
    return status == STATUSES[item_type][1]


def check_status(item_type, status):
    allowed = STATUSES[item_type]
    if status not in allowed:
        raise invalid(f"status {status} is not valid for {TYPE_WORDS[item_type]}; use one of: {', '.join(allowed)}")


def check_due(item_type, due_at_ms):
    if due_at_ms is not None and item_type not in DUE_TYPES:
        raise invalid(f"dueAtMs is only for tasks and follow-ups, not for {TYPE_WORDS[item_type]}; "
                      "leave it out or pass null")


def check_answer(item_type, answer):
    if answer is not None and item_type not in ANSWER_TYPES:
        raise invalid(f"answer is only for questions, not for {TYPE_WORDS[item_type]}")


def check_label(item_type, label_id, label_type):
    if label_type != item_type:
        raise invalid(f"labelId {label_id} is a label for {TYPE_WORDS[label_type]}, not for "
                      f"{TYPE_WORDS[item_type]}; each label belongs to one type of item")


def new_item(args, now):
    """The fields of a new item from create's arguments (after the checks above)."""
    item_type = args["itemType"]
    status = args.get("status") or STATUSES[item_type][0]
    check_status(item_type, status)
    check_due(item_type, args.get("dueAtMs"))
    check_answer(item_type, args.get("answer"))
    return {"item_type": item_type, "title": args["title"].strip(), "details": args.get("details"),
            "status": status, "due_at_ms": args.get("dueAtMs"), "answer": args.get("answer"),
            "resolved_at_ms": now if finished(item_type, status) else None}


def merged(current, args, now, label_type=None):
    """An item's fields after an edit: what is given over what is there, then its type's rules.

    A new type keeps whether the item was finished (a done task becomes an answered question), and
    drops a due date, an answer or a label the new type cannot have. `label_type` is the type of
    the label the edit names (labelId), or of the current label when the edit names none."""
    item_type = args.get("itemType", current["itemType"])
    was_done = finished(current["itemType"], current["status"])
    if "status" in args:
        status = args["status"]
        check_status(item_type, status)
    else:
        status = STATUSES[item_type][1 if was_done else 0]
    check_due(item_type, args.get("dueAtMs"))
    check_answer(item_type, args.get("answer"))
    label_id = args.get("labelId", current["labelId"])
    if "labelId" in args:
        check_label(item_type, label_id, label_type)
    elif label_type != item_type:
        label_id = None
    is_done = finished(item_type, status)
    return {
        "title": args["title"].strip() if "title" in args else current["title"],
        "details": args.get("details") if "details" in args else current["details"],
        "item_type": item_type, "label_id": label_id, "status": status,
        "due_at_ms": _kept(args, current, "dueAtMs", item_type in DUE_TYPES),
        "answer": _kept(args, current, "answer", item_type in ANSWER_TYPES),
        "resolved_at_ms": (current["resolvedAtMs"] or now if was_done else now) if is_done else None,
    }


def _kept(args, current, key, allowed):
    if not allowed:
        return None
    return args[key] if key in args else current[key]


def assignees(values):
    """Names or {name, contactId} -> parallel lists (names trimmed, contactId null for a bare name)."""
    people = [{"name": v, "contactId": None} if isinstance(v, str) else v for v in values]
    return [p["name"].strip() for p in people], [p.get("contactId") for p in people]
