"""`talkbar-cli search WORDS…`: the app's search box in the terminal (workspace.search).

Unlike talkbar_find, the CLI requires every word by default (`--match all`), like the app's search
box. The table groups matches by kind, best first, each with its title, snippet and app link;
`--output json` prints exactly what talkbar_find returns.
"""

import os

import click

from talkbar.cli import output
from talkbar.cli.state import G, open_db, stdout_is_terminal
from talkbar.errors import OpError

LABELS = {"session": "Sessions", "note": "Notes", "document": "Documents", "chat": "Chats",
          "action_item": "Action items", "project": "Projects", "series": "Series", "person": "People",
          "company": "Companies", "memory": "Knowledge cards"}
MIN_SNIPPET = 40   # title or snippet columns narrower than this: one record per match instead


@click.command()
@click.argument("words", nargs=-1, required=True)
@click.option("--workspace", "workspace_id", metavar="ID", help="Search this workspace (default: the one open in the app).")
@click.option("--project", "project_id", metavar="ID", help="Only items in this project.")
@click.option("--kinds", metavar="KIND,…", help="Comma-separated: session, note, chat, action_item, document, "
              "memory, person, company, project, series.")
@click.option("--limit", type=int, help="At most this many matches, 1 to 100 (default 20).")
@click.option("--match", type=click.Choice(["all", "any"]), default="all", show_default=True,
              help="all: every word must match; any: read the words as a natural-language request.")
@click.option("--include-archived", is_flag=True, help="Also archived series, people, companies and knowledge cards.")
def search(words, workspace_id, project_id, kinds, limit, match, include_archived):
    """Search the workspace like the app's search, transcript snippets included."""
    from talkbar.engine import CLI, Engine
    args = {"query": " ".join(words), "match": match}
    for name, value in (("workspaceId", workspace_id), ("projectId", project_id), ("limit", limit)):
        if value is not None:
            args[name] = value
    if kinds is not None:
        args["kinds"] = [k.strip() for k in kinds.split(",") if k.strip()]
    if include_archived:
        args["includeArchived"] = True
    engine = Engine(open_db(), CLI)
    try:
        result = engine.call("workspace.search", args)
    except OpError as err:
        output.fail(engine.envelope(err))
    if G.output == "json":
        output.result(result)
        return
    _table(result, highlighter(args["query"]) if stdout_is_terminal() else None)


def highlighter(query):
    """style(column, text) for the table: the words of Title and Snippet (columns 0 and 1) that the
    search matched, found as the search finds them (folded, stemmed: talkbar/search/text.py), in
    bold colour (bold only under NO_COLOR)."""
    from talkbar.search import text
    terms = set(text.query_terms(query))
    colour = None if os.environ.get("NO_COLOR") else "red"

    def style(column, line):
        if column > 1 or not terms:
            return line
        found, line = text.spans(line, terms)
        out, at = [], 0
        for start, end in found:
            out += [line[at:start], click.style(line[start:end], fg=colour, bold=True)]
            at = end
        return "".join(out) + line[at:]
    return style


def _table(result, style):
    matches = result["matches"]
    if not matches:
        output.out("No matches.\n")
        return
    groups = {}
    for m in matches:
        groups.setdefault(m["kind"], []).append(m)
    for n, (kind, rows) in enumerate(groups.items()):
        output.out(("\n" if n else "") + f"{LABELS[kind]} ({len(rows)})\n")
        output.table([(m["title"] + (" (archived)" if m["archived"] else ""), m["snippet"], m["href"]) for m in rows],
                     ["Title", "Snippet", "Link"], flex=[0, 1], wrap=True, min_flex=MIN_SNIPPET, style=style)
    if result["contentSearch"] not in ("on", "keywordOnly"):
        output.out(f"\nContent search: {result['contentSearch']}\n")


def register(cli):
    cli.add_command(search)
