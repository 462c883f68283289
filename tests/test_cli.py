"""The CLI page, end to end through the real process: commands, global options, input forms,
output on the right stream, exit codes 0/1/2."""

import json
import os
import shutil
import sys
from pathlib import Path

import pytest

from conftest import REPO, TB


def test_version_and_help(tb):
    r = tb.run("--version")
    assert r.code == 0 and r.stdout.startswith("talkbar-cli ")
    r = tb.run("--help")
    assert r.code == 0 and "tools" in r.stdout and "--output" in r.stdout
    r = tb.run("tools", "--help")
    assert r.code == 0 and "call" in r.stdout and "batch" in r.stdout


def test_call_without_tools_is_a_usage_error(tb):
    r = tb.run("call", "workspace.list")
    assert r.code == 2
    assert "tools call" in r.stderr
    assert r.stdout == ""


def test_unknown_command_and_option_are_usage_errors(tb):
    assert tb.run("frobnicate").code == 2
    assert tb.run("tools", "call", "workspace.list", "--nope").code == 2
    assert tb.run("--output", "yaml", "tools", "list").code == 2


def test_call_prints_json_result_only_on_stdout(tb):
    tb.created()
    r = tb.run("tools", "call", "workspace.list")
    assert r.code == 0 and r.stderr == ""
    out = json.loads(r.stdout)
    assert [w["active"] for w in out["workspaces"]] == [True]
    assert "\n" not in r.stdout.strip(), "piped output is compact"


def test_error_goes_to_stderr_and_with_json_also_to_stdout(tb):
    r = tb.run("tools", "call", "workspace.stats", "--args", '{"limit": 5}')
    assert r.code == 1 and r.stdout == ""
    assert r.stderr.startswith("Error: workspace.stats does not take `limit`.")
    assert "tools info workspace.stats" in r.stderr
    r = tb.run("tools", "call", "workspace.stats", "--args", '{"limit": 5}', "--output", "json")
    assert r.code == 1
    env = json.loads(r.stdout)
    assert env["error"]["code"] == "invalid_arguments"
    assert env["error"]["message"].endswith("Arguments: talkbar-cli tools info workspace.stats")


def test_unknown_operation_suggests_and_points_to_list(tb):
    code, out = tb.call("workspace.lst")
    assert code == 1
    assert out["error"]["code"] == "not_found"
    assert "Did you mean workspace.list?" in out["error"]["message"]
    assert "tools list" in out["error"]["message"]


def test_global_options_before_or_after_the_command(tb):
    a = tb.run("--output", "json", "tools", "info", "workspace.stats")
    b = tb.run("tools", "info", "workspace.stats", "--output", "json")
    c = tb.run("tools", "info", "--output=json", "workspace.stats")
    assert a.code == b.code == c.code == 0
    assert json.loads(a.stdout) == json.loads(b.stdout) == json.loads(c.stdout)
    info = json.loads(a.stdout)
    assert info["tool"] == "workspace.stats" and info["runWith"] == "talkbar_read"
    assert info["args"]["additionalProperties"] is False


def test_args_from_stdin_file_and_bom(tb, tmp_path):
    r = tb.run("tools", "call", "workspace.rename", "--args", "-", input='{"name": "From stdin"}')
    assert r.code == 0 and json.loads(r.stdout)["name"] == "From stdin"
    f = tmp_path / "args.json"
    f.write_bytes('\ufeff{"name": "Из файла"}'.encode("utf-8"))
    r = tb.run("tools", "call", "workspace.rename", "--args-file", str(f))
    assert r.code == 0, r
    assert json.loads(r.stdout)["name"] == "Из файла"
    r = tb.run("tools", "call", "workspace.rename", "--args-file", "-", input='\ufeff{"name": "BOM stdin"}')
    assert r.code == 0 and json.loads(r.stdout)["name"] == "BOM stdin"


@pytest.mark.parametrize("encoding, bom", [("utf-16-le", True), ("utf-16-be", True), ("utf-16-le", False),
                                           ("utf-32-le", False)])
