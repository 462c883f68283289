"""The administrator's policy file, as the CLI obeys it (the MCP side is tested with the server)."""

import json


def _policy(tb, tmp_path, data):
    path = tmp_path / "policy.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    tb.env_extra["TALKBAR_POLICY_FILE"] = str(path)


def test_cli_disabled_refuses_everything_but_help_and_version(tb, tmp_path):
    _policy(tb, tmp_path, {"cliDisabled": True})
    for argv in (["tools", "list"], ["tools", "call", "workspace.list"], ["app", "access", "show"]):
        r = tb.run(*argv)
        assert r.code == 1, argv
        assert "organization has turned off the TalkBar command-line tool" in r.stderr
        assert r.stdout == ""
    r = tb.run("--output", "json", "tools", "list")
    assert json.loads(r.stdout)["error"]["code"] == "failed"
    assert tb.run("--version").code == 0
    assert tb.run("--help").code == 0
    assert tb.run("tools", "call", "--help").code == 0


def test_blocked_groups_vanish_from_lists_and_answer_failed(tb, tmp_path):
    _policy(tb, tmp_path, {"blockedGroups": ["contentChanges"]})
    listed = tb.run("tools", "list", "--compact").stdout
    assert "workspace.rename" not in listed and "profile.update" not in listed
    assert "workspace.list" in listed
    code, out = tb.call("workspace.rename", {"name": "x"})
    assert code == 1 and out["error"]["code"] == "failed"
    assert "organization" in out["error"]["message"]
    r = tb.run("tools", "info", "profile.update")
    assert r.code == 1 and "organization" in r.stderr
    assert tb.ok("workspace.list")


def test_unreadable_policy_fails_closed(tb, tmp_path):
    _policy(tb, tmp_path, "{not json")
    code, out = tb.call("workspace.list")
    assert code == 1 and out["error"]["code"] == "failed"
    assert "could not be read" in out["error"]["message"]
    _policy(tb, tmp_path, {"blockedGroups": ["nonsense"]})
    code, out = tb.call("workspace.list")
    assert code == 1 and "could not be read" in out["error"]["message"]


def test_missing_policy_is_unmanaged(tb, tmp_path):
    tb.env_extra["TALKBAR_POLICY_FILE"] = str(tmp_path / "absent.json")
    assert tb.ok("workspace.rename", {"name": "Mine"})["name"] == "Mine"
