"""A company's website is free text, but never a javascript:, vbscript: or data: link, however written.

Every value goes through the real CLI in one batch: organizations.create for each, then
organizations.update of an existing company, then a listing that shows nothing hostile was stored.
"""

import shutil

import pytest

from conftest import TB

HOSTILE = [
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "  javascript:alert(1)",
    "\tjavascript:alert(1)",
    "\n javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "java\r\nscript:alert(1)",
    "\u00a0javascript:alert(1)",            # no-break space in front
    "\u3000JAVASCRIPT:alert(1)",             # ideographic space in front
    "java\u200bscript:alert(1)",            # zero-width space inside
    "vbscript:msgbox(1)",
    "VBScript:MsgBox(1)",
    " vbscript :msgbox(1)",
    "data:text/html,<script>alert(1)</script>",
    "DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "  data:image/svg+xml,<svg onload=alert(1)>",
    "%6A%61%76%61%73%63%72%69%70%74:alert(1)",  # percent-encoded scheme
    "javascript%3Aalert(1)",                  # percent-encoded colon
    "%256A%2561vascript:alert(1)",            # encoded twice
    "&#106;avascript:alert(1)",               # HTML character references
    "&#x6A;&#x61;&#x76;ascript:alert(1)",
    "javascript&colon;alert(1)",
    "jav&#x09;ascript:alert(1)",              # an encoded tab inside
    "d%61ta:text/html,x",
]

ORDINARY = [
    "",
    "northwind.example",
    "https://northwind.example/about",
    "http://data.example.com",
    "datadog.com",
    "javascript.info",
    "www.vbscript-tutorial.example",
    "meetup.example/london-analytics",
    "https://example.com/?next=javascript:void(0)",
    "mailto:info@northwind.example",
    "Northwind Health — see LinkedIn",
]

ACME = "org-z1lr8n4ujayyqpgujzps"


def test_enough_values():
    assert len(HOSTILE) >= 15 and len(ORDINARY) >= 5


def _calls(values, tool, extra):
    return [{"tool": tool, "args": {**extra(i), "website": v}} for i, v in enumerate(values)]


@pytest.fixture(scope="module")
def answers(tmp_path_factory, demo_template):
    root = tmp_path_factory.mktemp("websites") / "root"
    shutil.copytree(demo_template, root)
    t = TB(root)
    calls = (_calls(HOSTILE, "organizations.create", lambda i: {"name": f"Hostile {i}"})
             + _calls(HOSTILE, "organizations.update", lambda i: {"organizationId": ACME})
             + _calls(ORDINARY, "organizations.create", lambda i: {"name": f"Ordinary {i}"})
             + [{"tool": "organizations.list", "args": {"limit": 500}},
                {"tool": "organizations.get", "args": {"organizationId": ACME}}])
    code, out = t.batch(calls)
    assert out is not None and len(out) == len(calls), out
    n = len(HOSTILE)
    return {"create": out[:n], "update": out[n:2 * n], "ordinary": out[2 * n:2 * n + len(ORDINARY)],
            "listing": out[-2]["result"]["organizations"], "acme": out[-1]["result"]}


@pytest.mark.parametrize("i", range(len(HOSTILE)), ids=[repr(v)[1:-1][:40] for v in HOSTILE])
def test_hostile_website_refused(answers, i):
    for step in ("create", "update"):
        entry = answers[step][i]
        assert entry["ok"] is False, (step, HOSTILE[i], entry)
        assert entry["error"]["code"] == "invalid_arguments"
        assert entry["error"]["message"].startswith("website must not be a javascript:, vbscript: or data: link")


def test_refused_values_changed_nothing(answers):
    assert not [o for o in answers["listing"] if o["name"].startswith("Hostile")]
    assert answers["acme"]["website"] == "acme-logistics.example"


@pytest.mark.parametrize("i", range(len(ORDINARY)), ids=[v[:40] or "empty" for v in ORDINARY])
def test_ordinary_website_kept_as_typed(answers, i):
    entry = answers["ordinary"][i]
    assert entry["ok"] is True, (ORDINARY[i], entry)
    assert entry["result"]["website"] == ORDINARY[i].strip()
