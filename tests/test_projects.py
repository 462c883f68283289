"""projects.* in sequences: the plan's project limit (Free and Business wording), counts, and a
project in the Trash being gone for reads and as a place to move things to."""

import json

import pytest


# These tests are about what the operations do, not the process around them: tb and demo run
# their tools/app commands in this process (conftest.InProcessCLI).
pytestmark = pytest.mark.commands_in_process


OLD_MILL = "project-qusgizdvowwyslhil64rdjl5"   # in the Trash in the demo
HELIOS = "project-06awq7f3mspi0k54vh5vte6l"


def _fixture(plan, projects):
    return {"format": "talkbar-fixture/1", "license": {"plan": plan},
            "workspaces": [{"workspaceId": "workspace-plan", "name": "Plan", "active": True,
                            "projects": [{"projectId": f"project-{i:03d}", "name": f"P{i}"} for i in range(projects)]}]}


def test_business_refuses_the_501st_project_with_its_own_wording(tb):
    assert tb.import_fixture(_fixture("business", 500)).code == 0
    code, out = tb.call("projects.create", {"name": "One more"})
    assert code == 1
    assert out["error"] == {
        "code": "plan_limit", "limit": "projects", "max": 500, "used": 500, "plan": "business",
        "message": "Project limit reached (500 of 500 on Business): your plan includes 500 projects, and this "
                   "workspace already has 500. Move a project to Trash, then try again."}
    tb.ok("projects.trash", {"projectId": "project-000"})
    assert tb.ok("projects.create", {"name": "One more"})["name"] == "One more"
    code, out = tb.call("projects.restore", {"projectId": "project-000"})
    assert code == 1 and out["error"]["code"] == "plan_limit", "restoring counts too"
    assert tb.ok("projects.trash.list")["projects"][0]["projectId"] == "project-000", "the refused restore wrote nothing"


def test_pro_counts_only_projects_of_the_workspace_not_in_the_trash(tb):
    assert tb.import_fixture(_fixture("pro", 25)).code == 0
    code, out = tb.call("projects.create", {"name": "26th"})
    assert out["error"]["message"].startswith("Project limit reached (25 of 25 on Pro): your plan includes 25 projects")
    assert out["error"]["message"].endswith("then try again; plan.get lists the plans above Pro.")
    tb.ok("projects.trash", {"projectId": "project-024"})
    tb.ok("projects.create", {"name": "26th"})


def test_counts_follow_what_is_created_and_trashed(demo):
    def row():
        return [p for p in demo.ok("projects.list")["items"] if p["projectId"] == HELIOS][0]
    before = row()
    note = demo.ok("notes.create", {"title": "Helios", "projectId": HELIOS})
    demo.ok("documents.update", {"documentId": "document-toftmboyaq1ljdj8ccm0", "projectId": HELIOS})
    mid = row()
    assert (mid["noteCount"], mid["documentCount"]) == (before["noteCount"] + 1, before["documentCount"] + 1)
    demo.ok("notes.trash", {"noteId": note["noteId"]})
    assert row()["noteCount"] == before["noteCount"]
    got = demo.ok("projects.get", {"projectId": HELIOS})
    assert {k: got[k] for k in before} == {**before, "documentCount": before["documentCount"] + 1}
    assert [s["startedAtMs"] for s in got["sessions"]] == sorted((s["startedAtMs"] for s in got["sessions"]), reverse=True)


@pytest.mark.parametrize("call", [
    {"tool": "projects.get", "args": {"projectId": OLD_MILL}},
    {"tool": "projects.update", "args": {"projectId": OLD_MILL, "name": "x"}},
    {"tool": "projects.pin", "args": {"projectId": OLD_MILL, "pinned": True}},
    {"tool": "notes.create", "args": {"projectId": OLD_MILL}},
    {"tool": "notes.move", "args": {"noteId": "note-2120jlpa0h9plrss16ivxrm1", "projectId": OLD_MILL}},
    {"tool": "notes.list", "args": {"projectId": OLD_MILL}},
    {"tool": "action_items.create", "args": {"title": "x", "projectId": OLD_MILL}},
    {"tool": "action_items.list", "args": {"projectId": OLD_MILL}},
    {"tool": "chats.update", "args": {"chatId": "chat-2d0in9lkhxapiix3nnwhu22x", "projectId": OLD_MILL}},
    {"tool": "chats.list", "args": {"projectId": OLD_MILL}},
    {"tool": "documents.update", "args": {"documentId": "document-toftmboyaq1ljdj8ccm0", "projectId": OLD_MILL}},
    {"tool": "documents.list", "args": {"projectId": OLD_MILL}},
], ids=lambda c: c["tool"])
def test_a_project_in_the_trash_is_not_found_for_reads_and_moves(demo, call):
    code, out = demo.batch([call, {"tool": "projects.trash.list"}])
    assert out[0]["error"] == {"code": "not_found", "message": f"Project {OLD_MILL} is in the Trash; restore it first"}
    assert out[1]["result"]["projects"][0]["projectId"] == OLD_MILL


def test_update_changes_only_what_is_given_and_null_clears(demo):
    code, out = demo.batch([
        {"tool": "projects.update", "args": {"projectId": HELIOS, "description": None}},
        {"tool": "projects.update", "args": {"projectId": HELIOS, "name": "  Helios  "}},
        {"tool": "projects.list"},
    ])
    assert code == 0, out
    row = [p for p in out[2]["result"]["items"] if p["projectId"] == HELIOS][0]
    assert (row["name"], row["description"]) == ("Helios", None)
    assert out[1]["result"]["kind"] == "sales" and out[1]["result"]["updatedAt"] > out[0]["result"]["updatedAt"]
    exported = json.loads(demo.run("app", "export").stdout)
    helios = [p for w in exported["workspaces"] for p in w["projects"] if p["projectId"] == HELIOS][0]
    assert helios["color"] == "lime", "colour untouched"


def test_the_list_with_its_counts_is_one_query(demo):
    r = demo.run("-v", "--output", "json", "tools", "call", "projects.list")
    assert r.code == 0, r
    queries = [json.loads(line)["name"] for line in r.stderr.splitlines() if '"event": "sql"' in line]
    assert [q for q in queries if q.startswith("projects.")] == ["projects.list"]
