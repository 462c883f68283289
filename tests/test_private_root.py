"""A data root holds every meeting's transcript: the folders TalkBar creates for it and the database
file it creates are its user's only (0700, 0600), whatever the umask; a folder a person made keeps
the permissions they gave it. Through the real process, which creates them."""

import json
import os
import stat
import sys

import pytest

from conftest import REPO, TB

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")


@pytest.fixture
def open_umask():
    """The usual umask (022: what others may read), for this process and the ones it starts."""
    before = os.umask(0o022)
    yield
    os.umask(before)


def _mode(path):
    return stat.S_IMODE(path.stat().st_mode)


WRITES = {
    "tools call": ("tools", "call", "notes.create", "--args", json.dumps({"title": "Private", "markdown": "m"})),
    "app access": ("app", "access", "mcp", "on"),
    "app import": ("app", "import", str(REPO / "fixtures" / "demo.json")),
}


@pytest.mark.parametrize("write", sorted(WRITES))
def test_the_folders_and_file_a_write_creates_are_its_users_only(open_umask, tmp_path, write):
    tb = TB(tmp_path / "home" / "data" / "TalkBar")
    r = tb.run(*WRITES[write])
    assert r.code == 0, r
    made = [tmp_path / "home", tmp_path / "home" / "data", tb.root]
    assert {str(p.relative_to(tmp_path)): oct(_mode(p)) for p in made} == {
        "home": "0o700", "home/data": "0o700", "home/data/TalkBar": "0o700"}
    assert oct(_mode(tb.db)) == "0o600"
    r = tb.run("--output", "json", "tools", "call", "notes.create", "--args", '{"title": "Later", "markdown": "m"}')
    assert r.code == 0 and oct(_mode(tb.db)) == "0o600", r


def test_the_default_data_root_is_made_private_with_the_xdg_folders_above_it(open_umask, tmp_path):
    if sys.platform == "darwin":
        pytest.skip("XDG folders are Linux's")
    home = tmp_path / "home"
    home.mkdir(mode=0o755)
    tb = TB(home / ".local" / "share" / "TalkBar")
    r = tb.run("app", "access", "mcp", "on", env={"TALKBAR_DATA_ROOT": "", "HOME": str(home), "XDG_DATA_HOME": ""})
    assert r.code == 0, r
    assert [oct(_mode(p)) for p in (home / ".local", home / ".local" / "share", tb.root, tb.db)] == [
        "0o700", "0o700", "0o700", "0o600"]
    assert oct(_mode(home)) == "0o755"


def test_a_folder_a_person_made_keeps_its_permissions_and_the_new_database_is_private(open_umask, tmp_path):
    tb = TB(tmp_path / "shared")
    tb.root.mkdir(mode=0o755)
    code, out = tb.call("notes.create", {"title": "Private", "markdown": "m"})
    assert code == 0, out
    assert (oct(_mode(tb.root)), oct(_mode(tb.db))) == ("0o755", "0o600")
