"""`talkbar-cli tools list|info|call|batch`: the operations from the terminal.

The CLI runs what the user typed, as the user: it ignores the MCP Access switches, but obeys the
administrator's policy (blocked groups vanish and answer `failed`) and the plan's limits.
"""

import json

import click

from talkbar import policy, untrusted
from talkbar.cli import output
from talkbar.cli.completion import operation_ids
from talkbar.cli.state import G, open_db
from talkbar.errors import OpError


def _engine():
    from talkbar.engine import CLI, Engine
    return Engine(open_db(), CLI)


def _manifest():
    from talkbar.manifest import manifest
    return manifest()


def _visible_ops():
    current = policy.current()
    return [op for op in _manifest() if not current.blocks(op)]


def read_text(source):
    """Read --args/--file input: '-' is standard input; UTF-8, -16 or -32, as JSON tells them (untrusted.decode)."""
    binary = output.open_input(source)
    try:
        data = binary.read()
    except OSError as exc:
        output.cannot_read(source, exc)
    finally:
        if source != "-":
            binary.close()
    try:
        text = untrusted.decode(data)
    except UnicodeDecodeError:
        output.fail({"error": {"code": "invalid_arguments", "message": "Input is not UTF-8 text."}})
    return text


def _parse_json(text, what):
    try:
        return untrusted.parse(text)
    except ValueError as exc:
        output.fail({"error": {"code": "invalid_arguments", "message": f"Invalid JSON {what}: {exc}"}})


@click.group()
def tools():
    """List, describe and run TalkBar operations."""


@tools.command("list")
@click.option("--compact", is_flag=True, help="One line per operation: id, kind, summary (tab-separated).")
def list_(compact):
    """List the operations."""
    ops = _visible_ops()
    if compact:
        output.out("".join(f"{op.id}\t{op.kind}\t{op.summary}\n" for op in ops))
        return
    if G.output == "json":
        output.result([{"id": op.id, "title": op.title, "description": op.summary, "category": op.category,
                        "kind": op.kind, "mcpDefault": "on" if op.default_on else "off",
                        "runWith": op.tool, "inputSchema": op.schema} for op in ops])
        return
    output.table([(op.id, "read" if op.is_read else "mutation", op.category, op.summary) for op in ops],
                 ["Operation", "Kind", "Category", "Description"], flex=[2, 3], min_flex=12)  # ids stay whole
    output.out(f"\n{len(ops)} operations\n")


def _usage_line(op):
    example = {name: f"<{name}>" for name in op.required}
    args = f" --args '{json.dumps(example, ensure_ascii=False)}'" if example else ""
    return f"talkbar-cli tools call {op.id}{args}"


def _lookup(op_id):
    from talkbar.faces import CLI
    op = _manifest().get(op_id)
    try:
        if op is None:
            raise _manifest().unknown(op_id, CLI.list_pointer())
        policy.current().refuse_if_blocked(op)
    except OpError as err:
        output.fail(err.envelope())
    return op


@tools.command()
@click.argument("op_id", metavar="OPERATION", shell_complete=operation_ids)
def info(op_id):
    """Describe one operation: what it does, its MCP default, usage and arguments."""
    op = _lookup(op_id)
    if G.output == "json":
        output.result({"tool": op.id, "title": op.title, "summary": op.summary, "kind": op.kind,
                       "runWith": op.tool, "category": op.category, "policyGroup": op.group,
                       "mcpDefault": "on" if op.default_on else "off", "usage": _usage_line(op),
                       "args": op.schema})
        return
    output.out(
        f"{op.id} — {op.title}\n{op.summary}\n\n"
        f"Kind: {op.kind} (MCP tool {op.tool}) · MCP default: {'on' if op.default_on else 'off'} · "
        f"Policy group: {op.group}\n"
        f"Usage: {_usage_line(op)}\n\nArguments:\n{_argument_lines(op)}\n"
        f"Arguments (JSON Schema):\n{json.dumps(op.schema, ensure_ascii=False, indent=2)}\n")


def _type_label(schema):
    """`string`, `integer|null`, `string[]`: the JSON type of one argument, for the argument list."""
    kinds = schema.get("type", "string" if "enum" in schema else "any")
    kinds = kinds if isinstance(kinds, list) else [kinds]
    items = schema.get("items", {})
    of = items.get("type", "string" if "enum" in items else None)
    return "|".join(f"{of}[]" if k == "array" and isinstance(of, str) else k for k in kinds)


def _argument_lines(op):
    """One line per argument: name, type, required, and its description from ops.toml (nested
    fields are described in the JSON Schema below)."""
    props = op.schema["properties"]
    if not props:
        return "  (none)\n"
    labels = {name: f"{name} ({_type_label(s)}{', required' if name in op.required else ''})"
              for name, s in props.items()}
    width = max(map(len, labels.values()))
    return "".join(f"  {labels[name]:<{width}}  {s.get('description', '')}".rstrip() + "\n"
                   for name, s in props.items())


@tools.command()
@click.argument("op_id", metavar="OPERATION", shell_complete=operation_ids)
@click.option("--args", "args_text", metavar="JSON|-", help="Arguments as a JSON object, or - for standard input.")
@click.option("--args-file", metavar="FILE", help="Read the arguments from FILE (- for standard input).")
def call(op_id, args_text, args_file):
    """Run one operation and print its result as JSON."""
    if args_text is not None and args_file is not None:
        raise click.UsageError("Give --args or --args-file, not both.")
    source = args_file if args_file is not None else ("-" if args_text == "-" else None)
    text = read_text(source) if source is not None else (args_text if args_text is not None else "{}")
    args = _parse_json(text, "arguments") if text.strip() else {}
    engine = _engine()
    try:
        result = engine.call(op_id, args)
    except OpError as err:
        output.fail(engine.envelope(err))
    output.result(result)


@tools.command()
@click.option("--file", "file_", metavar="FILE", help="Read the calls from FILE (default: standard input).")
@click.option("--stop-on-error", is_flag=True, help="Stop at the first failed operation.")
def batch(file_, stop_on_error):
    """Run many operations in one process; print one JSON array of results."""
    data = _parse_json(read_text(file_ or "-"), "batch")
    calls, stop = _batch_calls(data)
    engine = _engine()
    from talkbar.engine import BatchInterrupted   # loaded with the engine
    try:
        results = engine.batch(calls, stop_on_error=stop_on_error or stop, together=True)
    except BatchInterrupted as stopped:   # Ctrl+C: the answers that are final, then main says so
        output.result(stopped.results)
        raise KeyboardInterrupt from None
    output.result(results)
    failures = sum(1 for r in results if not r["ok"])
    if failures:
        output.say(f"{failures} of {len(results)} operations failed\n")
        raise output.Exit(1)


def _batch_calls(data):
    """An array of {tool, args}, or the MCP form {"calls": [...], "stopOnError": bool}."""
    def refuse(message):
        output.fail(OpError("invalid_arguments", message).envelope())

    if isinstance(data, list):
        return data, False
    if isinstance(data, dict):
        extra = [k for k in data if k not in ("calls", "stopOnError")]
        if extra:
            refuse(f"A batch takes calls and stopOnError; it does not take {', '.join(f'`{k}`' for k in extra)}.")
        if not isinstance(data.get("calls"), list):
            refuse("calls must be an array of {\"tool\", \"args\"} objects.")
        stop = data.get("stopOnError", False)
        if not isinstance(stop, bool):
            refuse("stopOnError must be true or false.")
        return data["calls"], stop
    refuse("A batch is a JSON array of {\"tool\", \"args\"} objects, or {\"calls\": [...]}.")

