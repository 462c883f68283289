"""Shared test helpers: the real talkbar-cli process on a temporary data root.

`tb` runs `python -m talkbar …` (the same entry point as the `talkbar-cli` console script) with
TALKBAR_DATA_ROOT pointing at a fresh temporary folder. `demo_root` is a data root holding
fixtures/demo.json, imported once per test session and copied for each test that asks for it.
"""

import io
import json
import os
import shutil
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Hypothesis: fuzz tests that leave max_examples to the profile (tests/test_hardening_*.py) run a
# few examples in the suite; `pytest --hypothesis-profile nightly` runs them big.
_QUIET = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.data_too_large,
          HealthCheck.large_base_example]
settings.register_profile("suite", max_examples=8, deadline=None, suppress_health_check=_QUIET)
settings.register_profile("nightly", max_examples=3000, deadline=None, suppress_health_check=_QUIET)
settings.load_profile("suite")

REPO = Path(__file__).resolve().parent.parent
DEMO = REPO / "fixtures" / "demo.json"
DB_FILE = "talkbar.duckdb"

# The clock of every test, in every process it starts and in this one (in-process engine tests),
# unless a test pins its own; nothing a test asserts may depend on the day the suite runs.
# A test starts at 2026-12-01 07:00 UTC (the time most golden cases name), and each process it
# starts on a data root sees one second more than the one before, as time passes between commands
# in real use (so "newest first" has an answer), in the same way on any machine at any speed.
# Template data roots are imported the day before. TALKBAR_NOW_MS="" gives a process the wall clock.
PINNED_NOW_MS = 1796108400000
TEMPLATE_NOW_MS = PINNED_NOW_MS - 86_400_000
TICK_MS = 1000
os.environ["TALKBAR_NOW_MS"] = str(PINNED_NOW_MS)


class Result:
    def __init__(self, proc):
        self.code = proc.returncode
        self.stdout = proc.stdout
        self.stderr = proc.stderr

    @property
    def json(self):
        return json.loads(self.stdout)

    def __repr__(self):
        return f"<exit {self.code} stdout={self.stdout[:300]!r} stderr={self.stderr[:300]!r}>"


def base_env(root, now_ms=PINNED_NOW_MS, **extra):
    # Not the runner's PYTHONUNBUFFERED either: a process buffers its output as a user's does (with it
    # set, an answer lost to a full disk had nothing left to fail on at exit, and the suite missed it).
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("TALKBAR_") and k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED")}
    env["TALKBAR_DATA_ROOT"] = str(root)
    env["TALKBAR_NOW_MS"] = str(now_ms)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    env.setdefault("TALKBAR_POLICY_FILE", str(Path(root) / "no-policy.json"))
    env.update({k: str(v) for k, v in extra.items() if v is not None})
    return env


def generate_fixture(path, sessions, turns, *flags):
    """A sized talkbar-fixture/1 document written by fixtures/generate.py to `path` (returned)."""
    subprocess.run([sys.executable, str(REPO / "fixtures" / "generate.py"), "--sessions", str(sessions),
                    "--turns", str(turns), *flags, "-o", str(path)], check=True, capture_output=True, timeout=300)
    return path


def cli_command():
    return [sys.executable, "-m", "talkbar"]


class TB:
    """Runs talkbar-cli against one data root."""

    def __init__(self, root, now_ms=PINNED_NOW_MS):
        self.root = Path(root)
        self.env_extra = {}
        self.now_ms = now_ms  # the next process's clock (see TICK_MS)

    @property
    def db(self):
        return self.root / DB_FILE

    def env(self, **extra):
        """The environment of the next process started on this data root (its clock one tick on)."""
        now, self.now_ms = self.now_ms, self.now_ms + TICK_MS
        return base_env(self.root, now, **{**self.env_extra, **extra})

    def command(self, *args):
        return cli_command() + [str(a) for a in args]

    def run(self, *args, input=None, env=None, timeout=120):
        proc = subprocess.run(self.command(*args), input=input, capture_output=True,
                              text=True, env=self.env(**(env or {})), timeout=timeout, cwd=str(REPO))
        return Result(proc)

    def call(self, op, args=None, **kw):
        """`tools call` -> (exit code, parsed stdout)."""
        extra = ["--args", json.dumps(args)] if args is not None else []
        r = self.run("--output", "json", "tools", "call", op, *extra, **kw)
        return r.code, (r.json if r.stdout.strip() else None)

    def ok(self, op, args=None):
        code, out = self.call(op, args)
        assert code == 0, (op, args, out)
        return out

    def batch(self, calls, *flags):
        r = self.run("tools", "batch", *flags, input=json.dumps(calls))
        return r.code, (r.json if r.stdout.strip() else None)

    def import_fixture(self, doc_or_path, *flags):
        if isinstance(doc_or_path, (str, Path)):
            return self.run("app", "import", str(doc_or_path), *flags)
        return self.run("app", "import", "-", *flags, input=json.dumps(doc_or_path))

    def created(self):
        """This data root with its (empty) database created: a read alone creates nothing."""
        r = self.run("app", "access", "reset")
        assert r.code == 0, r
        return self

    def holding(self, doc_or_path):
        """This data root after importing a fixture that must import cleanly."""
        r = self.import_fixture(doc_or_path)
        assert r.code == 0, r
        return self