def test_arguments_and_batches_in_utf16_or_utf32_are_read(tb, tmp_path, encoding, bom):
    """What Windows PowerShell 5's `>` and Out-File write: UTF-16 with a byte order mark; JSON's own
    rule (RFC 4627) tells the others apart by where the first characters' zero bytes are."""
    mark = "\ufeff".encode(encoding) if bom else b""
    f = tmp_path / "args.json"
    f.write_bytes(mark + '{"name": "Из PowerShell"}'.encode(encoding))
    r = tb.run("tools", "call", "workspace.rename", "--args-file", str(f))
    assert r.code == 0 and json.loads(r.stdout)["name"] == "Из PowerShell", r
    calls = tmp_path / "calls.json"
    calls.write_bytes(mark + json.dumps([{"tool": "workspace.rename", "args": {"name": "Пакет"}}]).encode(encoding))
    r = tb.run("--output", "json", "tools", "batch", "--file", str(calls))
    assert r.code == 0 and r.json[0]["result"]["name"] == "Пакет", r


def test_invalid_json_arguments(tb):
    r = tb.run("tools", "call", "workspace.rename", "--args", "{name: x}")
    assert r.code == 1 and "Invalid JSON arguments" in r.stderr


def test_args_must_be_an_object(tb):
    for bad in ("[1]", "3", '"x"'):
        code, out = tb.call("workspace.stats", json.loads(bad))
        assert code == 1 and out["error"]["code"] == "invalid_arguments"
        assert out["error"]["message"].startswith("arguments must be an object")
    code, out = tb.call("workspace.stats", None)
    assert code == 0


def test_args_and_args_file_together_is_a_usage_error(tb, tmp_path):
    f = tmp_path / "a.json"
    f.write_text("{}")
    assert tb.run("tools", "call", "workspace.list", "--args", "{}", "--args-file", str(f)).code == 2


def test_batch_forms_and_exit_codes(tb):
    code, out = tb.batch([])
    assert code == 0 and out == []
    code, out = tb.batch([{"tool": "workspace.list"}, {"tool": "workspace.stats", "args": {"projectId": "nope"}}])
    assert code == 1
    assert [e["ok"] for e in out] == [True, False]
    assert out[1] == {"tool": "workspace.stats", "ok": False,
                      "error": {"code": "not_found", "message": "Project not found in workspace"}}
    r = tb.run("tools", "batch", input=json.dumps([{"tool": "nope"}, {"tool": "workspace.list"}]))
    assert r.code == 1 and "1 of 2 operations failed" in r.stderr


def test_batch_mcp_form_stop_on_error_and_unreadable_entries(tb):
    calls = {"calls": [{"tool": "nope"}, {"tool": "workspace.list"}], "stopOnError": True}
    code, out = tb.batch(calls)
    assert code == 1 and len(out) == 1 and out[0]["tool"] == "nope"
    code, out = tb.batch([{"tool": "nope"}, {"tool": "workspace.list"}], "--stop-on-error")
    assert len(out) == 1
    code, out = tb.batch([{"args": {}}, {"tool": "workspace.list", "args": [1]}, 7, {"tool": "workspace.list", "x": 1}])
    assert code == 1
    assert all(e["ok"] is False and "tool" not in e for e in out)
    assert out[1]["error"]["message"] == "arguments must be an object"
    r = tb.run("tools", "batch", input='{"calls": [], "stopOnError": "yes"}')
    assert r.code == 1 and "stopOnError" in r.stderr


def test_batch_has_no_twenty_call_limit(tb):
    code, out = tb.batch([{"tool": "workspace.list"}] * 45)
    assert code == 0 and len(out) == 45


