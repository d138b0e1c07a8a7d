"""tools/specs/make_s_heads_error.py: the committed spec file is exactly what the generator writes."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools" / "specs"))

import make_s_heads_error  # noqa: E402


def test_committed_spec_is_the_generator_output():
    committed = (ROOT / "verify" / "kernel" / "specs" / "s_heads_error.json").read_text()
    assert committed == json.dumps(make_s_heads_error.SPEC, indent=1, sort_keys=True) + "\n"


def test_every_param_is_an_input_or_derived_and_the_goal_uses_them():
    spec = make_s_heads_error.SPEC[make_s_heads_error.CLAIM]
    assert set(spec["params"]) == set(make_s_heads_error.INPUTS) | set(make_s_heads_error.DERIVED)
    goal = spec["certified"][0]["goal"]
    assert {v["$param"] for v in goal.values()} == set(spec["params"]) - {"source"}
