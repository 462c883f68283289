"""The code reads top-down, and its queries are found by name (issue 19).

Layers, from the top: the faces (CLI, MCP server) -> the engine (what every call goes through, and
what rows declare) -> the handlers (operations' own code, in packages that do not import each
other) -> the rules they and the engine share (items, paging, the manifest, validation, plans,
policy) -> the database file (its lease) -> the SQL files -> the base (errors, events, clock, ids,
resources, untrusted input's parsing and display). A module imports only from layers below its own (and within its own package), no
private name of another module, and no import circle.

Queries: every query in sql/ is used, by a literal name (no name is built with an f-string); a
query named after an operation (`<op>` or `<op>:<part>`) is used only by that operation: by its
row in ops.toml, or by code only its handler reaches.
"""

from collections import defaultdict


import code_graph as g
from talkbar import sqlfiles
from talkbar.manifest import _parsed, load

LAYERS = [
    ("faces", ("talkbar.__main__", "talkbar.cli", "talkbar.mcp")),
    ("engine", ("talkbar.engine", "talkbar.declared", "talkbar.context", "talkbar.textmatch", "talkbar.write_group")),
    ("handlers", ("talkbar.ops", "talkbar.exports", "talkbar.search", "talkbar.recorder", "talkbar.fixture",
                  "talkbar.kept_text")),
    ("rules", ("talkbar.items", "talkbar.paging", "talkbar.manifest", "talkbar.declarations", "talkbar.validate",
               "talkbar.fastcheck", "talkbar.plan", "talkbar.sessionstate", "talkbar.app_state", "talkbar.policy",
               "talkbar.access", "talkbar.progress", "talkbar.hooks")),
    ("database", ("talkbar.db", "talkbar.dbsetting", "talkbar.dbwidth", "talkbar.dbplans", "talkbar.filelock", "talkbar.dbqueue",
                  "talkbar.dbsnapshot")),
    ("sql files", ("talkbar.sqlfiles",)),
    ("base", ("talkbar", "talkbar.errors", "talkbar.events", "talkbar.clock", "talkbar.ids", "talkbar.resources",
              "talkbar.parsecache", "talkbar.paths", "talkbar.faces", "talkbar.casing", "talkbar.untrusted",
              "talkbar.processes")),
]
# handler packages: none imports another
HANDLER_PACKAGES = LAYERS[2][1]


def _layer(module):
    best = None
    for rank, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if module == prefix or module.startswith(prefix + "."):
                if best is None or len(prefix) > best[1]:
                    best = (rank, len(prefix), prefix)
    return best


def test_every_module_has_a_layer():
    assert [m for m in g.modules() if _layer(m) is None] == []


def test_imports_go_down_never_up_or_sideways():
    assert upward_or_sideways_imports() == []


def upward_or_sideways_imports():
    problems = []
    for mod in g.modules().values():
        rank, _, package = _layer(mod.name)
        for target in sorted(mod.imports):
            t_rank, _, t_package = _layer(target)
            if t_rank < rank:
                problems.append(f"{mod.name} imports {target} ({LAYERS[t_rank][0]} above {LAYERS[rank][0]})")
            elif t_rank == rank == 2 and t_package != package:
                problems.append(f"{mod.name} imports {target} (handler packages {package} and {t_package})")
    return problems


def test_no_private_name_of_another_module():
    assert private_uses() == []


def private_uses():
    return [f"{mod.name}:{line} uses {target}.{name}"
                for mod in g.modules().values() for target, name, line in mod.private_uses
                if target != mod.name and not name.startswith("__")]


def test_no_import_circles():
    assert import_circles() == []


