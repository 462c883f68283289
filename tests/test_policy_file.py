"""The policy file read with a bound (issue 17, group 4): a FIFO, a device, a folder, a dangling
symbolic link, an oversized file and a nesting bomb all fail closed with the spec's message, and
neither the CLI nor `serve` hangs or crashes on them."""

import json
import os

import pytest

from mcp_raw import RawServer

CLOSED = "TalkBar's administrator policy ({path}) could not be read, so nothing runs until it is fixed: {why}"


def _variant(kind, tmp_path):
    path = tmp_path / f"policy-{kind}"
    if kind == "fifo":
        os.mkfifo(path)
        return path, "the path is a named pipe, which is not a regular file"
    if kind == "dangling":
        os.symlink(tmp_path / "gone.json", path)
        return path, "the path is a symbolic link to a file that does not exist"
    if kind == "folder":
        path.mkdir()
        return path, "the path is a folder, which is not a regular file"
    if kind == "device":
        return "/dev/zero", "the path is not a regular file"
    if kind == "oversized":
        path.write_text(json.dumps({"blockedGroups": []}) + " " * 70000)
        return path, f"the file is {path.stat().st_size:,} bytes; a policy file holds at most 65,536"
    if kind == "bomb":
        path.write_text("[" * 5000 + "]" * 5000)
        return path, "nesting deeper than 64 levels"
    if kind == "under_a_file":
        (tmp_path / "a-file").write_text("x")
        return tmp_path / "a-file" / "policy.json", "a part of the path is a file, not a folder"
    if kind == "not_utf8":
        path.write_bytes(b'{"blockedGroups": ["\xff"]}')
        return path, "the file is not UTF-8 text"
    raise AssertionError(kind)


KINDS = ["fifo", "dangling", "folder", "device", "oversized", "bomb", "under_a_file", "not_utf8"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_policy_that_is_not_a_small_regular_json_file_fails_closed(tb, tmp_path, kind):
    path, why = _variant(kind, tmp_path)
    tb.env_extra["TALKBAR_POLICY_FILE"] = str(path)
    r = tb.run("--output", "json", "tools", "call", "workspace.list", timeout=60)
    assert r.code == 1 and r.json == {"error": {"code": "failed", "message": CLOSED.format(path=path, why=why)}}
    assert "Traceback" not in r.stderr
    listed = tb.run("tools", "list", "--compact", timeout=60)
    assert listed.code == 0   # the operations are still listed; each call is refused


def test_serve_starts_and_refuses_every_call_while_the_policy_is_a_fifo(tb, tmp_path):
    path, why = _variant("fifo", tmp_path)
    assert tb.run("app", "access", "mcp", "on").code == 0
    server = RawServer(tb, env={"TALKBAR_POLICY_FILE": str(path)})
    try:
        assert server.initialize()["result"]["serverInfo"]["name"] == "talkbar"
        body, is_error = server.tool_result(server.call("talkbar_read", {"tool": "workspace.list"}), timeout=60)
        assert is_error and body == {"error": {"code": "failed", "message": CLOSED.format(path=path, why=why)}}
    finally:
        server.close()


def test_a_symbolic_link_to_a_real_policy_is_followed(tb, tmp_path):
    real = tmp_path / "real.json"
    real.write_text(json.dumps({"blockedGroups": ["contentChanges"]}))
    link = tmp_path / "link.json"
    os.symlink(real, link)
    tb.env_extra["TALKBAR_POLICY_FILE"] = str(link)
    code, out = tb.call("workspace.rename", {"name": "x"})
    assert code == 1 and out["error"]["message"].startswith("workspace.rename is blocked")


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16"])
def test_a_policy_saved_by_windows_tools_is_read(tb, tmp_path, encoding):
    """Notepad's UTF-8 with a byte order mark, and PowerShell 5's `Out-File` (UTF-16 with one): the
    policy holds as written, not failed closed."""
    path = tmp_path / "policy.json"
    path.write_text(json.dumps({"blockedGroups": ["contentChanges"]}), encoding=encoding)
    tb.env_extra["TALKBAR_POLICY_FILE"] = str(path)
    code, out = tb.call("workspace.rename", {"name": "x"})
    assert code == 1 and out["error"]["message"].startswith("workspace.rename is blocked"), out
    assert tb.call("workspace.list")[0] == 0
