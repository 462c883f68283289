"""`-V`, and shell completion: `talkbar-cli completion bash|zsh|fish` prints the script, and the
real process answers the script's requests (_TALKBAR_CLI_COMPLETE, COMP_WORDS, COMP_CWORD) with
operation ids where an operation is named."""

import json


def test_short_version_option(tb):
    assert tb.run("-V").stdout == tb.run("--version").stdout == "talkbar-cli 0.1.0\n"


def _complete(tb, words, shell="bash"):
    words = words.split(" ")
    env = {"_TALKBAR_CLI_COMPLETE": f"{shell}_complete", "COMP_WORDS": " ".join(words), "COMP_CWORD": len(words) - 1}
    r = tb.run(env=env)
    assert r.code == 0, r
    return [line.split(",", 1)[1] for line in r.stdout.splitlines() if "," in line]


def test_completion_scripts(tb):
    for shell, marker in (("bash", "complete -o nosort -F _talkbar_cli_completion talkbar-cli"),
                          ("zsh", "#compdef talkbar-cli"), ("fish", "complete --no-files --command talkbar-cli")):
        r = tb.run("completion", shell)
        assert r.code == 0 and marker in r.stdout, (shell, r)
        assert f"_TALKBAR_CLI_COMPLETE={shell}_complete" in r.stdout or f"{shell}_complete" in r.stdout
    assert tb.run("completion", "tcsh").code == 2


def test_completion_offers_operation_ids(tb, tmp_path):
    from talkbar.manifest import manifest
    notes = sorted(op.id for op in manifest() if op.id.startswith("notes."))
    assert sorted(_complete(tb, "talkbar-cli tools info notes.")) == notes
    assert sorted(_complete(tb, "talkbar-cli --output json tools call notes.")) == notes
    assert _complete(tb, "talkbar-cli tools call workspace.sta") == ["workspace.stats"]
    after_one = _complete(tb, "talkbar-cli app access set notes.create ")
    assert {"on", "off", "workspace.search"} <= set(after_one)
    assert "on" not in _complete(tb, "talkbar-cli app access set ")
    assert "tools" in _complete(tb, "talkbar-cli t") and "completion" in _complete(tb, "talkbar-cli c")
    (tmp_path / "policy.json").write_text(json.dumps({"blockedGroups": ["contentChanges"]}))
    tb.env_extra["TALKBAR_POLICY_FILE"] = str(tmp_path / "policy.json")
    assert "workspace.rename" not in _complete(tb, "talkbar-cli tools info workspace.")
    assert not tb.root.exists()                                  # completing touches no data
