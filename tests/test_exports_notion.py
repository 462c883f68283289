"""The notion format against a stand-in for Notion's REST API on 127.0.0.1 (no real Notion is
reachable here), and `exports notion connect`: the token from standard input only, encrypted at
rest with a key file of mode 0600 beside the database, never printed."""

import json
import os
import pty
import re
import stat
import subprocess
import threading
import uuid
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from conftest import REPO, cli_command


# These tests are about what the operations do, not the process around them: tb and demo run
# their tools/app commands in this process (conftest.InProcessCLI).
pytestmark = pytest.mark.commands_in_process


WS = "workspace-niy3baezesnixbun"
S1 = "c9db1374-73be-403e-adc6-cc1f3f08f3d9"
S2 = "76f01003-3e00-4c5d-bf07-3400ab8aae3a"
PARENT = "0123456789abcdef0123456789abcdef"
TOKEN = "secret_" + "x" * 12 + "Tb42"


class NotionStandIn:
    """Notion's pages and blocks endpoints, recording every request. `hold` makes page creation wait
    until `release()` (and sets `arrived`), so a test can keep an export in flight. `answer` gives
    (status, body) or (status, body, headers)."""

    def __init__(self, token=TOKEN):
        self.token = token
        self.requests = []
        self.pages = {}
        self.hold = False
        self.arrived = threading.Event()
        self.released = threading.Event()
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *a):
                pass

            def _answer(self, code, body, headers=None):
                data = json.dumps(body).encode()
                self.send_response(code)
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                try:
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a failed test); nothing to answer

            def _handle(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length)) if length else None
                stand_in.requests.append({"method": self.command, "path": self.path, "body": body,
                                          "auth": self.headers.get("Authorization"),
                                          "version": self.headers.get("Notion-Version")})
                self._answer(*stand_in.answer(self.command, self.path, body, self.headers))

            do_GET = do_POST = do_PATCH = _handle

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self):
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.released.set()
        self.server.shutdown()
        self.server.server_close()

    def release(self):
        self.released.set()

    @staticmethod
    def _now():
        return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"

    def edit(self, page_id):
        """Someone edits the page in Notion."""
        self.pages[page_id]["last_edited_time"] = "2099-01-01T00:00:00.000Z"

    def answer(self, method, path, body, headers):
        if headers.get("Authorization") != f"Bearer {self.token}":
            return 401, {"object": "error", "status": 401, "message": "API token is invalid."}
        if not headers.get("Notion-Version"):
            return 400, {"object": "error", "status": 400, "message": "Notion-Version header missing"}
        m = re.fullmatch(r"/v1/(pages|blocks)(?:/([0-9a-f-]+))?(/children)?", path)
        if not m:
            return 404, {"object": "error", "status": 404, "message": "no such endpoint"}
        kind, pid, children = m.groups()
        if kind == "pages" and method == "POST":
            if self.hold:
                self.arrived.set()
                self.released.wait(60)
            if len(body["children"]) > 100 or any(len(t["text"]["content"]) > 2000 for b in body["children"]
                                                  for t in b[b["type"]]["rich_text"]):
                return 400, {"object": "error", "status": 400, "message": "validation_error"}
            new = str(uuid.uuid4())
            self.pages[new] = {"object": "page", "id": new, "url": f"https://www.notion.so/{new.replace('-', '')}",
                               "last_edited_time": self._now(), "archived": False,
                               "parent": body["parent"], "title": body["properties"]["title"]["title"],
                               "blocks": list(body["children"])}
            return 200, self._public(new)
        page = self.pages.get(pid)
        if page is None:
            return 404, {"object": "error", "status": 404, "message": "Could not find page"}
        if kind == "blocks" and children and method == "PATCH":
            if len(body["children"]) > 100:
                return 400, {"object": "error", "status": 400, "message": "validation_error"}
            page["blocks"].extend(body["children"])
            page["last_edited_time"] = self._now()
            return 200, {"object": "list", "results": body["children"]}
        if kind == "pages" and method == "PATCH":
            page["archived"] = bool(body.get("archived"))
            return 200, self._public(pid)
        if kind == "pages" and method == "GET":
            return 200, self._public(pid)
        return 405, {"object": "error", "status": 405, "message": "method"}

    def _public(self, pid):
        return {k: v for k, v in self.pages[pid].items() if k != "blocks"}