def test_verbose_writes_json_events_to_stderr(tb):
    tb.created()
    r = tb.run("-v", "tools", "call", "workspace.list")
    assert r.code == 0
    events = [json.loads(line) for line in r.stderr.splitlines()]
    names = [e["event"] for e in events]
    assert "op.start" in names and "op.end" in names
    quiet = tb.run("tools", "call", "workspace.list")
    assert quiet.stderr == ""
    r = tb.run("--version", "-v")
    assert r.stderr == ""


def test_tools_list_table_and_json(tb):
    r = tb.run("tools", "list")
    assert r.code == 0
    assert r.stdout.splitlines()[-1].endswith("operations")
    assert "mutation" in r.stdout
    r = tb.run("tools", "list", "--output", "json")
    rows = json.loads(r.stdout)
    assert {"id", "title", "description", "category", "kind", "mcpDefault", "inputSchema"} <= set(rows[0])


def test_tools_info_unknown(tb):
    r = tb.run("tools", "info", "workspace.lst")
    assert r.code == 1 and "Did you mean workspace.list?" in r.stderr


@pytest.mark.parametrize("content", [None, "not a database", "duckdb-foreign"])
def test_db_option_never_creates_and_refuses_foreign_files(tb, tmp_path, content):
    import duckdb
    path = tmp_path / "given.duckdb"
    if content == "not a database":
        path.write_text(content)
    elif content == "duckdb-foreign":
        con = duckdb.connect(str(path))
        con.execute("CREATE TABLE t (x INT)")
        con.close()
    before = path.read_bytes() if path.exists() else None
    r = tb.run("--db", str(path), "--output", "json", "tools", "call", "workspace.list")
    assert r.code == 1
    env = json.loads(r.stdout)
    assert env["error"]["code"] == "failed"
    assert str(path) in env["error"]["message"]
    if before is None:
        assert not path.exists()
    else:
        assert path.read_bytes() == before
    assert not tb.db.exists(), "the data root's database is not touched either"


