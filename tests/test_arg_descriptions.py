"""Every argument an assistant fills carries a one-line description (ops.toml), and both faces show it:
`tools info` (CLI) and talkbar_tools (MCP)."""

import json

from mcp_sdk import payload, run, session
from talkbar.manifest import DESCRIPTION_MAX, WORKSPACE_ID, check_rows, load, undescribed

SYNTHETIC = '''
[shape.thing]
type = "object"
description = "A thing."
[shape.thing.properties]
inner = { type = "string" }

[[op]]
id = "a.b"
kind = "read"
tool = "talkbar_read"
default = "on"
group = "content"
category = "x"
title = "t"
summary = "s"
[op.args]
plain = { type = "integer" }
empty = { type = "string", description = " " }
twolines = { type = "string", description = "one\\ntwo" }
long = { type = "string", description = "%s" }
thing = { shape = "thing" }
again = { shape = "thing", description = "A thing." }
list = { type = "array", description = "L.", items = { type = "object", properties = { x = { type = "string" } } } }
either = { type = "array", description = "E.", items = { anyOf = [{ type = "string" }, { type = "object", properties = { y = { type = "string" } } }] } }
fine = { type = "string", description = "Fine." }
[op.args.timing]
type = "object"
description = "T."
allOf = [{ if = { properties = { k = { const = "x" } } }, then = { required = ["k"] } }]
[op.args.timing.properties]
k = { type = "string", description = "K." }
''' % ("x" * (DESCRIPTION_MAX + 1))


def test_every_argument_property_has_a_one_line_description():
    problems = [p for op in load() for p in undescribed(op)]
    assert problems == [], "\n".join(problems)


def test_the_walk_names_the_operation_and_the_property_path(tmp_path):
    path = tmp_path / "ops.toml"
    path.write_text(SYNTHETIC)
    (op,) = list(load(path))
    assert op.schema["properties"]["workspaceId"]["description"] == WORKSPACE_ID["description"]
    assert undescribed(op) == [
        "a.b: plain: no description",
        "a.b: empty: no description",
        "a.b: twolines: description is more than one line",
        f"a.b: long: description is {DESCRIPTION_MAX + 1} characters (at most {DESCRIPTION_MAX})",
        "a.b: thing.inner: no description",
        "a.b: again.inner: no description",
        "a.b: list[].x: no description",
        "a.b: either[].y: no description",
    ]
    assert check_rows(path) == ["a.b: args/again: repeats the description of shape 'thing'; leave it out"]


def test_shared_shapes_carry_their_descriptions_once():
    ops = {op.id: op for op in load()}
    for op_id in ("projects.create", "projects.update"):
        assert ops[op_id].schema["properties"]["kind"]["description"] == "The project's kind."
    setup = ops["calendar.schedule"].schema["properties"]["preparedSetup"]
    assert setup["properties"]["summaryModel"]["properties"]["providerId"]["description"]
    assert ops["calendar.prepare"].schema["properties"]["preparedSetup"]["description"].startswith("Replaces")
    assert ops["calendar.prepare"].schema["properties"]["preparedSetup"]["properties"] == setup["properties"]


def test_tools_info_lists_each_argument_with_its_description(tb):
    op = {o.id: o for o in load()}["sessions.list"]
    r = tb.run("tools", "info", "sessions.list")
    assert r.code == 0, r
    listed = r.stdout.split("\nArguments:\n", 1)[1].split("\n\nArguments (JSON Schema):\n", 1)[0].splitlines()
    assert len(listed) == len(op.schema["properties"])
    for line, (name, schema) in zip(listed, op.schema["properties"].items()):
        assert line.lstrip().startswith(f"{name} (") and line.endswith(schema["description"]), line
    assert any(line.lstrip().startswith("cursor (string)") and "nextCursor of the previous page" in line
               for line in listed)
    schema = json.loads(r.stdout.split("\nArguments (JSON Schema):\n", 1)[1])
    assert schema == op.schema

    r = tb.run("--output", "json", "tools", "info", "calendar.schedule")
    assert r.code == 0, r
    args = json.loads(r.stdout)["args"]
    assert args == {o.id: o for o in load()}["calendar.schedule"].schema
    participant = args["properties"]["preparedSetup"]["properties"]["participants"]["items"]["properties"]
    assert participant["contactId"]["description"] == "From contacts.list; null if not a contact."


def test_talkbar_tools_returns_the_described_schema(tb):
    assert tb.run("app", "access", "mcp", "on").code == 0
    ops = {o.id: o for o in load()}

    async def go():
        async with session(tb) as s:
            tools = (await s.list_tools()).tools
            return tools, [payload(await s.call_tool("talkbar_tools", {"tool": t}))
                           for t in ("sessions.transcript", "exports.rule.save")]
    tools, described = run(go)
    for (body, is_error), op_id in zip(described, ("sessions.transcript", "exports.rule.save")):
        assert not is_error and body["args"] == ops[op_id].schema
    transcript = described[0][0]["args"]["properties"]
    assert "nextTurnOffset of the previous page" in transcript["turnOffset"]["description"]
    assert "characters" in transcript["maxChars"]["description"]
    timing = described[1][0]["args"]["properties"]["timing"]["properties"]
    assert timing["delayMs"]["description"].startswith("With delay:")
    # the five tools stay as small as they were: operation arguments are described only here
    listed = json.dumps([t.input_schema for t in tools])
    assert "nextTurnOffset" not in listed and WORKSPACE_ID["description"] not in listed
