"""The notion format: pages created through Notion's public REST API with the stored token.

A session becomes one page under the destination's parent page: created with its first 100
blocks, the rest appended 100 at a time (Notion's limits), checking between requests whether the
delivery was cancelled. TalkBar records the page id and its last_edited_time; re-exporting first
reads the page: unchanged since TalkBar wrote it, the old page is archived and a new one made;
edited in Notion since, it is a conflict; gone (deleted or archived), a new page is made.

Notion rate-limits (about three requests a second): a 429 (or 529, overloaded) answer is waited
out as Notion documents, for the Retry-After header's whole seconds (else 1, 2, 4, ... s), and the
request sent again, up to RETRIES times and never for more than MAX_WAIT_S at once; then the
delivery needs attention with Notion's word for it.

TALKBAR_NOTION_API overrides the API's address (tests point it at a stand-in on 127.0.0.1).
"""

import json
import os
import re
import time

from talkbar.exports import notion_blocks
from talkbar.exports.outcome import attention, conflicted, settle

VERSION = "2022-06-28"
BATCH = 100
TIMEOUT_S = 30
RETRIES = 5              # sends of one request after a rate-limit answer
MAX_WAIT_S = 120         # a longer Retry-After is not waited out: the delivery needs attention
_RATE_LIMITED = (429, 529)
_PAGE_ID = re.compile(r"([0-9a-fA-F]{32})(?:[?#].*)?$|([0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12})")


class NotionError(Exception):
    def __init__(self, message, status=None):
        super().__init__(message)
        self.status = status
        self.retry_after = None   # seconds, from a rate-limit answer's Retry-After


def _seconds(header):
    """Retry-After as Notion sends it: a whole number of seconds (None if absent or not a number)."""
    try:
        value = int((header or "").strip())
    except ValueError:
        return None
    return value if value >= 0 else None


def page_id(location):
    """The page id in a page id or URL (32 hex digits, with or without dashes), dashed; else None."""
    m = _PAGE_ID.search((location or "").strip())
    if not m:
        return None
    raw = (m.group(1) or m.group(2)).replace("-", "").lower()
    return f"{raw[:8]}-{raw[8:12]}-{raw[12:16]}-{raw[16:20]}-{raw[20:]}"


class Client:
    def __init__(self, token, base=None):
        self.token = token
        self.base = (base or os.environ.get("TALKBAR_NOTION_API") or "https://api.notion.com").rstrip("/")
        self.cancelled = lambda: False   # a wait for Notion ends early when the delivery is cancelled

    def request(self, method, path, body=None):
        """Notion's answer as JSON; a rate-limit answer is waited out and the request sent again."""
        for attempt in range(RETRIES + 1):
            try:
                return self._send(method, path, body)
            except NotionError as exc:
                if exc.status not in _RATE_LIMITED or attempt == RETRIES:
                    raise
                wait = exc.retry_after if exc.retry_after is not None else 2 ** attempt
                if wait > MAX_WAIT_S:
                    raise
                self._pause(wait)

    def _pause(self, seconds):
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            if self.cancelled():
                raise NotionError("The export was cancelled while Notion asked TalkBar to wait")
            time.sleep(min(left, 0.2))

    def _send(self, method, path, body):
        import urllib.error, urllib.request  # noqa: E401 - only a delivery talks to Notion (http.client costs ~6 ms)
        data = json.dumps(body).encode("utf-8") if body is not None else None
        req = urllib.request.Request(self.base + path, data=data, method=method, headers={
            "Authorization": f"Bearer {self.token}", "Notion-Version": VERSION,
            "Content-Type": "application/json", "Accept": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=TIMEOUT_S) as resp:
                return json.loads(resp.read() or b"{}")
        except urllib.error.HTTPError as exc:
            with exc:    # its response, read for the message, then closed (not left to the collector)
                err = NotionError(f"Notion answered {exc.code} to {method} {path}: {_message(exc)}", exc.code)
                err.retry_after = _seconds(exc.headers.get("Retry-After") if exc.headers else None)
            raise err from None
        except (urllib.error.URLError, OSError, ValueError) as exc:
            reason = getattr(exc, "reason", exc)
            raise NotionError(f"TalkBar could not reach Notion ({self.base}): {reason}") from None

    def page(self, pid):
        """The page, or None when it no longer exists (or is archived / in the trash)."""
        try:
            page = self.request("GET", f"/v1/pages/{pid}")
        except NotionError as exc:
            if exc.status == 404:
                return None
            raise
        return None if page.get("archived") or page.get("in_trash") else page

    def create(self, parent, title, children):
        return self.request("POST", "/v1/pages", {
            "parent": {"page_id": parent},
            "properties": {"title": {"title": notion_blocks.rich(title)}},
            "children": children})

    def append(self, pid, children):
        return self.request("PATCH", f"/v1/blocks/{pid}/children", {"children": children})

    def archive(self, pid):
        return self.request("PATCH", f"/v1/pages/{pid}", {"archived": True})


def _message(exc):
    try:
        return json.loads(exc.read() or b"{}").get("message") or exc.reason
    except (ValueError, OSError):
        return exc.reason


def deliver(client, location, doc, claim, now_ms, resolution=None, cancelled=lambda: False, errors=()):
    """One session as one page. `claim` is {target, contentHash} of the page TalkBar made last time."""
    parent = page_id(location)
    if parent is None:
        return attention(f"{location} is not a Notion page id or URL.")
    client.cancelled = cancelled
    released = []
    try:
        if resolution is not None:
            released.append(resolution.target)
            if resolution.action == "replace" and client.page(resolution.target) is not None:
                client.archive(resolution.target)
        elif claim is not None:
            page = client.page(claim["target"])
            if page is not None and page.get("last_edited_time") != claim["contentHash"]:
                return conflicted(claim["target"], now_ms, "Notion page")
            if page is not None:
                client.archive(claim["target"])
            released.append(claim["target"])
        return _create(client, parent, doc, cancelled, list(errors), released)
    except NotionError as exc:
        return attention(str(exc), released=released)


def _create(client, parent, doc, cancelled, problems, released):
    children = notion_blocks.blocks(doc)
    page = client.create(parent, doc["title"], children[:BATCH])
    pid, url = page["id"], page.get("url") or page["id"]
    try:
        for i in range(BATCH, len(children), BATCH):
            if cancelled():
                problems.append("The export was cancelled before the page was complete")
                break
            client.append(pid, children[i:i + BATCH])
        edited = client.request("GET", f"/v1/pages/{pid}").get("last_edited_time", "")
    except NotionError as exc:
        problems.append(str(exc))
        edited = page.get("last_edited_time", "")
    return settle(url, [(pid, edited)], problems, released)
