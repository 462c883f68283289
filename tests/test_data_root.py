"""A data root with no TalkBar data: reads see an empty workspace, create nothing and say so once;
only a command that writes creates the database (issue: no silent empty workspace)."""

import json
import os.path
import sys
from pathlib import Path

import pytest

from talkbar import paths

from conftest import PINNED_NOW_MS, _main_here
from mcp_sdk import payload, run, session

NOTICE = "no TalkBar data at"


def _notices(stderr):
    return [line for line in stderr.splitlines() if NOTICE in line]


def test_a_read_of_an_empty_data_root_creates_nothing_and_says_where_it_looked(tb):
    r = tb.run("--output", "json", "tools", "call", "workspace.list")
    assert r.code == 0, r
    spaces = json.loads(r.stdout)["workspaces"]
    assert [(w["name"], w["active"]) for w in spaces] == [("My workspace", True)]
    [line] = _notices(r.stderr)
    assert str(tb.root) in line and "app import" in line and "TALKBAR_DATA_ROOT" in line
    assert not tb.root.exists()


def test_every_kind_of_read_leaves_the_root_as_it_was(tb):
    reads = [("tools", "batch"), ("app", "access", "show"), ("app", "license", "show"), ("app", "export"),
             ("search", "budget")]
    for argv in reads:
        r = tb.run("--output", "json", *argv, input='[{"tool":"workspace.stats"},{"tool":"plan.get"}]')
        assert r.code == 0, (argv, r)
        assert len(_notices(r.stderr)) == 1, (argv, r.stderr)
    assert not tb.root.exists()


def test_the_empty_workspace_a_read_sees_is_the_one_the_first_write_creates(tb):
    before = tb.ok("workspace.list")["workspaces"][0]["workspaceId"]
    assert tb.ok("profile.get")["workspaceId"] == before
    r = tb.run("--output", "json", "tools", "call", "notes.create", "--args",
               json.dumps({"title": "First", "markdown": "x", "workspaceId": before}))
    assert r.code == 0, r
    assert _notices(r.stderr) == [] and tb.db.exists()
    after = tb.run("--output", "json", "tools", "call", "workspace.list")
    assert json.loads(after.stdout)["workspaces"][0]["workspaceId"] == before
    assert _notices(after.stderr) == []


def test_a_batch_with_a_write_creates_the_database(tb):
    code, out = tb.batch([{"tool": "workspace.list"}, {"tool": "notes.create", "args": {"title": "T", "markdown": "m"}},
                          {"tool": "notes.list"}])
    assert code == 0, out
    assert [e["ok"] for e in out] == [True, True, True]
    listed = out[2]["result"]
    assert [n["title"] for n in listed.get("notes", listed.get("items", []))] == ["T"], listed
    assert tb.db.exists()


def test_refused_writes_leave_no_database_and_one_that_lands_keeps_it(tb):
    """A write refused after it opened the file it would have written to (an unknown workspace is
    only found unknown there) removes the file again, alone or in a batch; a batch in which a write
    lands keeps it, with that write and nothing of the refused one."""
    bad = {"tool": "notes.create", "args": {"title": "Never", "markdown": "m", "workspaceId": "ws-unknown"}}
    code, out = tb.call("workspace.rename", {"workspaceId": "ws-unknown", "name": "x"})
    assert code == 1 and out["error"]["code"] == "not_found", out
    assert not tb.db.exists()
    code, out = tb.batch([bad, {**bad, "args": {**bad["args"], "title": "Nor this"}}])
    assert code == 1 and [e["error"]["code"] for e in out] == ["not_found", "not_found"], out
    assert not tb.db.exists()
    code, out = tb.batch([bad, {"tool": "notes.create", "args": {"title": "Kept", "markdown": "m"}}])
    assert code == 1 and [e["ok"] for e in out] == [False, True], out
    assert tb.db.exists()
    assert [n["title"] for n in tb.ok("notes.list")["items"]] == ["Kept"]


