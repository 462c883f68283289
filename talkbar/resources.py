"""The files talkbar-cli ships beside its code: ops.toml, sql/ and the demo workspace.

They live at the top of the repository (the design card's layout) and travel inside the wheel as
`talkbar/_data/` (pyproject.toml's force-include). In a checkout, `talkbar/_data/` holds relative
links to the same top-level files, so the code finds them one way, through importlib.resources,
whether it runs from a checkout, an editable install or a wheel.
"""

from functools import cache
from importlib.resources import files
from pathlib import Path

SHIPPED = ("ops.toml", "sql", "demo.json")


class MissingData(Exception):
    """talkbar-cli was installed without the files it needs."""


@cache
def data_dir():
    """The folder holding ops.toml, sql/ and demo.json, as a filesystem path."""
    root = files("talkbar") / "_data"
    if not isinstance(root, Path):
        raise MissingData("talkbar-cli must be installed as files on disk (not inside a zip archive)")
    for name in SHIPPED:
        if not (root / name).exists():
            raise MissingData(f"talkbar-cli is installed without {root / name}. Reinstall it from the "
                              "repository or from a wheel built there (`pip wheel .`).")
    return root


def demo_path():
    """The demo workspace (a talkbar-fixture/1 document), as fixtures/demo.json in the repository."""
    return data_dir() / "demo.json"