def import_circles():
    """Importing a.b.c runs the packages a and a.b too: those count as imports."""
    edges = defaultdict(set)
    for mod in g.modules().values():
        for target in mod.imports:
            parts = target.split(".")
            for n in range(1, len(parts) + 1):
                ancestor = ".".join(parts[:n])
                if ancestor != mod.name and ancestor in g.modules():
                    edges[mod.name].add(ancestor)
            edges[mod.name].add(target)
    circles, state = [], {}

    def visit(node, path):
        state[node] = "open"
        for nxt in sorted(edges[node]):
            if state.get(nxt) == "open":
                circles.append(" -> ".join(path[path.index(nxt):] + [nxt]))
            elif nxt not in state:
                visit(nxt, path + [nxt])
        state[node] = "done"

    for name in sorted(g.modules()):
        if name not in state:
            visit(name, [name])
    return circles


# ---------------------------------------------------------------------- queries
def _registry():
    return sqlfiles.load_all()


def _manifest_uses():
    """(query name, operation id or None) for every query ops.toml names."""
    parsed = _parsed()
    uses = []
    for op in load():
        decl = op.declared
        named = list(decl.steps) + [n for n in (op.sql, decl.answer) if n]
        if not op.run and not decl.steps and not op.sql and not decl.lifecycle:
            named.append(op.id)
        uses += [(name, op.id) for name in named]
    for item in parsed.get("item", {}).values():
        uses += [(item[k], None) for k in ("state", "trash", "pin", "pages") if k in item]
    for steps in parsed.get("sequence", {}).values():
        uses += [(name, None) for name in steps]
    return uses


def _code_uses(registry, op_ids=()):
    """(query name, "module:function") for every string literal of talkbar that names a query: the
    name a query call runs, or any other literal naming one (kept in a table) that is not an
    operation's id (such a literal names the operation, e.g. to read its row)."""
    uses = []
    for name, fn in g.functions().items():
        called = {text for text, _ in fn.queries}
        uses += [(text, name) for text in sorted(called) if text in registry]
        # sqlfiles.names_with_prefix("import.delete."): every query under that literal prefix
        uses += [(query, name) for text in sorted(called) if text.endswith(".")
                 for query in registry if query.startswith(text)]
        uses += [(text, name) for text, _ in fn.strings
                 if text in registry and text not in called and text not in op_ids]
    return uses


def test_query_names_are_literals():
    assert g.query_calls_with_built_names() == []


def test_every_query_is_used():
    assert unused_queries() == []


def unused_queries():
    registry = _registry()
    used = {name for name, _ in _manifest_uses()} | {name for name, _ in _code_uses(registry)}
    return sorted(set(registry) - used)


def test_every_query_named_in_ops_toml_exists():
    registry = _registry()
    assert sorted({name for name, _ in _manifest_uses() if name not in registry}) == []


def _op_of(query, op_ids):
    base = query.split("@")[0].split(":")[0]   # workspace.search:kinds@one is workspace.search's
    return base if base in op_ids else None


def test_a_query_named_after_an_operation_serves_only_it():
    assert queries_of_an_operation_used_elsewhere() == []


def queries_of_an_operation_used_elsewhere():
    ops = {op.id: op for op in load()}
    registry = _registry()
    problems = []
    for query, user in _manifest_uses():
        owner = _op_of(query, ops)
        if owner and user != owner:
            problems.append(f"{query} is named in ops.toml by {user or 'an item or a sequence'}")
    reaching = defaultdict(set)   # function -> ops whose handler reaches it
    for op in ops.values():
        if op.run:
            module, _, fn = op.run.partition(":")
            for reached in g.reachable(f"{module}:{fn}"):
                reaching[reached].add(op.id)
        if op.declared.check:
            module, _, fn = op.declared.check.partition(":")
            for reached in g.reachable(f"{module}:{fn}"):
                reaching[reached].add(op.id)
    for query, function in _code_uses(registry, ops):
        owner = _op_of(query, ops)
        if owner and reaching[function] - {owner} or owner and not reaching[function]:
            users = sorted(reaching[function]) or ["no operation's handler"]
            problems.append(f"{query} is used in {function}, which {', '.join(users)} reach(es)")
    return problems
