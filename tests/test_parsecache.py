"""The start-up cache of parsed project files: used while the files are unchanged, rebuilt when
one changes or the cache is damaged, passed over when it cannot be written."""

import marshal
import os

import pytest

from talkbar import parsecache


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    home = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    return home / "talkbar"


class Builder:
    def __init__(self, path):
        self.path, self.calls = path, 0

    def __call__(self):
        self.calls += 1
        return {"text": self.path.read_text(), "rows": [1, 2.5, None, True, ("a", "b")]}


def test_unchanged_files_are_not_parsed_again(tmp_path, cache_home):
    src = tmp_path / "ops.toml"
    src.write_text("one")
    build = Builder(src)
    first = parsecache.cached("t", [src], build)
    again = parsecache.cached("t", [src], build)
    assert build.calls == 1
    assert again == first == {"text": "one", "rows": [1, 2.5, None, True, ("a", "b")]}
    assert [p.name.split("-")[0] for p in cache_home.iterdir()] == ["t"]


def test_a_changed_file_is_parsed_again_and_old_entries_go_beyond_the_newest_few(tmp_path, cache_home):
    src = tmp_path / "q.sql"
    build = Builder(src)
    for n in range(parsecache.KEEP_ENTRIES + 2):
        src.write_text("x" * (n + 1))     # another size: another key, whatever the clock's grain
        assert parsecache.cached("t", [src], build)["text"] == "x" * (n + 1)
        os.utime(next(e for e in cache_home.glob("t-*.marshal") if marshal.loads(e.read_bytes())
                      ["text"] == "x" * (n + 1)), ns=(n * 10**9, n * 10**9))   # written in this order
    assert build.calls == parsecache.KEEP_ENTRIES + 2
    kept = sorted(marshal.loads(e.read_bytes())["text"] for e in cache_home.glob("t-*.marshal"))
    assert kept == ["x" * n for n in range(3, parsecache.KEEP_ENTRIES + 3)], "the newest written stay"


def test_two_installations_used_in_turn_keep_their_own_entries(tmp_path, cache_home):
    """The MCP server from one venv and the CLI from another (or two Pythons): each parses once."""
    one, other = tmp_path / "one.toml", tmp_path / "other.toml"
    one.write_text("one")
    other.write_text("other")
    builds = {one: Builder(one), other: Builder(other)}
    for _ in range(3):
        for src in (one, other):
            assert parsecache.cached("t", [src], builds[src])["text"] == src.read_text()
    assert [b.calls for b in builds.values()] == [1, 1]


def test_a_damaged_entry_is_rebuilt(tmp_path, cache_home):
    src = tmp_path / "q.sql"
    src.write_text("one")
    build = Builder(src)
    parsecache.cached("t", [src], build)
    (entry,) = cache_home.glob("t-*.marshal")
    entry.write_bytes(b"\x00garbage")
    assert parsecache.cached("t", [src], build)["text"] == "one"
    assert build.calls == 2


def test_an_unwritable_cache_is_passed_over(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would be")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    src = tmp_path / "q.sql"
    src.write_text("one")
    build = Builder(src)
    assert parsecache.cached("t", [src], build)["text"] == "one"
    assert parsecache.cached("t", [src], build)["text"] == "one"
    assert build.calls == 2
    assert not os.path.isdir(blocker)