def test_app_settings_create_the_database(tb):
    assert tb.run("app", "access", "mcp", "on").code == 0
    assert tb.db.exists()


def test_an_mcp_session_on_an_empty_root_logs_the_path_and_creates_nothing(tb, tmp_path):
    log_path = tmp_path / "server.log"

    async def go():
        with open(log_path, "w") as log:
            async with session(tb, errlog=log) as s:
                return payload(await s.call_tool("talkbar_read", {"tool": "workspace.list"}))
    body, is_error = run(go)
    assert is_error and body["error"]["message"].startswith("TalkBar's MCP access is turned off.")
    [line] = _notices(log_path.read_text())
    assert str(tb.root) in line
    assert not tb.root.exists()


def test_xdg_folders_are_taken_only_as_absolute_paths(monkeypatch, tmp_path):
    """The XDG Base Directory spec: a relative (or empty) XDG_DATA_HOME or XDG_CACHE_HOME is ignored,
    not resolved against wherever the process started."""
    if sys.platform in ("darwin", "win32"):
        pytest.skip("XDG folders are Linux's")
    monkeypatch.delenv("TALKBAR_DATA_ROOT", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    for value in ("relative/data", "", "./x"):
        monkeypatch.setenv("XDG_DATA_HOME", value)
        monkeypatch.setenv("XDG_CACHE_HOME", value)
        assert paths.data_root() == tmp_path / "home" / ".local" / "share" / "TalkBar"
        assert paths.cache_dir() == tmp_path / "home" / ".cache" / "talkbar"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert paths.data_root() == Path(tmp_path / "data" / "TalkBar")
    assert paths.cache_dir() == Path(tmp_path / "cache" / "talkbar")


@pytest.fixture
def homeless(monkeypatch, tmp_path):
    """This process with no home folder to find: no HOME, and no entry for the user in the system's
    user database (a container run under an arbitrary user id), so Path.home() and ~ fail."""
    def no_home(cls):
        raise RuntimeError("Could not determine home directory.")
    monkeypatch.setattr(Path, "home", classmethod(no_home))
    monkeypatch.setattr(os.path, "expanduser", lambda p: p)
    for variable in ("HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        monkeypatch.delenv(variable, raising=False)
    return {"TALKBAR_POLICY_FILE": str(tmp_path / "no-policy.json"), "TALKBAR_NOW_MS": str(PINNED_NOW_MS)}


def _json_error(result):
    return json.loads(result.stdout)["error"]["message"]


def test_with_no_home_folder_a_command_says_to_set_the_data_root(homeless, tmp_path):
    if sys.platform in ("darwin", "win32"):
        pytest.skip("the default data root's Linux case (XDG folders)")
    r = _main_here(["--output", "json", "tools", "call", "workspace.list"], homeless, None)
    assert r.code == 1 and _json_error(r) == paths.NO_HOME
    r = _main_here(["--output", "json", "tools", "call", "workspace.list"],
                   {**homeless, "TALKBAR_DATA_ROOT": "~/talkbar"}, None)
    assert r.code == 1 and _json_error(r) == ("TALKBAR_DATA_ROOT (~/talkbar) starts from a home folder this user "
                                              "does not have; give the folder's full path.")
    root = tmp_path / "root"
    r = _main_here(["--output", "json", "tools", "call", "notes.create", "--args", '{"title": "Homeless"}'],
                   {**homeless, "TALKBAR_DATA_ROOT": str(root)}, None)
    assert r.code == 0 and json.loads(r.stdout)["title"] == "Homeless", r
    assert paths.cache_dir() is None, "nothing kept between runs: parsed again each time"


def test_with_no_home_folder_the_xdg_folders_still_count(homeless, monkeypatch, tmp_path):
    if sys.platform in ("darwin", "win32"):
        pytest.skip("XDG folders are Linux's")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert paths.data_root() == tmp_path / "data" / "TalkBar"
    assert paths.cache_dir() == tmp_path / "cache" / "talkbar"
