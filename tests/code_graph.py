"""What the code of talkbar/ says about itself, read from its syntax trees (nothing is imported):
which modules import which, where each string literal stands, which function calls which.

Used by tests/test_structure.py (layers, query names) and scripts/handler_count.py.
"""

import ast
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "talkbar"


@dataclass
class Module:
    name: str
    path: Path
    tree: ast.Module
    imports: set = field(default_factory=set)       # modules of talkbar it imports
    imported_names: dict = field(default_factory=dict)   # local name -> "module" or "module:attr"
    private_uses: list = field(default_factory=list)     # ("module", "_name", line) of another module


def _module_name(path):
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def modules():
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = _module_name(path)
        found[name] = Module(name, path, ast.parse(path.read_text(encoding="utf-8")))
    for mod in found.values():
        _read_imports(mod, found)
    return found


def _resolve_from(mod, node):
    if not node.level:
        return node.module
    package = mod.name if mod.path.name == "__init__.py" else mod.name.rpartition(".")[0]
    parts = package.split(".")
    base = parts[:len(parts) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _read_imports(mod, found):
    for node in ast.walk(mod.tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("talkbar"):
                    target = alias.name if alias.name in found else alias.name.rpartition(".")[0]
                    mod.imports.add(target)
                    mod.imported_names[(alias.asname or alias.name).split(".")[0]] = alias.name
        elif isinstance(node, ast.ImportFrom):
            base = _resolve_from(mod, node)
            if not base or not base.startswith("talkbar"):
                continue
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if full in found:   # a submodule
                    mod.imports.add(full)
                    mod.imported_names[alias.asname or alias.name] = full
                else:
                    mod.imports.add(base)
                    mod.imported_names[alias.asname or alias.name] = f"{base}:{alias.name}"
                    if alias.name.startswith("_"):
                        mod.private_uses.append((base, alias.name, node.lineno))
    for node in ast.walk(mod.tree):   # module._private
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.attr.startswith("_")
                and not node.attr.startswith("__")):
            target = mod.imported_names.get(node.value.id)
            if target and ":" not in target:
                mod.private_uses.append((target, node.attr, node.lineno))
    mod.imports.discard(mod.name)


# ---------------------------------------------------------------------- functions and calls
@dataclass
class Function:
    module: str
    name: str                  # qualified within the module: "f" or "Class.f"
    calls: set = field(default_factory=set)      # "module:function" it may call
    strings: list = field(default_factory=list)  # (text, line) of its string literals
    queries: list = field(default_factory=list)  # (text, line): literal names its query calls run


def _called(mod, node, local):
    """The "module:function" a call names, when it names one of talkbar's."""
    func = node.func
    if isinstance(func, ast.Name):
        if func.id in local:
            return f"{mod.name}:{func.id}"
        target = mod.imported_names.get(func.id)
        return target if target and ":" in target else None
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        target = mod.imported_names.get(func.value.id)
        if target and ":" not in target:
            return f"{target}:{func.attr}"
    return None


def _references(mod, node, local):
    """Functions named without a call (passed as values, e.g. to a thread pool or a table)."""
    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in local:
        return f"{mod.name}:{node.id}"
    return None


@cache
def functions():
    """Every function of talkbar ("module:qualname" -> Function); module-level code is "<module>"."""
    out = {}
    for mod in modules().values():
        local = {n.name for n in mod.tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}

        def visit(node, qual):
            fn = out.setdefault(f"{mod.name}:{qual}", Function(mod.name, qual))
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) and node is not mod.tree:
                    visit(child, f"{qual}.{child.name}")
                    fn.calls.add(f"{mod.name}:{qual}.{child.name}")
                    continue
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    visit(child, child.name)
                    continue
                if isinstance(child, ast.ClassDef):
                    for item in child.body:
                        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                            visit(item, f"{child.name}.{item.name}")
                    continue
                for sub in ast.walk(child):
                    if isinstance(sub, ast.Call):
                        target = _called(mod, sub, local)
                        if target:
                            fn.calls.add(target)
                        name = _query_name_arg(sub)
                        if isinstance(name, ast.Constant) and isinstance(name.value, str):
                            fn.queries.append((name.value, sub.lineno))
                    ref = _references(mod, sub, local)
                    if ref:
                        fn.calls.add(ref)
                    if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                        fn.strings.append((sub.value, sub.lineno))
                    if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                        pass

        visit(mod.tree, "<module>")
    return out


def reachable(start):
    """Functions reachable from "module:function" (itself included); a module's code counts as
    reached with any of its functions (its constants are read there)."""
    seen, todo = set(), [start]
    fns = functions()
    while todo:
        name = todo.pop()
        if name in seen or name not in fns:
            continue
        seen.add(name)
        todo.extend(fns[name].calls)
        todo.append(f"{fns[name].module}:<module>")
    return seen


QUERY_CALLS = {"sql": 0, "need": 0, "call": 1, "names_with_prefix": 0}   # ctx.sql, ctx.need, sqlfiles.call…


def _query_name_arg(node):
    """The argument naming the query of a call that runs one (ctx.sql(name), sqlfiles.call(cur, name),
    sqlfiles.get(name)), or None."""
    if not isinstance(node.func, ast.Attribute):
        return None
    attr, args = node.func.attr, node.args
    if attr == "get" and isinstance(node.func.value, ast.Name) and node.func.value.id == "sqlfiles" and args:
        return args[0]
    position = QUERY_CALLS.get(attr)
    return args[position] if position is not None and len(args) > position else None


def query_calls_with_built_names():
    """(module, line) of calls that name a query with an f-string, a concatenation or .format()."""
    bad = []
    for mod in modules().values():
        for node in ast.walk(mod.tree):
            if not isinstance(node, ast.Call):
                continue
            name = _query_name_arg(node)
            if name is None:
                continue
            built = isinstance(name, (ast.JoinedStr, ast.BinOp)) or (
                isinstance(name, ast.Call) and isinstance(name.func, ast.Attribute) and name.func.attr == "format")
            if built:
                bad.append((mod.name, node.lineno))
    return bad
