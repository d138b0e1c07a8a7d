"""Costs as claims: Section 3's parameter and operation counts and every cost cell of Table 1.

Each certificate carries the algorithm as a loop nest with its exact counts (the kernel re-sums them) and the
paper's big-O as an explicit inequality for all sizes >= 1, or its refutation by an unbounded ratio. The
obligations are built in verify/claims/s3_cost_goals.py, shared with the statement generator.
"""

from __future__ import annotations

from collections.abc import Callable

from verify.certificate import make_certificate
from verify.claims.s3_cost_goals import COLUMNS, ROWS, SECTION3, cell_obligations
from verify.registry import claim

__all__ = ["build_section3", "build_cell"]


def build_section3(claim_id: str) -> dict:
    """The certificate of one Section 3 cost claim."""
    verdict, builders = SECTION3[claim_id]
    return make_certificate(claim_id, verdict, [b() for b in builders])


def build_cell(row: str, column: str) -> dict:
    """The certificate of one Table 1 cell: its algorithms' exact costs and the cell's bound."""
    return make_certificate(f"tab1.{row}.{column}", "certified", cell_obligations(row, column))


def _register(claim_id: str, build: Callable[[], dict]) -> None:
    """Register a builder under a claim id (its docstring names the claim)."""
    build.__doc__ = f"The certificate of {claim_id}."
    build.__module__ = __name__
    claim(claim_id)(build)


def _section3_builder(claim_id: str) -> Callable[[], dict]:
    """The builder of one Section 3 cost claim."""
    return lambda: build_section3(claim_id)


def _cell_builder(row: str, column: str) -> Callable[[], dict]:
    """The builder of one Table 1 cell."""
    return lambda: build_cell(row, column)


for _id in SECTION3:
    _register(_id, _section3_builder(_id))
for _row in ROWS:
    for _column in COLUMNS:
        _register(f"tab1.{_row}.{_column}", _cell_builder(_row, _column))
