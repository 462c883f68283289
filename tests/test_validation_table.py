"""The spec's argument rules, one row each: the code, the exact message, and nothing written."""

import json

import pytest

CLI_POINTER = "Arguments: talkbar-cli tools info {op}"

# (operation, args, code, message before the pointer — None when the message has no pointer)
CASES = [
    ("workspace.stats", [1], "invalid_arguments", "arguments must be an object."),
    ("workspace.stats", "text", "invalid_arguments", "arguments must be an object."),
    ("workspace.stats", 42, "invalid_arguments", "arguments must be an object."),
    ("workspace.stats", {"limit": 3}, "invalid_arguments",
     "workspace.stats does not take `limit`. It takes: projectId, startedAfterMs, startedBeforeMs, workspaceId."),
    ("workspace.stats", {"a": 1, "b": 2}, "invalid_arguments",
     "workspace.stats does not take `a`, `b`. It takes: projectId, startedAfterMs, startedBeforeMs, workspaceId."),
    ("workspace.list", {"workspaceId": "x"}, "invalid_arguments",
     "workspace.list does not take `workspaceId`. It takes no arguments."),
    ("profile.update", {"content": "x"}, "invalid_arguments",
     "profile.update does not take `content`. It takes: email, jobTitle, name, workspaceId."),
    ("workspace.stats", {"startedAfterMs": "yesterday"}, "invalid_arguments", "startedAfterMs must be an integer."),
    ("workspace.stats", {"startedAfterMs": 1.5}, "invalid_arguments", "startedAfterMs must be an integer."),
    ("workspace.stats", {"startedAfterMs": True}, "invalid_arguments", "startedAfterMs must be an integer."),
    ("workspace.stats", {"projectId": ""}, "invalid_arguments", "projectId must not be empty."),
    ("workspace.stats", {"projectId": 7}, "invalid_arguments", "projectId must be a string."),
    ("workspace.stats", {"workspaceId": ""}, "invalid_arguments", "workspaceId must not be empty."),
    ("workspace.stats", {"workspaceId": "", "projectId": 3}, "invalid_arguments", "workspaceId must not be empty."),
    ("workspace.stats", {"projectId": "a\u0007b"}, "invalid_arguments", "projectId must not contain control characters."),
    ("workspace.rename", {}, "invalid_arguments", "name is required."),
    ("workspace.rename", {"name": ""}, "invalid_arguments", "name must not be empty."),
    ("workspace.rename", {"name": "   "}, "invalid_arguments", "name must not be empty."),
    ("workspace.rename", {"name": "\t\n"}, "invalid_arguments", "name must not be empty."),
    ("workspace.rename", {"name": None}, "invalid_arguments", "name must be a string."),
    ("workspace.rename", {"name": "x" * 121}, "invalid_arguments", "name must be at most 120 characters."),
    ("workspace.rename", {"name": "Bad\u0000name"}, "invalid_arguments", "name must not contain control characters."),
    ("workspace.rename", {"name": "Bad\u001bname"}, "invalid_arguments", "name must not contain control characters."),
    ("workspace.rename", {"name": 5, "nope": 1}, "invalid_arguments",
     "workspace.rename does not take `nope`. It takes: name, workspaceId."),
    ("workspace.rename", {"workspaceId": 3}, "invalid_arguments", "workspaceId must be a string."),
    ("profile.update", {}, "invalid_arguments", "Give at least one of: name, email, jobTitle."),
    ("profile.update", {"email": "no-at-sign"}, "invalid_arguments", "email must look like name@example.com."),
    ("profile.update", {"email": "two@@example.com"}, "invalid_arguments", "email must look like name@example.com."),
    ("profile.update", {"email": "a b@example.com"}, "invalid_arguments", "email must look like name@example.com."),
    ("profile.update", {"email": "@example.com"}, "invalid_arguments", "email must look like name@example.com."),
    ("profile.update", {"email": 5}, "invalid_arguments", "email must be a string or null."),
    ("profile.update", {"name": ["Dana"]}, "invalid_arguments", "name must be a string or null."),
    # lookups come after the arguments are right
    ("workspace.stats", {"workspaceId": "ws-unknown"}, "not_found", None),
    ("workspace.rename", {"workspaceId": "ws-unknown", "name": "x"}, "not_found", None),
    ("workspace.stats", {"projectId": "project-unknown"}, "not_found", None),
    ("workspaces.list", {}, "not_found", None),
]


def test_there_are_enough_cases():
    assert len(CASES) >= 25


@pytest.mark.parametrize("op,args,code,message", CASES, ids=[f"{i:02d}-{c[0]}" for i, c in enumerate(CASES)])
def test_bad_arguments(tb, op, args, code, message):
    assert not tb.root.exists()
    r = tb.run("--output", "json", "tools", "call", op, "--args", json.dumps(args))
    assert r.code == 1, r
    err = json.loads(r.stdout)["error"]
    assert err["code"] == code, err
    if message is not None:
        assert err["message"] == f"{message} {CLI_POINTER.format(op=op)}"
    else:
        assert "Arguments:" not in err["message"]
    # the data root had no database: a refused call leaves it without one (a write refused after
    # it opened the file it would have written to removes it again), so nothing was written
    assert not tb.db.exists() and not tb.db.with_name(tb.db.name + ".wal").exists(), "a refused call wrote something"


def test_mcp_wording_of_the_pointer():
    from talkbar.engine import MCP, Engine
    from talkbar.errors import OpError

    class NoDb:
        path = "unused"

    engine = Engine(NoDb(), MCP)
    with pytest.raises(OpError) as exc:
        engine.prepare("workspace.rename", {"name": ""})
    assert engine.envelope(exc.value)["error"]["message"] == \
        'name must not be empty. Arguments: talkbar_tools {"tool":"workspace.rename"}'