@pytest.mark.parametrize("damage, message", [
    ("random", "is not a TalkBar database: it is not a DuckDB database file."),
    ("cut", "could not be read: the database file is damaged or incomplete. Restore it from a backup; "
            "TalkBar has not changed it."),
])
def test_a_damaged_file_is_refused_in_our_words_and_left_as_it_is(demo, damage, message):
    """DuckDB's own words (byte offsets, checksums) stay in the -v event log; the file is not touched."""
    data = demo.db.read_bytes()
    demo.db.write_bytes(bytes(range(256)) * 400 if damage == "random" else data[:len(data) // 3])
    before = demo.db.read_bytes()
    for argv in (["tools", "call", "workspace.list"], ["tools", "call", "notes.create", "--args",
                                                        '{"title": "x", "markdown": "y"}']):
        r = demo.run("--output", "json", *argv)
        assert r.code == 1, r
        assert json.loads(r.stdout)["error"] == {"code": "failed", "message": f"{demo.db} {message}"}
    assert demo.db.read_bytes() == before
    r = demo.run("-v", "tools", "call", "workspace.list")
    assert '"event": "db.refused"' in r.stderr and "IO Error" in r.stderr


@pytest.mark.parametrize("in_the_way, message", [
    ("queue", "{db}.queue: a file is where TalkBar needs a folder."),
    ("lock", "{db}.lock: it is a folder, not a file."),
])
def test_something_in_the_way_of_the_lock_or_the_queue_is_named(demo, in_the_way, message):
    side = Path(f"{demo.db}.{in_the_way}")
    if side.is_dir():
        shutil.rmtree(side)
    elif side.exists():
        side.unlink()
    side.write_text("in the way") if in_the_way == "queue" else side.mkdir()
    r = demo.run("--output", "json", "tools", "call", "workspace.list")
    assert r.code == 1
    assert json.loads(r.stdout)["error"] == {"code": "failed",
                                             "message": "TalkBar could not use " + message.format(db=demo.db)}


@pytest.mark.parametrize("name", ["root", "talkbar.duckdb"])
def test_a_data_root_that_is_a_file_is_named_by_reads_and_writes(tmp_path, name):
    """Most likely the database itself: a read answering from an empty workspace would tell an
    assistant there are no meetings."""
    root = tmp_path / name
    root.write_text("a file")
    tb = TB(root)
    tb.env_extra["TALKBAR_POLICY_FILE"] = str(tmp_path / "no-policy.json")
    said = f"TALKBAR_DATA_ROOT ({root}) is a file, not TalkBar's data folder." + (
        f" Set it to the folder that holds it: {tmp_path}." if name == "talkbar.duckdb" else "")
    for op, args in (("workspace.list", None), ("notes.create", {"title": "x", "markdown": "y"})):
        code, out = tb.call(op, args)
        assert (code, out["error"]) == (1, {"code": "failed", "message": said})
    served = tb.run("serve", "--transport", "stdio", input="")
    assert served.code == 1 and said in served.stderr and "Traceback" not in served.stderr
    assert root.read_text() == "a file"


@pytest.mark.parametrize("log", ["another database's", "of a later state"])
def test_a_write_ahead_log_that_is_not_the_files_own_is_named_and_both_left_as_they_are(demo, tmp_path, log):
    """The database file restored from a backup while its .wal stayed behind (or another file's .wal
    beside it): DuckDB refuses to open it, and the message says which file to move, not "damaged"."""
    duckdb = pytest.importorskip("duckdb")
    wal = Path(f"{demo.db}.wal")
    backup = demo.db.read_bytes()
    written = demo.db if log == "of a later state" else tmp_path / "other.duckdb"
    con = duckdb.connect(str(written))
    con.execute("CREATE TABLE earlier (a INTEGER)")
    con.execute("CHECKPOINT")                            # a state the backup does not have
    con.execute("SET checkpoint_threshold = '1GB'")     # the change stays in the log ...
    con.execute("CREATE TABLE later (a INTEGER)")
    con.execute("INSERT INTO later VALUES (1)")
    shutil.copy(f"{written}.wal", tmp_path / "kept.wal")
    con.close()                                          # ... until the file takes it in
    demo.db.write_bytes(backup)
    shutil.copy(tmp_path / "kept.wal", wal)
    before = (demo.db.read_bytes(), wal.read_bytes())
    for argv in (["tools", "call", "workspace.list"], ["search", "budget"]):
        r = demo.run("--output", "json", *argv)
        assert r.code == 1, r
        assert json.loads(r.stdout)["error"] == {"code": "failed", "message": (
            f"{demo.db} could not be opened: the log beside it (talkbar.duckdb.wal) is not this file's, as when the "
            "file alone is restored from a backup. Move talkbar.duckdb.wal out of its folder to open the file as "
            "it is (what that log holds is then not applied); TalkBar has not changed either.")}
    assert (demo.db.read_bytes(), wal.read_bytes()) == before
    wal.unlink()
    assert demo.call("workspace.list")[0] == 0, "without the log, the file opens as it is"


def test_a_file_of_a_newer_duckdb_is_told_apart():
    from talkbar.db import _refusal

    class IOException(Exception):
        pass
    said = _refusal("/x/talkbar.duckdb", IOException(
        'IO Error: Trying to read a database file with storage version number 99, but we can only read storage '
        'versions between 64 and 67.'))
    assert said == "/x/talkbar.duckdb was written by a newer version of DuckDB than talkbar-cli's; update talkbar-cli."


@pytest.mark.parametrize("change, message", [
    ("UPDATE meta SET value = 'other-app' WHERE key = 'app'", "is a DuckDB database but not TalkBar's."),
    ("DROP TABLE schema_migrations", "is a DuckDB database but not TalkBar's: it has no TalkBar metadata."),
    ("UPDATE meta SET value = 'talkbar' WHERE key = 'app'", None),   # a mark left as it is
    ("INSERT INTO schema_migrations VALUES (99999, 'from_the_future', 0)",
     "was written by a newer TalkBar (schema 99999); update talkbar-cli."),
])
def test_a_file_is_opened_as_what_its_mark_and_migrations_say(tb, change, message):
    import duckdb
    tb.ok("workspace.rename", {"name": "Marked"})
    con = duckdb.connect(str(tb.db))
    con.execute(change)
    con.close()
    r = tb.run("--output", "json", "tools", "call", "workspace.list")
    if message is None:
        assert r.code == 0 and json.loads(r.stdout)["workspaces"][0]["name"] == "Marked", r
        return
    assert r.code == 1, r
    error = json.loads(r.stdout)["error"]
    assert error["code"] == "failed" and error["message"] == f"{tb.db} {message}", error


def test_db_option_opens_an_existing_talkbar_database(tb, tmp_path):
    tb.ok("workspace.rename", {"name": "Via data root"})
    r = tb.run("--db", str(tb.db), "tools", "call", "workspace.list", env={"TALKBAR_DATA_ROOT": str(tmp_path / "elsewhere")})
    assert r.code == 0, r
    assert json.loads(r.stdout)["workspaces"][0]["name"] == "Via data root"
    assert not (tmp_path / "elsewhere").exists()


def test_first_use_creates_one_empty_active_workspace_and_profile(tb):
    assert not tb.db.exists()
    out = tb.ok("workspace.list")
    assert len(out["workspaces"]) == 1 and out["workspaces"][0]["active"] is True
    prof = tb.ok("profile.get")
    assert prof["isDefault"] is True and prof["workspaceId"] == out["workspaces"][0]["workspaceId"]
    stats = tb.ok("workspace.stats")
    assert stats["sessions"]["total"] == 0 and stats["notes"]["total"] == 0


def _shell(tb, redirect, *args):
    """The CLI run by sh with one of its standard streams redirected (closed: `>&-`, `<&-`)."""
    import shlex
    import subprocess
    command = shlex.join(tb.command(*args))
    return subprocess.run(["sh", "-c", f"exec {command} {redirect}"], capture_output="2>&-" not in redirect,
                          text=True, env=tb.env(), cwd=str(REPO), timeout=120)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
@pytest.mark.parametrize("args", [("--output", "json", "tools", "call", "notes.create", "--args",
                                   '{"title": "Lost answer", "markdown": "x"}'), ("search", "budget")])
def test_an_answer_standard_output_refuses_is_said_lost_and_the_write_kept(demo, args):
    r = _shell(demo, "> /dev/full", *args)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert r.stderr == ("talkbar-cli: the answer could not be written to standard output: the disk is full. "
                        "Anything the command changed is kept.\n")
    if args[3:5] == ("call", "notes.create"):
        titles = [n["title"] for n in demo.ok("notes.list", {"limit": 100})["items"]]
        assert titles.count("Lost answer") == 1


def test_closed_standard_streams_get_a_clean_answer(demo):
    r = _shell(demo, ">&-", "tools", "call", "workspace.list")
    assert (r.returncode, r.stderr) == (1, "talkbar-cli: the answer could not be written to standard output: "
                                           "it is closed. Anything the command changed is kept.\n")
    for args in (("tools", "batch"), ("app", "import", "-")):
        r = _shell(demo, "<&-", *args)
        assert (r.returncode, r.stderr) == (1, "Error: Standard input is closed, so - has nothing to read; "
                                               "pipe the input in or give a file.\n"), args
    r = _shell(demo, ">&- 2>&-", "tools", "call", "workspace.list")
    assert r.returncode == 1


INIT = ('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",'
        '"capabilities":{},"clientInfo":{"name":"t","version":"1"}}}')


@pytest.mark.parametrize("redirect, said", [
    ("<&-", "Error: an MCP client talks to the server over standard input and output, and standard input is closed.\n"),
    (">&-", "Error: an MCP client talks to the server over standard input and output, and standard output is closed.\n"),
])
def test_serve_without_its_standard_streams_says_so(tb, redirect, said):
    r = _shell(tb, redirect, "serve", "--transport", "stdio")
    assert (r.returncode, r.stderr) == (1, said)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_serve_stops_when_its_replies_have_nowhere_to_go(tb):
    """The client keeps its end open; the server stops at the next line after a reply failed (the
    wait bounds a hang, it times nothing)."""
    import subprocess
    with open("/dev/full", "w") as full:
        proc = subprocess.Popen(tb.command("serve", "--transport", "stdio"), stdin=subprocess.PIPE, stdout=full,
                                stderr=subprocess.PIPE, text=True, env=tb.env(), cwd=str(REPO))
        try:
            proc.stdin.write(INIT + "\n" + '{"jsonrpc":"2.0","id":2,"method":"ping"}' + "\n")
            proc.stdin.flush()
            code = proc.wait(timeout=120)
        finally:
            proc.kill() if proc.poll() is None else None
            stderr = proc.stderr.read()
            proc.stdin.close()
    assert code == 1 and "Traceback" not in stderr
    assert stderr.endswith("talkbar-cli serve: a reply could not be written to standard output: the disk is full; "
                           "the server stopped.\n"), stderr


@pytest.mark.parametrize("value", ["abc", "-5", "99999999999999999999999", "１２３"])
def test_a_pinned_clock_that_is_not_a_moment_is_refused_in_words(demo, value):
    r = demo.run("--output", "json", "tools", "call", "workspace.list", env={"TALKBAR_NOW_MS": value})
    assert r.code == 1 and r.json == {"error": {"code": "failed", "message": (
        "TALKBAR_NOW_MS must be a whole number of milliseconds since 1970, at most 253402300799999 (the end of "
        f"the year 9999); it is {value!r}. Unset it to use the real time.")}}


@pytest.mark.skipif(sys.platform != "linux", reason="a folder name of bytes that are not UTF-8 (Linux file systems)")
def test_a_data_root_whose_path_is_not_utf8_is_refused_in_words(tmp_path):
    import subprocess
    root = os.fsdecode(os.fsencode(tmp_path) + b"/\xff\xfe")
    env = {**TB(tmp_path).env(), "TALKBAR_DATA_ROOT": root}
    r = subprocess.run(TB(tmp_path).command("tools", "call", "workspace.list"), capture_output=True, env=env,
                       cwd=str(REPO), timeout=120)
    assert r.returncode == 1
    assert r.stderr == (b"Error: " + os.fsencode(tmp_path) + b"/\\xff\\xfe/talkbar.duckdb cannot hold a TalkBar "
                        b"database: its path is not UTF-8 text. Choose a folder (TALKBAR_DATA_ROOT) or a file (--db) "
                        b"whose path is.\n")


@pytest.mark.parametrize("encoding", ["ascii", "cp1252"])
def test_a_stream_that_cannot_encode_every_character_gets_escapes_not_a_failure(demo, encoding):
    """A Windows file redirect (cp1252) or PYTHONIOENCODING=ascii: the JSON answer is the same JSON
    (escaped), a table and an error message show escapes, and nothing fails."""
    utf8 = demo.run("--output", "json", "search", "договор")
    narrow = demo.run("--output", "json", "search", "договор", env={"PYTHONIOENCODING": encoding})
    assert narrow.code == utf8.code == 0 and narrow.stdout.isascii()
    assert json.loads(narrow.stdout) == json.loads(utf8.stdout) and "ТехноСфера" in utf8.stdout
    import subprocess
    table = subprocess.run(demo.command("search", "договор"), capture_output=True, cwd=str(REPO), timeout=120,
                           env=demo.env(PYTHONIOENCODING=encoding))
    assert table.returncode == 0, table.stderr
    assert "\\u0422\\u0435\\u0445\\u043d\\u043e" in table.stdout.decode(encoding)
    refused = demo.run("tools", "call", "notes.get", "--args", '{"noteId": "нет"}', env={"PYTHONIOENCODING": encoding})
    assert refused.code == 1 and refused.stderr == "Error: Note not found in workspace\n"
