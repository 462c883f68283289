"""The write hooks' plugins are loaded once, and a thread that comes while another is loading them
waits for all of them: its write is indexed and its kept text written like any other. (Marked
loaded before the imports, a second thread's first write ran with the hooks registered so far: on
a fresh MCP server, a note created beside the first write was left out of the list filters' kept
text, its answer saying it was made; tests/test_mcp_tasks.py's race of twenty writes met it twice.)"""

import sys
import threading
import types

from kept_facts import stale
from older_database import workspace_before
from talkbar import hooks
from talkbar.db import Database
from talkbar.engine import CLI, Engine

PLUGIN = '''
import hooks_test_gate as gate
from talkbar import hooks
gate.entered.set()
gate.release.wait(30)


@hooks.on_change
def hook(cur, workspace_id, touched, live=None):
    gate.calls.append(workspace_id)
'''


def test_a_write_while_another_thread_loads_the_plugins_runs_every_hook(tmp_path, monkeypatch):
    (tmp_path / "slow_plugin_for_test.py").write_text(PLUGIN, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    gate = types.SimpleNamespace(entered=threading.Event(), release=threading.Event(), calls=[])
    monkeypatch.setitem(sys.modules, "hooks_test_gate", gate)
    monkeypatch.setattr(hooks, "PLUGINS", ("slow_plugin_for_test",))
    monkeypatch.setattr(hooks, "_loaded", False)
    monkeypatch.setattr(hooks, "_on_change", [])
    try:
        loading = threading.Thread(target=hooks.load_plugins)
        loading.start()
        assert gate.entered.wait(30)          # the first thread is inside the plugin's import
        writing = threading.Thread(target=hooks.changed, args=(None, "ws-written", [("note", "n1")]))
        writing.start()
        writing.join(0.2)       # it waits for the plugins (a write that does not would be done by now)
        gate.release.set()
        loading.join(30)
        writing.join(30)
        assert gate.calls == ["ws-written"]
        hooks.changed(None, "ws-next", [])
        assert gate.calls == ["ws-written", "ws-next"]   # loaded once: the plugin's hook, once
    finally:
        gate.release.set()
        sys.modules.pop("slow_plugin_for_test", None)


def test_a_file_from_before_gets_the_kept_text_such_writes_left_out_or_stale(tmp_path, monkeypatch):
    """Migration 1230: a note committed without its kept text, and one whose text changed without
    it, are found by the list filter by what they say once the file is opened."""
    path = tmp_path / "older.duckdb"
    con, ws = workspace_before(path, 1230, monkeypatch)
    for note, title in (("note-left-out", "Quokka census"), ("note-stale", "Zebu herd")):
        con.execute("INSERT INTO notes (workspace_id, note_id, title, markdown, created_at, updated_at) "
                    "VALUES ($ws, $id, $title, '', 1, 1)", {"ws": ws, "id": note, "title": title})
    con.execute("INSERT INTO note_facts SELECT * FROM note_facts_of(['note-stale'])")
    con.execute("UPDATE notes SET title = 'Zebu pasture' WHERE note_id = 'note-stale'")
    con.close()
    assert stale(path, "note_facts", "note_id", "notes") != []
    engine = Engine(Database(path, create=False, idle_s=0), CLI)
    listed = lambda words: {n["noteId"] for n in engine.call("notes.list", {"search": words})["items"]}  # noqa: E731
    assert listed("quokka") == {"note-left-out"}
    assert listed("pasture") == {"note-stale"} and listed("herd") == set()
    engine.db.release_now()
    assert stale(path, "note_facts", "note_id", "notes") == []
