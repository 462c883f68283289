"""chats.* on a workspace of our own: many messages paged back by sequence, search over titles and
messages (every word, folded), views, and what the Trash allows."""

import pytest


# These tests are about what the operations do, not the process around them: tb and demo run
# their tools/app commands in this process (conftest.InProcessCLI).
pytestmark = pytest.mark.commands_in_process


WS = "workspace-chats"
LONG = "chat-long"


def _messages(n):
    return [{"messageId": f"m-{i:03d}", "role": "user" if i % 2 else "assistant", "content": f"Message {i} about Zoë",
             "createdAt": 1790000000000 + i * 1000, "skill": "summarise" if i == 7 else None,
             "sources": [{"n": 1, "label": "A session", "sourceType": "session", "sourceId": "s-1"}] if i == 8 else []}
            for i in range(1, n + 1)]


FIXTURE = {
    "format": "talkbar-fixture/1",
    "workspaces": [{
        "workspaceId": WS, "name": "Chats", "active": True,
        "projects": [{"projectId": "project-a", "name": "A"}, {"projectId": "project-gone", "name": "Gone",
                                                               "trashedAt": 1790000000000}],
        "chats": [
            {"chatId": LONG, "title": "Long one", "projectId": "project-a", "messages": _messages(45)},
            {"chatId": "chat-pinned-old", "title": "Pinned, quiet", "pinned": True,
             "messages": [{"messageId": "p1", "role": "user", "content": "Pricing for Señor García", "createdAt": 1780000000000}]},
            {"chatId": "chat-new", "title": "Fresh café notes",
             "messages": [{"messageId": "n1", "role": "user", "content": "naïve question", "createdAt": 1795000000000}]},
            {"chatId": "chat-empty", "title": "Nothing yet"},
            {"chatId": "chat-binned", "title": "Binned", "trashedAtMs": 1791000000000,
             "messages": [{"messageId": "b1", "role": "user", "content": "old", "createdAt": 1789000000000}]},
        ],
    }],
}


@pytest.fixture
def chats(tb):
    return tb.holding(FIXTURE)


def test_older_messages_page_back_by_sequence_in_order(chats):
    code, out = chats.batch([{"tool": "chats.get", "args": {"chatId": LONG, "limit": 20, **extra}}
                             for extra in ({}, {"beforeSequence": 26}, {"beforeSequence": 6})])
    pages = [p["result"] for p in out]
    assert [p["nextBeforeSequence"] for p in pages] == [26, 6, None], "each page points at the one before"
    assert [p["hasMoreMessages"] for p in pages] == [True, True, False]
    seen = [m["messageId"] for p in reversed(pages) for m in p["messages"]]
    assert seen == [f"m-{i:03d}" for i in range(1, 46)]
    first = chats.ok("chats.get", {"chatId": LONG, "limit": 40})
    by_id = {m["messageId"]: m for m in first["messages"]}
    assert by_id["m-007"]["skill"] == "summarise"
    assert by_id["m-008"]["sources"] == [{"n": 1, "label": "A session", "sourceType": "session", "sourceId": "s-1",
                                          "sessionId": None, "documentId": None, "atMs": None, "locator": None,
                                          "snippet": None, "href": None}]
    assert first["nextBeforeSequence"] == 6 and first["lastMessageAtMs"] == 1790000045000


def test_pinned_first_then_latest_activity_and_the_three_views(chats):
    active = chats.ok("chats.list")
    # a chat without messages was last active when it was made (at the import, the latest here)
    assert [c["chatId"] for c in active["items"]] == ["chat-pinned-old", "chat-empty", "chat-new", LONG]
    assert active["items"][1]["lastMessageAtMs"] is None and active["items"][1]["snippet"] is None
    assert [c["chatId"] for c in chats.ok("chats.list", {"view": "pinned"})["items"]] == ["chat-pinned-old"]
    trash = chats.ok("chats.list", {"view": "trash"})
    assert [c["chatId"] for c in trash["items"]] == ["chat-binned"] and trash["items"][0]["trashedAtMs"] == 1791000000000


@pytest.mark.parametrize("search,found", [
    ("pricing garcia", ["chat-pinned-old"]),      # accents folded, every word in the messages
    ("SENOR", ["chat-pinned-old"]),
    ("cafe naive", ["chat-new"]),                 # one word in the title, one in a message
    ("long zoe", [LONG]),
    ("pricing naive", []),                        # the words are in two different chats
    ("old", []),                                  # only in the Trash
])
def test_search_needs_every_word_anywhere_in_the_chat(chats, search, found):
    assert [c["chatId"] for c in chats.ok("chats.list", {"search": search})["items"]] == found


def test_a_chat_in_the_trash_reads_but_does_not_change_until_restored(chats):
    code, out = chats.batch([
        {"tool": "chats.get", "args": {"chatId": "chat-binned"}},
        {"tool": "chats.update", "args": {"chatId": "chat-binned", "pinned": True}},
        {"tool": "chats.restore", "args": {"chatId": "chat-binned"}},
        {"tool": "chats.update", "args": {"chatId": "chat-binned", "title": "Kept", "projectId": "project-a"}},
        {"tool": "chats.update", "args": {"chatId": "chat-binned", "projectId": "project-gone"}},
        {"tool": "chats.get", "args": {"chatId": "chat-binned"}},
    ])
    assert out[0]["result"]["trashedAtMs"] == 1791000000000 and out[0]["result"]["workspaceId"] == WS
    assert out[1]["error"] == {"code": "not_found", "message": "Chat chat-binned is in the Trash; restore it first"}
    assert out[2]["result"] == {"chatId": "chat-binned", "title": "Binned", "pinned": False, "projectId": None}
    assert out[3]["result"] == {"chatId": "chat-binned", "title": "Kept", "pinned": False, "projectId": "project-a"}
    assert out[4]["error"]["code"] == "not_found"
    assert out[5]["result"]["projectId"] == "project-a" and out[5]["result"]["trashedAtMs"] is None


def test_filter_by_project(chats):
    assert [c["chatId"] for c in chats.ok("chats.list", {"projectId": "project-a"})["items"]] == [LONG]
    code, out = chats.call("chats.list", {"projectId": "project-gone"})
    assert code == 1 and out["error"]["message"] == "Project project-gone is in the Trash; restore it first"
