"""The frozen statements: what each claim id must prove, kept as data beside the kernel (specs/*.json).

A certificate is accepted for claim X only when it establishes every goal that specs/ lists for X
under its verdict; proving something else, or something weaker, does not count.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from .errors import KernelError

__all__ = ["statements", "statement_of", "substitute_params", "SPEC_DIR", "VERDICTS"]

SPEC_DIR = Path(__file__).with_name("specs")
VERDICTS = ("certified", "refuted")


@lru_cache(maxsize=1)
def statements() -> dict[str, dict]:
    """All registered statements, read once from specs/*.json (ids must be unique across files)."""
    table: dict[str, dict] = {}
    for path in sorted(SPEC_DIR.glob("*.json")):
        for claim_id, spec in json.loads(path.read_text(encoding="utf-8")).items():
            if claim_id in table:
                raise KernelError(str(path), f"claim {claim_id!r} is registered twice")
            if not any(spec.get(v) for v in VERDICTS):
                raise KernelError(str(path), f"claim {claim_id!r} lists no goals for any verdict")
            table[claim_id] = {**spec, "spec_file": path.name}
    return table


def statement_of(claim_id: object, where: str) -> dict:
    """The registered statement of a claim id."""
    table = statements()
    if not isinstance(claim_id, str) or claim_id not in table:
        raise KernelError(where, f"found claim {claim_id!r}, which has no registered statement in the kernel")
    return table[claim_id]


def substitute_params(value: object, params: dict, where: str) -> object:
    """Replace every {"$param": name} in a spec goal by the certificate's value for that name."""
    if isinstance(value, dict):
        if set(value) == {"$param"}:
            name = value["$param"]
            if name not in params:
                raise KernelError(where, f"missing parameter {name!r}")
            return params[name]
        return {k: substitute_params(v, params, where) for k, v in value.items()}
    if isinstance(value, list):
        return [substitute_params(v, params, where) for v in value]
    return value
