"""The three faces of one search: talkbar_find over MCP (the official SDK client against the real
server), `talkbar-cli search` (table and JSON) and the operation workspace.search."""

import asyncio
import json
import sys

from conftest import REPO, base_env


def _find_over_mcp(root, calls):
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    async def go():
        params = StdioServerParameters(command=sys.executable, args=["-m", "talkbar", "serve"],
                                       env=base_env(root), cwd=str(REPO))
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                listed = await session.list_tools()
                out = []
                for args in calls:
                    result = await session.call_tool("talkbar_find", args)
                    out.append((result.is_error, json.loads(result.content[0].text)))
                return [t.name for t in listed.tools], out
    return asyncio.run(go())


def test_talkbar_find_is_workspace_search_with_match_any(demo):
    assert demo.run("app", "access", "mcp", "on").code == 0
    tools, found = _find_over_mcp(demo.root, [{"query": "what did Dana say about the discount", "limit": 5},
                                              {"query": "Dana discount", "match": "all", "kinds": ["session"]},
                                              {"query": ""}, {"query": "x", "mode": "any"}])
    assert "talkbar_find" in tools
    (e1, nl), (e2, both), (e3, empty), (e4, unknown) = found
    assert not e1 and not e2
    code, same = demo.call("workspace.search", {"query": "what did Dana say about the discount", "limit": 5})
    assert code == 0 and nl == same                        # match defaults to any, as in the operation
    code, cli = demo.call("workspace.search", {"query": "Dana discount", "match": "all", "kinds": ["session"]})
    assert both == cli and all(m["kind"] == "session" for m in both["matches"])
    assert e3 and empty["error"]["code"] == "invalid_arguments"
    assert e4 and unknown["error"]["code"] == "invalid_arguments" and "mode" in unknown["error"]["message"]


def test_cli_search_json_is_what_talkbar_find_returns(demo):
    r = demo.run("search", "Dana", "discount", "--match", "any", "--limit", "7", "--output", "json")
    assert r.code == 0, r
    code, op = demo.call("workspace.search", {"query": "Dana discount", "match": "any", "limit": 7})
    assert r.json == op
    # the CLI's default is all words, like the app's search box
    r_all = demo.run("--output", "json", "search", "Dana", "discount")
    code, op_all = demo.call("workspace.search", {"query": "Dana discount", "match": "all"})
    assert r_all.json == op_all and len(op_all["matches"]) < len(op["matches"])


def test_cli_search_table_groups_by_kind(demo):
    r = demo.run("search", "Acme", "pricing", "--kinds", "session,note", "--limit", "6")
    assert r.code == 0, r
    lines = r.stdout.splitlines()
    headers = [line for line in lines if line.startswith(("Sessions (", "Notes ("))]
    assert len(headers) == 2
    assert any("/sessions/" in line for line in lines) and any("/notes/" in line for line in lines)
    assert "Title" in r.stdout and "Snippet" in r.stdout and "Link" in r.stdout
    none = demo.run("search", "zzqqxx")
    assert none.code == 0 and none.stdout.strip() == "No matches."


def test_cli_search_refusals(demo):
    bad_kind = demo.run("search", "Acme", "--kinds", "sessions")
    assert bad_kind.code == 1 and bad_kind.stderr.startswith("Error:") and "kinds" in bad_kind.stderr
    bad_limit = demo.run("--output", "json", "search", "Acme", "--limit", "0")
    assert bad_limit.code == 1 and bad_limit.json["error"]["code"] == "invalid_arguments"
    bad_ws = demo.run("search", "Acme", "--workspace", "workspace-nope")
    assert bad_ws.code == 1 and "Workspace not found" in bad_ws.stderr
    personal = demo.run("--output", "json", "search", "kitchen", "--workspace", "workspace-3ene8u6o86hf8jnw",
                        "--project", "project-ltyxz4kr9upu2f0byk80wggo")
    assert personal.code == 0 and personal.json["matches"]
    assert demo.run("search").code == 2
