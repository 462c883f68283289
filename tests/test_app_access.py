"""`app access …`: the MCP Access page's settings, spelled as app-commands.md."""

import csv
import json
from pathlib import Path

TSV = Path(__file__).parent / "spec" / "operations.tsv"


def _show(tb):
    r = tb.run("--output", "json", "app", "access", "show")
    assert r.code == 0, r
    return json.loads(r.stdout)


def _enabled(view):
    return {o["id"]: o["enabled"] for o in view["operations"]}


def test_defaults_master_off_and_operation_defaults_from_the_spec(tb):
    view = _show(tb)
    assert view["mcpEnabled"] is False and view["deletesWithoutConfirmation"] is False and view["auditLog"] is False
    with open(TSV, newline="") as f:
        spec = {r["operation"]: r["mcp_default"] == "on" for r in csv.DictReader(f, delimiter="\t")}
    for op, on in _enabled(view).items():
        assert on == spec[op], op


def test_set_row_all_and_reset(tb):
    assert tb.run("app", "access", "set", "workspace.rename", "profile.update", "on").code == 0
    assert _enabled(_show(tb))["profile.update"] is True
    assert tb.run("app", "access", "row", "workspace", "read", "off").code == 0
    view = _show(tb)
    on = _enabled(view)
    assert not on["workspace.list"] and not on["workspace.stats"] and not on["plan.get"]
    assert on["profile.get"], "profile is its own row"
    row = {r["row"]: r for r in view["rows"]}["workspace"]
    assert row["read"] == "0/4" and row["change"] == "1/1"
    assert tb.run("app", "access", "all", "off").code == 0
    assert not any(_enabled(_show(tb)).values())
    assert tb.run("app", "access", "all", "on").code == 0
    assert all(_enabled(_show(tb)).values())
    assert tb.run("app", "access", "reset").code == 0
    on = _enabled(_show(tb))
    assert on["workspace.list"] and not on["workspace.rename"]


def test_settings_switches(tb):
    for argv, key in ((("mcp", "on"), "mcpEnabled"), (("deletes-without-confirmation", "on"), "deletesWithoutConfirmation"),
                      (("audit", "on"), "auditLog")):
        assert tb.run("app", "access", *argv).code == 0
        assert _show(tb)[key] is True
    assert tb.run("app", "access", "mcp", "off").code == 0
    assert _show(tb)["mcpEnabled"] is False


def test_bad_spellings(tb):
    assert tb.run("app", "access", "set", "workspace.lst", "on").code == 1
    assert tb.run("app", "access", "set", "workspace.list", "maybe").code == 2
    assert tb.run("app", "access", "row", "nowhere", "read", "on").code == 2
    assert tb.run("app", "access", "mcp", "yes").code == 2


def test_the_table_view(tb):
    r = tb.run("app", "access", "show")
    assert r.code == 0 and r.stdout.startswith("MCP: off")
    assert "workspace.rename" in r.stdout


def test_blocked_operations_show_blocked_and_count_nowhere(tb, tmp_path):
    policy = tmp_path / "policy.json"
    policy.write_text(json.dumps({"blockedGroups": ["contentChanges"]}))
    tb.env_extra["TALKBAR_POLICY_FILE"] = str(policy)
    view = _show(tb)
    blocked = {o["id"] for o in view["operations"] if o["blocked"]}
    assert {"workspace.rename", "profile.update"} <= blocked
    row = {r["row"]: r for r in view["rows"]}["workspace"]
    assert row["change"] == "0/0"
    assert view["managed"] is True


def test_workspace_open_and_license(demo, demo_doc):
    other = demo_doc["workspaces"][1]["workspaceId"]
    assert demo.run("app", "workspace", "open", other).code == 0
    listed = demo.ok("workspace.list")["workspaces"]
    assert [w["workspaceId"] for w in listed if w["active"]] == [other]
    assert demo.ok("profile.get")["workspaceId"] == other
    r = demo.run("--output", "json", "app", "workspace", "open", "ws-nope")
    assert r.code == 1 and json.loads(r.stdout)["error"]["code"] == "not_found"
    r = demo.run("--output", "json", "app", "license", "activate", "business")
    assert r.code == 0 and json.loads(r.stdout)["plan"]["id"] == "business"
    plan = demo.ok("plan.get")
    assert plan["plan"]["id"] == "business" and plan["upgrades"] == [] and plan["upgradeUrl"] is None
    assert demo.run("app", "license", "activate", "platinum").code == 2
    r = demo.run("app", "license", "show")
    assert r.code == 0 and "Business" in r.stdout
