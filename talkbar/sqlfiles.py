"""The SQL files: parameterised DuckDB queries with a header, loaded once.

A file under sql/ holds one or more queries, each opened by a header of comment lines:

    -- name: notes.get
    -- returns: one
    -- params: $workspace_id, $note_id
    -- why the query is shaped the way it is (free text)
    SELECT ...

`returns` is one of a closed vocabulary: `many` (list of row dicts), `one` (a row dict or None),
`value` (the first column of the first row, or None) and `exec` (how many rows it changed, for an
INSERT, UPDATE or DELETE; else None). An optional `-- variant: <suffix> <macro> <other macro>` line
(one per variant) also registers `<name>@<suffix>`: the same query calling the other table macro,
for a case the caller tells apart (workspace.search@one: a one-word query). An optional
`-- when-null: <param> <macro> <other macro>` line makes run() execute the query calling the other
macro whenever that parameter is bound to NULL (the list filters: a list asked without words binds
no text filter, tb_unfiltered). Parameters are named
(`$name`) and bound from a dict, exactly the declared ones: SQL is never built from strings.
The operation's own file is named after it (sql/ops/notes.get.sql); further queries in the same
file are named `<op>:<part>`. Shared queries live in sql/shared/, the importer's in sql/import/.
"""

import re
from dataclasses import dataclass
from pathlib import Path

from talkbar import events, parsecache
from talkbar.resources import data_dir

RETURNS = ("many", "one", "value", "exec")
_PARAM = re.compile(r"\$([a-z_][a-z0-9_]*)")
_HEADER = re.compile(r"^--\s*(name|returns|params|variant|when-null):\s*(.*?)\s*$")
_VARIANT = re.compile(r"^(\w+) ([a-z_][a-z0-9_]*) ([a-z_][a-z0-9_]*)$")


@dataclass(frozen=True)
class Query:
    name: str
    returns: str
    params: tuple
    text: str
    file: Path
    when_null: tuple = ()   # (param, the text to run when it is NULL), from `-- when-null:` lines


class SqlError(Exception):
    pass


def _strip_comments(body):
    return "\n".join(line.split("--", 1)[0] if "--" in line and "'" not in line else line
                     for line in body.splitlines())


def parse_file(path):
    """Split one .sql file into its queries and check each header against its body."""
    text = path.read_text(encoding="utf-8")
    queries, current = [], None
    for line in text.splitlines():
        m = _HEADER.match(line)
        if m and m.group(1) == "name":
            current = {"name": m.group(2), "returns": None, "params": None, "variant": [], "when-null": [],
                       "body": []}
            queries.append(current)
        elif m and m.group(1) in ("variant", "when-null") and current is not None and not current["body"]:
            current[m.group(1)].append(m.group(2))
        elif m and current is not None and not current["body"]:
            current[m.group(1)] = m.group(2)
        elif current is not None:
            current["body"].append(line)
    out = []
    for q in queries:
        where = f"{path.name}: query {q['name']!r}"
        if q["returns"] not in RETURNS:
            raise SqlError(f"{where}: `-- returns:` must be one of {', '.join(RETURNS)}")
        if q["params"] is None:
            raise SqlError(f"{where}: missing `-- params:` line (write `-- params: none` if none)")
        declared = () if q["params"].strip() in ("", "none") else tuple(
            p.strip().lstrip("$") for p in q["params"].split(","))
        body = "\n".join(q["body"]).strip()
        used = set(_PARAM.findall(_strip_comments(body)))
        if used != set(declared):
            raise SqlError(f"{where}: declared params {sorted(declared)} but the SQL uses {sorted(used)}")
        if not body:
            raise SqlError(f"{where}: empty query")
        texts = [(q["name"], body)] + [(f"{q['name']}@{suffix}", text)
                                       for suffix, text in _macro_swaps(where, "variant", q["variant"], body)]
        # each text its own when-null texts: a variant's keep the variant's macro
        out.extend(Query(name, q["returns"], declared, text, path,
                         tuple(_when_null(where, q["when-null"], text, declared))) for name, text in texts)
    if not out:
        raise SqlError(f"{path.name}: no `-- name:` header")
    return out


def _macro_swaps(where, header, lines, body):
    """(the line's first word, text) of each `-- variant:` or `-- when-null:` line (`header`) of a
    query: the query with its calls of one macro made to another."""
    for line in lines:
        m = _VARIANT.match(line)
        if not m:
            word = "suffix" if header == "variant" else "param"
            raise SqlError(f"{where}: `-- {header}:` is `<{word}> <macro> <other macro>`, not {line!r}")
        word, macro, other = m.groups()
        text, calls = re.subn(rf"\b{macro}\(", f"{other}(", body)
        if not calls:
            raise SqlError(f"{where}: {header} {word!r}: the query does not call {macro}")
        yield word, text


