"""The generators of the kernel's frozen statements (verify/kernel/specs/*.json), one module per spec file.

A statement is reviewed here, as Python that says what each claim's goals are (inputs, derived parameters,
literal instance data), and frozen as JSON beside the kernel, which reads only the JSON. Regenerate with
`python -m verify.statements` (writes the files) or check with `python -m verify.statements --check`
(exit 1 when a committed file differs from what its generator makes; tests/test_statements.py runs it).
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path

__all__ = ["SPEC_FILES", "entry", "goal_of", "generate", "spec_text", "param", "write_all", "stale_files"]

SPEC_DIR = Path(__file__).resolve().parent.parent / "kernel" / "specs"
# Spec file name (without .json) -> generator module in this package; read in name order by the kernel.
SPEC_FILES = (
    "s3_framework",
    "s3_rnn",
    "s3_table1",
    "s4_1_rank_gap",
    "s4_2_heads",
    "s5_gradients",
    "s7_discussion",
    "sA_modes",
    "sA_practice",
    "sA_review",
    "s_findings",
    "s_heads_error",
    "s_heads_float",
    "sexp",
    "sexp_readings",
    "snum",
    "snum_chunked",
)


def param(name: str) -> dict:
    """A reference to the certificate's parameter `name` inside a goal."""
    return {"$param": name}


def _compact(value: object) -> str:
    """One-line JSON."""
    return json.dumps(value, ensure_ascii=True, separators=(",", ":"))


def _layout(value: object, indent: str) -> str:
    """Objects one key per line in insertion order; short lists without objects on one line."""
    if isinstance(value, dict):
        if not value:
            return "{}"
        inner = indent + " "
        items = [f"{inner}{json.dumps(k)}: {_layout(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(value, list):
        flat = _compact(value)
        if not value or ("{" not in flat and len(flat) <= 100):
            return flat
        inner = indent + " "
        return "[\n" + ",\n".join(inner + _layout(v, inner) for v in value) + "\n" + indent + "]"
    return json.dumps(value, ensure_ascii=True)


def spec_text(entries: dict) -> str:
    """The JSON text of one spec file (claims in the given order, which is the paper order)."""
    return _layout(entries, "") + "\n"


def generate(name: str) -> str:
    """The text of specs/<name>.json as its generator makes it."""
    module = importlib.import_module(f"verify.statements.{name}")
    return spec_text(module.entries())


def available() -> list[str]:
    """The spec files that have a generator module in this package."""
    here = Path(__file__).parent
    return [name for name in SPEC_FILES if (here / f"{name}.py").exists()]


def stale_files() -> list[str]:
    """Spec files whose committed JSON differs from what the generator makes."""
    return [n for n in available() if (SPEC_DIR / f"{n}.json").read_text(encoding="utf-8") != generate(n)]


def write_all() -> list[str]:
    """Regenerate every spec file that has a generator; returns the names written."""
    written = []
    for name in available():
        text = generate(name)
        path = SPEC_DIR / f"{name}.json"
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            written.append(name)
    return written


def entry(text: dict, verdict: str, goals: list[dict], inputs: tuple[str, ...] = (), **extra: object) -> dict:
    """One claim's statement: its texts, the goals of its verdict, its params (inputs first) and inputs."""
    seen: list[str] = list(inputs)
    for item in goals:
        for name in _params_in_order(item["goal"]):
            if name not in seen:
                seen.append(name)
    out = {key: text[key] for key in ("section", "reference", "statement", "why")}
    out.update(params=seen, inputs=list(inputs))
    out.update(extra)
    out[verdict] = goals
    return out


def goal_of(obligation: object, derived: dict[str, str] | None = None) -> dict:
    """The spec goal of a builder's Obligation, with the goal fields named in `derived` made parameters."""
    derived = derived or {}
    goal = {k: (param(derived[k]) if k in derived else v) for k, v in obligation.goal.items()}
    return {"name": obligation.name, "kind": obligation.kind, "goal": goal}


def _params_in_order(value: object) -> list[str]:
    """The {"$param": name} references inside a value, in document order."""
    if isinstance(value, dict):
        if set(value) == {"$param"}:
            return [value["$param"]]
        return [n for v in value.values() for n in _params_in_order(v)]
    if isinstance(value, list):
        return [n for v in value for n in _params_in_order(v)]
    return []
