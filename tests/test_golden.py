"""Golden cases: tests/golden/<operation>/<case>.json, each run through the real CLI.

A case is {"args": …, "expect": … | "error": {"code", "message"}}, optionally with
"fixture": "demo" (default) or "empty", "app": [["license", "activate", "free"], …] (the app's
own actions, `talkbar-cli app …`, run first), "setup": [calls run next, each must succeed],
"env": {…} and "match": "subset". In setup and args, {"$ref": "N.key.sub"} is replaced by that
field of setup call N's result. See golden_match.py for the placeholders an expectation may use.
"""

import json
from pathlib import Path

import pytest

from golden_match import mismatch

GOLDEN = Path(__file__).parent / "golden"
CASES = sorted(GOLDEN.glob("*/*.json"))


def _resolve(value, results):
    if isinstance(value, dict):
        if set(value) == {"$ref"}:
            index, *keys = value["$ref"].split(".")
            out = results[int(index)]
            for k in keys:
                out = out[int(k)] if isinstance(out, list) else out[k]
            return out
        return {k: _resolve(v, results) for k, v in value.items()}
    if isinstance(value, list):
        return [_resolve(v, results) for v in value]
    return value


def run_case(t, spec, op):
    env = spec.get("env")
    for argv in spec.get("app", []):
        r = t.run("app", *argv, env=env)
        assert r.code == 0, f"app step {argv} failed: {r}"
    results = []
    for step in spec.get("setup", []):
        call = _resolve(step, results)
        code, out = t.batch([call]) if env is None else _batch_env(t, [call], env)
        assert out and out[0]["ok"], f"setup step {call} failed: {out}"
        results.append(out[0]["result"])
    call = {"tool": op}
    if "args" in spec:
        call["args"] = _resolve(spec["args"], results)
    code, out = t.batch([call]) if env is None else _batch_env(t, [call], env)
    assert out and len(out) == 1, out
    return out[0]


def _batch_env(t, calls, env):
    r = t.run("tools", "batch", input=json.dumps(calls), env=env)
    return r.code, r.json


@pytest.mark.parametrize("case", CASES, ids=[f"{c.parent.name}/{c.stem}" for c in CASES])
def test_golden(case, request):
    spec = json.loads(case.read_text(encoding="utf-8"))
    t = request.getfixturevalue("tb" if spec.get("fixture") == "empty" else "demo")
    entry = run_case(t, spec, case.parent.name)
    if "error" in spec:
        assert entry["ok"] is False, f"expected an error, got {entry}"
        problem = mismatch(spec["error"], entry["error"])
    else:
        assert entry["ok"] is True, f"expected success, got {entry}"
        expect = spec["expect"]
        problem = mismatch({"$subset": expect} if spec.get("match") == "subset" else expect, entry["result"])
    assert problem is None, problem
