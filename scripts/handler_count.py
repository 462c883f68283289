"""How many operations are a row of ops.toml and its queries only, and how long the handlers of
the others are (issue 19). Run from the checkout: `python scripts/handler_count.py`;
tests/test_engine_counts.py fails when the figures regress.

An operation has a handler of its own when its row names `run` (or a `post` post-processor); a
row's `check` (a pure rule over the arguments) is counted apart. A handler's length is the lines
of the function the row names, its docstring included.
"""

import inspect
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from talkbar.manifest import load  # noqa: E402

GOAL_ROWS_ONLY = 90
MAX_HANDLER_LINES = 60


def counts():
    ops = load()
    handlers = {}
    for op in ops:
        for dotted in (op.run, op.post):
            if dotted:
                handlers[dotted] = len(inspect.getsourcelines(op.resolve(dotted))[0])
    rows_only = [op.id for op in ops if not op.run and not op.post]
    checks = sorted({op.declared.check for op in ops if op.declared.check})
    return {"ops": len(ops), "rows_only": len(rows_only), "with_handler": len(ops) - len(rows_only),
            "handlers": handlers, "checks": checks}


def main():
    c = counts()
    longest = max(c["handlers"].items(), key=lambda kv: kv[1])
    print(f"{c['rows_only']} of {c['ops']} operations have no handler of their own (goal >= {GOAL_ROWS_ONLY}); "
          f"{c['with_handler']} name one of {len(c['handlers'])} handlers, the longest "
          f"{longest[0]} at {longest[1]} lines (limit {MAX_HANDLER_LINES}); "
          f"{len(c['checks'])} value check hook(s): {', '.join(c['checks']) or 'none'}")


if __name__ == "__main__":
    main()
