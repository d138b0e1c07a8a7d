"""The claim registry: claim ids (paper numbering) mapped to the functions that build their certificates.

Statements and paper references are not repeated here: they are read from the kernel's frozen spec,
so that the text a reader sees and the statement the kernel checks are one and the same.

Which module registers which claim is recorded in verify/claims/data/index.json, so that listing the claims
(`list`, `check FOLDER`, `report`, `show`) imports no claim module (several import SymPy, about 0.4 s): a claim's
module is imported when its certificate is built. tests/test_registry.py checks the index against the modules'
own @claim registrations; `python -m verify.registry` rewrites it after a claim is added, moved or removed.
"""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from verify.kernel import statements

__all__ = [
    "Claim",
    "claim",
    "all_claims",
    "get_claim",
    "UnknownClaim",
    "load_claim_modules",
    "registered_modules",
    "INDEX_FILE",
]

_BUILDERS: dict[str, tuple[Callable[[], dict], str]] = {}
INDEX_FILE = Path(__file__).with_name("claims") / "data" / "index.json"


class UnknownClaim(KeyError):
    """A claim id that is not registered."""


@dataclass(frozen=True)
class Claim:
    """A registered claim: its id, paper reference, statement, and certificate builder."""

    id: str
    section: str
    reference: str
    latex: str
    words: str
    build: Callable[[], dict]
    module: str


def claim(claim_id: str) -> Callable[[Callable[[], dict]], Callable[[], dict]]:
    """Register the decorated function as the certificate builder of `claim_id`."""

    def register(build: Callable[[], dict]) -> Callable[[], dict]:
        if claim_id in _BUILDERS:
            raise ValueError(f"claim {claim_id!r} registered twice")
        if claim_id not in statements():
            raise ValueError(f"claim {claim_id!r} has no statement in verify/kernel/specs/")
        _BUILDERS[claim_id] = (build, build.__module__)
        return build

    return register


def load_claim_modules() -> None:
    """Import every module of verify.claims so that their @claim decorators run."""
    import verify.claims as package

    for info in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"verify.claims.{info.name}")


def registered_modules() -> dict[str, str]:
    """Claim id -> the module that registers it, found by importing every claim module (what the index records)."""
    load_claim_modules()
    return {claim_id: _BUILDERS[claim_id][1] for claim_id, _ in _paper_order() if claim_id in _BUILDERS}


def _paper_order() -> list[tuple[str, dict]]:
    """The kernel's statements in paper order: spec files in verify.statements.SPEC_FILES order, then file order."""
    from verify.statements import SPEC_FILES

    rank = {f"{name}.json": i for i, name in enumerate(SPEC_FILES)}
    return sorted(statements().items(), key=lambda item: rank.get(item[1]["spec_file"], len(rank)))


@lru_cache(maxsize=1)
def _index() -> dict[str, str]:
    """Claim id -> module, as recorded in verify/claims/data/index.json."""
    return json.loads(INDEX_FILE.read_text(encoding="utf-8"))


@cache
def _lazy_build(claim_id: str, module: str) -> Callable[[], dict]:
    """The builder of `claim_id` (one object per claim, so Claims compare equal): imports its module, then builds."""

    def build() -> dict:
        """Import the claim's module (its @claim registers the builder) and build the certificate."""
        importlib.import_module(module)
        if claim_id not in _BUILDERS:
            raise UnknownClaim(f"{claim_id} (verify/claims/data/index.json names {module}, which does not register it)")
        return _BUILDERS[claim_id][0]()

    build.__name__ = build.__qualname__ = f"build[{claim_id}]"
    return build


def all_claims() -> list[Claim]:
    """Every registered claim in paper order (spec files in verify.statements.SPEC_FILES order, then file order);
    no claim module is imported."""
    index = _index()
    out = []
    for claim_id, spec in _paper_order():
        if claim_id in index:
            st = spec["statement"]
            build = _lazy_build(claim_id, index[claim_id])
            out.append(
                Claim(claim_id, spec["section"], spec["reference"], st["latex"], st["words"], build, index[claim_id])
            )
    return out


def get_claim(claim_id: str) -> Claim:
    """One registered claim by id."""
    for item in all_claims():
        if item.id == claim_id:
            return item
    raise UnknownClaim(claim_id)


def write_index() -> bool:
    """Rewrite verify/claims/data/index.json from the claim modules (atomically); True when it changed."""
    text = json.dumps(registered_modules(), indent=1) + "\n"
    if INDEX_FILE.exists() and INDEX_FILE.read_text(encoding="utf-8") == text:
        return False
    temp = INDEX_FILE.with_name(INDEX_FILE.name + ".tmp")
    temp.write_text(text, encoding="utf-8")
    os.replace(temp, INDEX_FILE)
    return True


if __name__ == "__main__":  # python -m verify.registry: the index, from the modules' own registrations
    from verify.registry import write_index as _write  # the package's module, whose _BUILDERS the claims fill

    print(f"{INDEX_FILE}: {'rewritten' if _write() else 'unchanged'}")
    sys.exit(0)
