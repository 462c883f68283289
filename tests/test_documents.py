"""documents.* on a workspace of our own: long extracted text read page by page, documents that are
not extracted yet or gone, and the changes documents allow."""

import pytest


# These tests are about what the operations do, not the process around them: tb and demo run
# their tools/app commands in this process (conftest.InProcessCLI).
pytestmark = pytest.mark.commands_in_process


WS = "workspace-docs"
TEXT = "".join(f"Clause {i}. The Supplier shall — in good faith — report on the façade works.\n" for i in range(700))

FIXTURE = {
    "format": "talkbar-fixture/1",
    "workspaces": [{
        "workspaceId": WS, "name": "Docs", "active": True,
        "projects": [{"projectId": "project-a", "name": "A"},
                     {"projectId": "project-gone", "name": "Gone", "trashedAt": 1790000000000}],
        "sessions": [{"sessionId": "s-1", "title": "Kick-off", "startedAtMs": 1790000000000,
                      "documentIds": ["doc-long"]}],
        "documents": [
            {"documentId": "doc-long", "title": "Master agreement", "text": TEXT, "projectId": "project-a",
             "sizeBytes": 90000},
            {"documentId": "doc-queued", "title": "Scan", "status": "processing", "indexProgress": 0.1},
            {"documentId": "doc-gone", "title": "Moved away", "status": "missing", "text": "stale"},
        ],
    }],
}


@pytest.fixture
def docs(tb):
    return tb.holding(FIXTURE)


def test_reading_page_by_page_gives_back_the_whole_text(docs):
    offsets = list(range(0, len(TEXT), 7000))
    calls = [{"tool": "documents.read", "args": {"documentId": "doc-long", "offset": o, "maxChars": 7000}}
             for o in offsets]
    calls += [{"tool": "documents.read", "args": {"documentId": "doc-long", "maxChars": 200000}},
              {"tool": "documents.read", "args": {"documentId": "doc-long", "offset": len(TEXT)}}]
    code, out = docs.batch(calls)
    *pages, whole, past_end = out
    pages = [p["result"] for p in pages]
    assert [p["offset"] for p in pages] == offsets and {p["totalChars"] for p in pages} == {len(TEXT)}
    assert [p["nextOffset"] for p in pages] == offsets[1:] + [None], "each page points at the next"
    assert [p["truncated"] for p in pages] == [True] * (len(pages) - 1) + [False]
    assert "".join(p["text"] for p in pages) == TEXT
    assert whole["result"]["text"] == TEXT and whole["result"]["nextOffset"] is None
    assert past_end["error"]["message"].startswith(f"offset {len(TEXT)} is past the end of the text")


def test_text_not_extracted_yet_or_of_a_document_gone_fails_with_a_reason(docs):
    code, out = docs.batch([{"tool": "documents.read", "args": {"documentId": "doc-queued"}},
                            {"tool": "documents.read", "args": {"documentId": "doc-gone"}},
                            {"tool": "documents.get", "args": {"documentId": "doc-gone"}}])
    assert out[0]["error"]["code"] == "failed" and "has not extracted the text" in out[0]["error"]["message"]
    assert "10% indexed" in out[0]["error"]["message"]
    assert out[1]["error"]["code"] == "failed" and "no longer available" in out[1]["error"]["message"]
    assert out[2]["result"]["status"] == "missing"


def test_list_filters_and_update(docs):
    code, out = docs.batch([
        {"tool": "documents.list", "args": {"sessionId": "s-1"}},
        {"tool": "documents.list", "args": {"query": "AGREEMENT master"}},
        {"tool": "documents.list", "args": {"query": "agreement scan"}},
        {"tool": "documents.update", "args": {"documentId": "doc-queued", "pinned": True, "projectId": "project-a"}},
        {"tool": "documents.list", "args": {"projectId": "project-a"}},
        {"tool": "documents.update", "args": {"documentId": "doc-queued", "projectId": None, "title": "Scan 2"}},
        {"tool": "documents.update", "args": {"documentId": "doc-long", "projectId": "project-gone"}},
        {"tool": "documents.get", "args": {"documentId": "doc-long"}},
    ])
    assert [d["documentId"] for d in out[0]["result"]["documents"]] == ["doc-long"]
    assert [d["documentId"] for d in out[1]["result"]["documents"]] == ["doc-long"]
    assert out[2]["result"]["documents"] == []
    assert out[3]["result"]["pinned"] is True
    assert [d["documentId"] for d in out[4]["result"]["documents"]] == ["doc-queued", "doc-long"], "pinned first"
    assert (out[5]["result"]["title"], out[5]["result"]["projectId"]) == ("Scan 2", None)
    assert out[6]["error"] == {"code": "not_found", "message": "Project project-gone is in the Trash; restore it first"}
    got = out[7]["result"]
    assert got["projectId"] == "project-a" and got["preview"] == TEXT[:160].replace("\n", " ").strip()[:160]
    assert (got["sizeBytes"], got["sourceKind"], got["indexProgress"]) == (90000, "upload", 1.0)
