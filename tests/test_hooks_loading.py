"""The write hooks' plugins are loaded once, and a thread that comes while another is loading them
waits for all of them: its write is indexed and its kept text written like any other. (Marked
loaded before the imports, a second thread's first write ran with the hooks registered so far: on
a fresh MCP server, a note created beside the first write was left out of the list filters' kept
text, its answer saying it was made; tests/test_mcp_tasks.py's race of twenty writes met it twice.)"""

import sys
import threading
import types

from talkbar import hooks

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
