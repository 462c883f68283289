"""Meetings that score the same for a search (a title many of them share) come newest first, and in
the same order after the archive is exported and imported again (sql/ops/workspace.search.sql,
search.source.session). More than 2,048 sessions: DuckDB's joins gave a rebuild's sessions out
2,048 at a time in any order, and they were numbered for search in that order."""

import json

import pytest

from conftest import InProcessCLI, generate_fixture

TITLE = "Budget review"


@pytest.fixture(scope="module")
def archive(tmp_path_factory):
    base = tmp_path_factory.mktemp("ties")
    path = generate_fixture(base / "archive.json", 2200, 1, "--lang", "en")
    doc = json.loads(path.read_text(encoding="utf-8"))
    tb = InProcessCLI(base / "root")
    assert tb.import_fixture(path).code == 0
    return tb, doc


def _search(tb):
    return tb.ok("workspace.search", {"query": TITLE, "kinds": ["session"], "limit": 40})["matches"]


def test_sessions_that_score_the_same_come_newest_first(archive):
    tb, doc = archive
    sessions = doc["workspaces"][0]["sessions"]
    place = {s["sessionId"]: i for i, s in enumerate(sessions)}
    found = [(m["score"], place[m["id"]]) for m in _search(tb)]
    assert len(found) == 40 and all(sessions[p]["title"] == TITLE for _, p in found)
    assert found == sorted(found, reverse=True)                 # best first; of the same score, newest first
    same = [p for score, p in found if score == found[-1][0]]
    assert len(same) >= 20 and same[0] > 2048 > same[-1], found  # a group that spans a 2,048 boundary


def test_a_restored_archive_answers_in_the_same_order(archive, tmp_path):
    tb, _ = archive
    exported = tb.run("app", "export")
    assert exported.code == 0, exported
    again = InProcessCLI(tmp_path / "restored")
    assert again.import_fixture(json.loads(exported.stdout)).code == 0
    assert _search(again) == _search(tb)