@contextmanager
def talkbar_environment(env):
    """os.environ holding exactly the TALKBAR_ variables of `env` (as a process started with `env`
    would see them) until the block ends, then what it held before."""
    saved = {k: v for k, v in os.environ.items() if k.startswith("TALKBAR_")}
    for key in saved:
        del os.environ[key]
    os.environ.update({k: str(v) for k, v in env.items() if k.startswith("TALKBAR_")})
    try:
        yield
    finally:
        for key in [k for k in os.environ if k.startswith("TALKBAR_")]:
            del os.environ[key]
        os.environ.update(saved)


class InProcess:
    """A data root whose calls run through the engine in this process, each as one `tools batch`
    process would run it: the CLI face, its own clock (one tick on per call, or the env given),
    the data root's policy file, the database let go after each. For tests where a process per
    call would only cost time (golden cases, property tests); `TB` runs the real process."""

    def __init__(self, root, now_ms=PINNED_NOW_MS):
        self.root = Path(root)
        self.now_ms = now_ms

    def _database(self):
        from talkbar.db import Database
        self.root.mkdir(parents=True, exist_ok=True)
        return Database(self.root / DB_FILE, create=True, idle_s=0, on_empty=None)

    def _let_go(self, db):
        db.release_now()

    def batch_env(self, calls, env=None):
        from talkbar.engine import CLI, Engine
        now, self.now_ms = self.now_ms, self.now_ms + TICK_MS
        settings = {"TALKBAR_DATA_ROOT": str(self.root), "TALKBAR_NOW_MS": str(now),
                    "TALKBAR_POLICY_FILE": str(self.root / "no-policy.json"),
                    **{k: str(v) for k, v in (env or {}).items()}}
        with talkbar_environment(settings):
            db = self._database()
            try:
                return json.loads(json.dumps(Engine(db, CLI).batch(calls), ensure_ascii=False))
            finally:
                self._let_go(db)

    def run(self, *argv, env=None):
        raise AssertionError(f"app steps run through the process (test_golden_through_cli): {argv}")


class InProcessCLI(TB):
    """A TB that runs the commands in HERE (`tools call`, `tools batch`, `app access` …) through
    talkbar-cli's own main() in this process instead of a new one: the same argv, environment and
    clock as that process would get, standard input, output and exit code captured, the database
    opened and let go per command as there. Anything else (and -v, whose events are a process's
    state) still starts the real process. For tests of what operations do, where a process per
    call would only cost time; tests of the CLI itself use TB."""

    HERE = {("tools", "call"), ("tools", "batch"), ("tools", "list"), ("tools", "info"),
            ("app", "access"), ("app", "license"), ("app", "export"), ("app", "import")}

    def run(self, *args, input=None, env=None, timeout=120):
        words = [str(a) for a in args]
        command = tuple(w for w in words if not w.startswith("-") and w != "json")[:2]
        if command not in self.HERE or "-v" in words or "--verbose" in words:
            return super().run(*args, input=input, env=env, timeout=timeout)
        return _main_here(words, self.env(**(env or {})), input)


