"""Exact linear algebra over QQ / QQ<i> with SymPy's DomainMatrix: rank witnesses and coordinates."""

from __future__ import annotations

from sympy.polys.matrices import DomainMatrix

from constructions.exact import number

__all__ = ["rank_witness"]


def rank_witness(m: DomainMatrix) -> tuple[int, dict]:
    """rank(m) and the kernel's witness: a nonsingular minor and every other row's coordinates."""
    rref_t, pivots = m.transpose().rref()
    rank = len(pivots)
    rows = list(pivots)
    basis = DomainMatrix([m.to_list()[r] for r in rows], (rank, m.shape[1]), m.domain) if rank else None
    cols = list(basis.rref()[1]) if basis is not None else []
    table = rref_t.to_list()
    combinations = [
        {"row": k, "coefficients": [number(m.domain.to_sympy(table[p][k])) for p in range(rank)]}
        for k in range(m.shape[0])
        if k not in rows
    ]
    return rank, {"rows": rows, "cols": cols, "combinations": combinations}
