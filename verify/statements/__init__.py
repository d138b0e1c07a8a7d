"""The generators of the kernel's frozen statements (verify/kernel/specs/*.json), one module per spec file.

A statement is reviewed here, as Python that says what each claim's goals are (inputs, derived parameters,
literal instance data), and frozen as JSON beside the kernel, which reads only the JSON. Regenerate with
`python -m verify.statements` (writes the files) or check with `python -m verify.statements --check`
(exit 1 when a committed file differs from what its generator makes; tests/test_statements.py runs it).

Big literal data of a fixed instance goes into a data file, specs/data/FILE (a generator module's
`data_files()` returns FILE -> value), and the goal holds `data_ref(FILE, value)`: {"$data": FILE, "sha256": ...},
which the kernel resolves when the specs load (verify/kernel/statements.py), checking the hash.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

__all__ = [
    "SPEC_FILES",
    "entry",
    "goal_of",
    "generate",
    "spec_text",
    "param",
    "write_all",
    "stale_files",
    "data_ref",
    "data_text",
    "generated_data",
]

SPEC_DIR = Path(__file__).resolve().parent.parent / "kernel" / "specs"
DATA_DIR = SPEC_DIR / "data"
# Spec file name (without .json) -> generator module in this package, in paper order: the kernel reads the files in
# name order, and verify.registry.all_claims lists claims in this order.
SPEC_FILES = (
    "s3_framework",
    "s3_rnn",
    "s3_table1",
    "s4_rank_gap",
    "s4_heads",
    "s5_gradients",
    "s7_discussion",
    "sA_modes",
    "sA_practice",
    "sA_review",
    "s_findings",
    "exp_heads_error",
    "exp_heads_float",
    "exp_figures",
    "exp_readings",
    "num_checks",
    "num_chunked",
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


def data_text(value: object) -> str:
    """The text of a data file: a list one element per line (compact JSON), any other value on one line."""
    if isinstance(value, list) and value:
        return "[\n" + ",\n".join(_compact(v) for v in value) + "\n]\n"
    return _compact(value) + "\n"


def data_ref(file: str, value: object) -> dict:
    """The goal value that stands for `value`, kept in specs/data/<file>: the file's name and SHA-256."""
    return {"$data": file, "sha256": hashlib.sha256(data_text(value).encode("ascii")).hexdigest()}


def generated_data(name: str) -> dict[str, str]:
    """The data files (name -> text) of one spec file's generator (none for most)."""
    module = importlib.import_module(f"verify.statements.{name}")
    files: dict[str, object] = getattr(module, "data_files", dict)()
    return {file: data_text(value) for file, value in files.items()}


def _targets() -> list[tuple[str, Path, Callable[[], str]]]:
    """(path under specs/, path, text maker) of every file the generators write: spec files, then data files."""
    out: list[tuple[str, Path, Callable[[], str]]] = []
    for name in available():
        out.append((f"{name}.json", SPEC_DIR / f"{name}.json", functools.partial(generate, name)))
        for file, text in generated_data(name).items():
            out.append((f"data/{file}", DATA_DIR / file, functools.partial(str, text)))
    return out


def _write(path: Path, text: str) -> None:
    """Write a file whole: a temporary file beside it, then renamed over it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def available() -> list[str]:
    """The spec files that have a generator module in this package."""
    here = Path(__file__).parent
    return [name for name in SPEC_FILES if (here / f"{name}.py").exists()]


def stale_files() -> list[str]:
    """Spec and data files (paths under specs/) whose committed text differs from their generator's or is missing."""
    return [
        label for label, path, make in _targets() if not path.exists() or path.read_text(encoding="utf-8") != make()
    ]


def write_all() -> list[str]:
    """Regenerate every spec file that has a generator, and its data files; returns their paths under specs/."""
    written = []
    for label, path, make in _targets():
        text = make()
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            _write(path, text)
            written.append(label)
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


class _Built(Protocol):
    """What goal_of reads of a builder's obligation (verify.certificate.Obligation has these fields)."""

    name: str
    kind: str
    goal: dict


def goal_of(obligation: _Built, derived: dict[str, str] | None = None) -> dict:
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