def _main_here(argv, env, input):
    """Run talkbar-cli's main(argv) in this process with `env`'s TALKBAR_ variables and `input` on
    standard input; a Result as from the process."""
    import contextlib
    import io
    from talkbar.cli.main import main
    from talkbar.cli.state import G, Globals
    saved_globals = vars(G).copy()
    saved_stdin = sys.stdin
    out, err = io.StringIO(), io.StringIO()
    vars(G).update(vars(Globals()))
    sys.stdin = io.TextIOWrapper(io.BytesIO((input or "").encode("utf-8")), encoding="utf-8")
    try:
        with talkbar_environment(env), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main(argv)
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        sys.stdin = saved_stdin
        vars(G).update(saved_globals)
    return Result(subprocess.CompletedProcess(argv, code, out.getvalue(), err.getvalue()))


class HeldInProcess(InProcess):
    """An InProcess whose database stays open from call to call, for calls that must change
    nothing (reads, refusals): many of them share one copy of a data root instead of each copying
    and opening its own. `wrote()` tells whether anything was committed since the copy was opened:
    a commit goes to the write-ahead log while the file is held."""

    def __init__(self, root, now_ms=PINNED_NOW_MS):
        from talkbar.db import Database
        super().__init__(root, now_ms)
        self.db = Database(self.root / DB_FILE, create=False, idle_s=3600, on_empty=None)

    def _database(self):
        return self.db

    def _let_go(self, db):
        pass

    def wrote(self):
        wal = self.root / (DB_FILE + ".wal")
        return wal.exists() and wal.stat().st_size > 0


def _kind(request):
    """InProcessCLI in a module marked `commands_in_process` (it tests what operations do, not the
    process around them), TB elsewhere."""
    return InProcessCLI if request.node.get_closest_marker("commands_in_process") else TB


@pytest.fixture
def tb(tmp_path, request):
    yield _kind(request)(tmp_path / "root")
    shutil.rmtree(tmp_path / "root", ignore_errors=True)  # a data root is tens of MB; ~1000 tests


def imported_template(tmp_path_factory, name, doc):
    """A data root holding an imported fixture, made once and copied for each test."""
    root = tmp_path_factory.mktemp(name)
    TB(root, now_ms=TEMPLATE_NOW_MS).holding(doc)
    return root


def fresh_copy(template, root, kind=None):
    """A TB (or `kind`, e.g. InProcessCLI) on a fresh copy of a template data root, removed after the
    test (a data root is tens of MB, and a run has ~1000 tests): `yield from fresh_copy(...)` in a
    fixture."""
    shutil.copytree(template, root)
    yield (kind or TB)(root)
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="session")
def demo_template(tmp_path_factory):
    return imported_template(tmp_path_factory, "demo-template", DEMO)


@pytest.fixture
def demo(tmp_path, demo_template, request):
    """A fresh copy of a data root holding the demo workspace."""
    yield from fresh_copy(demo_template, tmp_path / "demo", _kind(request))


@pytest.fixture(scope="module")
def demo_engine(demo_template, tmp_path_factory):
    """The engine in this process (CLI face) on a copy of the demo database, for a module's many
    in-process calls (a process per call would only cost time); its writes stay in the copy."""
    from talkbar.db import Database
    from talkbar.engine import CLI, Engine
    root = tmp_path_factory.mktemp("engine-db")
    shutil.copy(demo_template / DB_FILE, root / DB_FILE)
    db = Database(root / DB_FILE, create=False, idle_s=30)
    yield Engine(db, CLI)
    db.release_now()


@pytest.fixture
def fresh_engine(demo_template, tmp_path):
    """The engine in this process on a copy of the demo database of its own (one test's writes and
    settings stay in it)."""
    from talkbar.db import Database
    from talkbar.engine import CLI, Engine
    shutil.copy(demo_template / DB_FILE, tmp_path / DB_FILE)
    db = Database(tmp_path / DB_FILE, create=False, idle_s=30)
    yield Engine(db, CLI)
    db.release_now()


@pytest.fixture
def heard(monkeypatch):
    """The events emitted meanwhile, in order."""
    from talkbar import events
    sink = io.StringIO()
    monkeypatch.setattr(events, "_sink", sink)
    return lambda: [json.loads(line) for line in sink.getvalue().splitlines()]


@pytest.fixture(scope="session")
def demo_doc():
    return json.loads(DEMO.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def macros():
    """An in-memory database with every migration applied: the real tb_fold / tb_has_all."""
    import duckdb
    from talkbar import sqlfiles
    con = duckdb.connect()
    for _version, _name, sql in sqlfiles.migrations():
        con.execute(sql)
    yield con
    con.close()