def notion_setup(t, stand_in, destination="dest-notion", connect=True):
    """A notion destination under PARENT, connected with TOKEN, talking to the stand-in."""
    t.env_extra["TALKBAR_NOTION_API"] = stand_in.url
    t.ok("exports.destination.save", {"destinationId": destination, "name": "Wiki", "format": "notion",
                                      "location": f"https://www.notion.so/team/Meetings-{PARENT}", "enabled": True})
    if connect:
        r = t.run("exports", "notion", "connect", "--workspace", WS, "--destination", destination, input=TOKEN + "\n")
        assert r.code == 0, r
        assert TOKEN not in r.stdout + r.stderr
        return json.loads(r.stdout)
    return None


def _run(t, batch_id):
    r = t.run("exports", "run", "--workspace", WS, "--batch", batch_id, "--wait", "--timeout", "60")
    assert r.code == 0, r
    return json.loads(r.stdout)


def test_connect_stores_the_token_encrypted_with_a_private_key_file_and_never_prints_it(demo):
    with NotionStandIn() as stand_in:
        answer = notion_setup(demo, stand_in)
    assert answer == {"destinationId": "dest-notion", "connected": True, "credentialRef": "export::dest-notion"}
    key = demo.root / "keys" / "exports.key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert stat.S_IMODE(key.parent.stat().st_mode) == 0o700
    assert TOKEN.encode() not in demo.db.read_bytes()
    config = demo.ok("exports.config")
    assert [d["credentialRef"] for d in config["destinations"] if d["destinationId"] == "dest-notion"] == \
        ["export::dest-notion"]
    assert TOKEN not in json.dumps(config)


def test_connect_refuses_a_terminal_an_empty_token_and_a_destination_that_is_not_notion(demo):
    demo.ok("exports.destination.save", {"destinationId": "dest-md", "name": "Files", "format": "markdown",
                                         "location": "/tmp/talkbar-never-written", "enabled": True})
    controller, terminal = pty.openpty()
    try:
        proc = subprocess.run(cli_command() + ["exports", "notion", "connect", "--workspace", WS, "--destination",
                                               "dest-md"], stdin=terminal, capture_output=True, text=True,
                              env=demo.env(), cwd=str(REPO), timeout=60)
    finally:
        os.close(controller)
        os.close(terminal)
    assert proc.returncode == 1 and "standard input only" in proc.stderr
    empty = demo.run("exports", "notion", "connect", "--workspace", WS, "--destination", "dest-md", input="\n")
    assert empty.code == 1 and "No Notion token" in empty.stderr
    wrong = demo.run("--output", "json", "exports", "notion", "connect", "--workspace", WS, "--destination", "dest-md",
                     input=TOKEN)
    assert wrong.code == 1 and json.loads(wrong.stdout)["error"]["code"] == "failed"
    unknown = demo.run("--output", "json", "exports", "notion", "connect", "--workspace", WS, "--destination",
                       "dest-nope", input=TOKEN)
    assert json.loads(unknown.stdout)["error"]["code"] == "not_found"
    assert TOKEN not in wrong.stdout + wrong.stderr + unknown.stdout + unknown.stderr


def test_a_session_becomes_a_page_made_through_the_api_with_the_stored_token(demo):
    with NotionStandIn() as stand_in:
        notion_setup(demo, stand_in)
        batch = demo.ok("exports.enqueue", {"sessionIds": [S1], "destinationIds": ["dest-notion"],
                                            "selection": {"notes": True, "outcomes": True, "markers": True}})
        done = _run(demo, batch["batchId"])
        [delivery] = done["deliveries"]
        assert delivery["status"] == "exported", delivery
        [page] = stand_in.pages.values()
    assert all(r["auth"] == f"Bearer {TOKEN}" and r["version"] == "2022-06-28" for r in stand_in.requests)
    create = [r for r in stand_in.requests if r["method"] == "POST"]
    assert len(create) == 1 and create[0]["path"] == "/v1/pages"
    assert create[0]["body"]["parent"] == {"page_id": "01234567-89ab-cdef-0123-456789abcdef"}
    assert page["title"][0]["text"]["content"] == "Pricing review with Acme Logistics"
    assert delivery["location"] == page["url"]
    kinds = [b["type"] for b in page["blocks"]]
    headings = [b["heading_2"]["rich_text"][0]["text"]["content"] for b in page["blocks"] if b["type"] == "heading_2"]
    assert headings == ["Summary", "Action items", "Notes", "Bookmarks", "Transcript"]
    assert kinds.count("to_do") >= 2 and len(page["blocks"]) > 100  # the transcript needed appends
    appends = [r for r in stand_in.requests if r["path"].endswith("/children")]
    assert appends and all(len(r["body"]["children"]) <= 100 for r in appends)


