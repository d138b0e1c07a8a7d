"""The claim registry: claim ids (paper numbering) mapped to the functions that build their certificates.

Statements and paper references are not repeated here: they are read from the kernel's frozen spec,
so that the text a reader sees and the statement the kernel checks are one and the same.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass

from verify.kernel import statements

__all__ = ["Claim", "claim", "all_claims", "get_claim", "UnknownClaim"]

_BUILDERS: dict[str, tuple[Callable[[], dict], str]] = {}


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


def _load_claim_modules() -> None:
    """Import every module of verify.claims so that their @claim decorators run."""
    import verify.claims as package

    for info in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"verify.claims.{info.name}")


def all_claims() -> list[Claim]:
    """Every registered claim in paper order: spec files in verify.statements.SPEC_FILES order, then file order."""
    from verify.statements import SPEC_FILES

    _load_claim_modules()
    rank = {f"{name}.json": i for i, name in enumerate(SPEC_FILES)}
    out = []
    for claim_id, spec in sorted(statements().items(), key=lambda item: rank.get(item[1]["spec_file"], len(rank))):
        if claim_id in _BUILDERS:
            build, module = _BUILDERS[claim_id]
            st = spec["statement"]
            out.append(Claim(claim_id, spec["section"], spec["reference"], st["latex"], st["words"], build, module))
    return out


def get_claim(claim_id: str) -> Claim:
    """One registered claim by id."""
    for item in all_claims():
        if item.id == claim_id:
            return item
    raise UnknownClaim(claim_id)