def _when_null(where, lines, body, declared):
    """(param, text) of each `-- when-null:` line: the text run while that parameter is NULL."""
    for param, text in _macro_swaps(where, "when-null", lines, body):
        if param not in declared:
            raise SqlError(f"{where}: when-null {param!r} is not a parameter of the query")
        yield param, text


def load_all(root=None):
    root = Path(root or data_dir()) / "sql"
    paths = [p for p in sorted(root.rglob("*.sql")) if p.parent.name != "schema"]
    parsed = parsecache.cached("sql", paths, lambda: [
        (q.name, q.returns, q.params, q.text, str(q.file), q.when_null) for path in paths for q in parse_file(path)])
    registry = {}
    for name, returns, params, text, file, when_null in parsed:
        if name in registry:
            raise SqlError(f"query {name!r} is defined twice ({registry[name].file.name}, {Path(file).name})")
        registry[name] = Query(name, returns, tuple(params), text, Path(file), tuple(map(tuple, when_null)))
    return registry


_REGISTRY = None


def registry():
    global _REGISTRY
    if _REGISTRY is None:
        _REGISTRY = load_all()
    return _REGISTRY


def get(name):
    try:
        return registry()[name]
    except KeyError:
        raise SqlError(f"no SQL query named {name!r} under sql/") from None


def names_with_prefix(prefix):
    """Query names starting with `prefix`, in file order (e.g. the importer's delete steps)."""
    return [name for name in registry() if name.startswith(prefix)]


def migrations(root=None):
    """The numbered schema migrations, in order: [(version, name, sql_text)]."""
    folder = Path(root or data_dir()) / "sql" / "schema"
    out = []
    for path in sorted(folder.glob("*.sql")):
        m = re.match(r"^(\d{4})_([a-z0-9_]+)\.sql$", path.name)
        if not m:
            raise SqlError(f"sql/schema/{path.name}: migrations are named NNNN_name.sql")
        out.append((int(m.group(1)), m.group(2), path.read_text(encoding="utf-8")))
    versions = [v for v, _, _ in out]
    if len(set(versions)) != len(versions):
        raise SqlError("two migrations share a number")
    return out


def call(cursor, name, /, **params):
    """Run the query named `name` with these parameters (run(), for callers that hold a cursor)."""
    return run(cursor, get(name), params)


def call_each(cursor, names, /, **params):
    """Run the queries named in `names`, in order, each with the parameters it declares of these
    (the steps of one change: a compaction's swap, a bulk build's settling, a database's seed)."""
    for name in names:
        run(cursor, get(name), params)


# The statement kinds run parsed (below); others (SET, PRAGMA, CHECKPOINT, CREATE …) go as text, as
# DuckDB does more than parse some of them on the way in (a PRAGMA becomes the query it stands for).
_PARSED_KINDS = frozenset({"SELECT", "INSERT", "UPDATE", "DELETE"})
_PARSED = {}   # a query's text -> its one statement, parsed (or the text itself: see _statement)


def _statement(cursor, query, bound):
    """What to execute for `query` with these parameters (its `-- when-null:` text for a parameter
    bound to NULL): its statement as parsed the first time this process ran it.
    DuckDB parses a text on every execute, and a parsed statement is only copied: 0.2-0.45 ms less
    for each of a search's reads, the same rows (bench/search.py's queries at 602 k turns, both
    ways interleaved). A text of several statements, or of another kind, runs as text."""
    text = next((other for param, other in query.when_null if bound[param] is None), query.text)
    parsed = _PARSED.get(text)
    if parsed is None:
        statements = cursor.extract_statements(text)
        one = len(statements) == 1 and statements[0].type.name in _PARSED_KINDS
        parsed = _PARSED[text] = statements[0] if one else text
    return parsed


def run(cursor, query, params):
    """Execute a query with exactly its declared parameters; shape the result by `returns`."""
    bound = {p: params.get(p) for p in query.params}
    events.emit("sql", name=query.name)
    statement = _statement(cursor, query, bound)
    cursor.execute(statement, bound)
    # A result is always read to its end: one left half-read keeps its transaction open, and a
    # CHECKPOINT on the connection then fails ("other write transactions active").
    described = cursor.description
    rows = cursor.fetchall() if described else []
    if query.returns == "exec":
        return rows[0][0] if rows and described[0][0] == "Count" else None
    if query.returns == "value":
        return rows[0][0] if rows else None
    cols = [d[0] for d in described]
    if query.returns == "one":
        return dict(zip(cols, rows[0])) if rows else None
    return [dict(zip(cols, r)) for r in rows]