def test_reexport_replaces_an_unchanged_page_and_an_edited_page_is_a_conflict(demo):
    with NotionStandIn() as stand_in:
        notion_setup(demo, stand_in)
        first = _run(demo, demo.ok("exports.enqueue", {"sessionIds": [S2], "destinationIds": ["dest-notion"]})["batchId"])
        second = _run(demo, demo.ok("exports.enqueue", {"sessionIds": [S2], "destinationIds": ["dest-notion"]})["batchId"])
        assert second["deliveries"][0]["status"] == "exported"
        old, new = stand_in.pages.values()
        assert old["archived"] and not new["archived"]
        assert first["deliveries"][0]["location"] == old["url"]
        stand_in.edit(new["id"])
        third = _run(demo, demo.ok("exports.enqueue", {"sessionIds": [S2], "destinationIds": ["dest-notion"]})["batchId"])
        [d] = third["deliveries"]
        assert d["status"] == "needsAttention" and d["conflict"]["target"] == new["id"]
        resolved = demo.ok("exports.resolve", {"deliveryId": d["deliveryId"], "action": "saveCopy"})
        assert resolved["deliveries"][0]["status"] == "exported"
        assert not new["archived"] and len(stand_in.pages) == 3  # the edited page stays, a copy beside it


def test_a_destination_without_a_connection_or_with_a_wrong_token_needs_attention(demo):
    with NotionStandIn(token="another-token") as stand_in:
        notion_setup(demo, stand_in, "dest-bare", connect=False)
        notion_setup(demo, stand_in, "dest-wrong")
        batch = demo.ok("exports.enqueue", {"sessionIds": [S2], "destinationIds": ["dest-bare", "dest-wrong"]})
        bare, wrong = _run(demo, batch["batchId"])["deliveries"]
    assert bare["status"] == "needsAttention" and "not connected" in bare["error"]
    assert wrong["status"] == "needsAttention" and "Notion answered 401" in wrong["error"]
    assert TOKEN not in json.dumps([bare, wrong])


@pytest.mark.parametrize("ref", [None, "export::dest-notion"])
def test_saving_without_credential_ref_disconnects(demo, ref):
    with NotionStandIn() as stand_in:
        notion_setup(demo, stand_in)
        args = {"destinationId": "dest-notion", "name": "Wiki", "format": "notion", "location": PARENT,
                "enabled": True}
        if ref:
            args["credentialRef"] = ref
        saved = demo.ok("exports.destination.save", args)
        assert saved["credentialRef"] == ref
        again = demo.call("exports.destination.save", {**args, "credentialRef": "export::dest-notion"})
    assert again[0] == (0 if ref else 1)


def test_preview_names_the_parent_page_and_delete_forgets_the_connection(demo):
    import duckdb
    with NotionStandIn() as stand_in:
        notion_setup(demo, stand_in)
        preview = demo.ok("exports.preview", {"sessionIds": [S2], "destinationIds": ["dest-notion"]})
        assert preview["outputs"] == [{"sessionId": S2, "destinationId": "dest-notion",
                                       "location": f"https://www.notion.so/team/Meetings-{PARENT}", "files": [],
                                       "archiveEntries": []}]
        assert stand_in.requests == [], "a preview sends nothing"
        assert demo.ok("exports.destination.delete", {"destinationId": "dest-notion"}) == {
            "deleted": True, "switchedOffRules": []}
    con = duckdb.connect(str(demo.db))
    try:
        assert con.execute("SELECT count(*) FROM export_credentials").fetchone() == (0,)
    finally:
        con.close()


def test_an_error_answer_is_closed_once_read(monkeypatch):
    """Not left to the collector (Python 3.12 on warns of it): a worker that meets many 429s would
    hold their sockets until then."""
    import urllib.error
    import urllib.request
    from talkbar.exports.notion import Client, NotionError
    answers, real = [], urllib.request.urlopen

    def urlopen(*args, **kwargs):
        try:
            return real(*args, **kwargs)
        except urllib.error.HTTPError as exc:
            answers.append(exc)
            raise

    monkeypatch.setattr(urllib.request, "urlopen", urlopen)
    with NotionStandIn() as stand_in:
        client = Client("secret_wrong", base=stand_in.url)
        said = _error_of(lambda: client._send("GET", "/v1/pages/x", None), NotionError)
    assert said == "Notion answered 401 to GET /v1/pages/x: API token is invalid."
    assert [a.code for a in answers] == [401] and answers[0].fp.closed


def _error_of(call, kind):
    try:
        call()
    except kind as exc:
        return str(exc)
    raise AssertionError("no error")
