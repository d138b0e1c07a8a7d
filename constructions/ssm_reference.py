"""The first (SymPy DomainMatrix) algorithms of constructions/ssm.py, kept as the reference for tests.

`minimal_polynomial` (rref of the Krylov matrix of vec A^j) and `interaction_basis` (rref of the lag matrix over
the SSM's domain) are the code the faster python-flint path replaced; tests/test_ssm_reference.py checks that
both give identical results on every built-in instance. Not used by the toolkit itself.
"""

from __future__ import annotations

from sympy.polys.matrices import DomainMatrix

from constructions.ssm import SSM, InteractionBasis, impulse_responses

__all__ = ["minimal_polynomial", "interaction_basis"]


def _flat(m: DomainMatrix) -> list:
    """Entries row-major (the vec used by the kernel)."""
    return [x for row in m.to_list() for x in row]


def minimal_polynomial(ssm: SSM) -> list:
    """Monic minimal polynomial of A, coefficients p_0..p_d: the first linear dependency among vec A^j."""
    m, domain = ssm.m, ssm.domain
    powers, P = [], DomainMatrix.eye(m, domain)
    for _ in range(m + 1):
        powers.append(_flat(P))
        P = P * ssm.A
    krylov = DomainMatrix([list(col) for col in zip(*powers)], (m * m, m + 1), domain)
    rref, pivots = krylov.rref()
    d = next(j for j in range(m + 1) if j not in pivots)  # Cayley-Hamilton: some j <= m is not a pivot
    table = rref.to_list()
    coeffs = [domain.zero] * (d + 1)
    for row, j in enumerate(pivots):
        if j < d:
            coeffs[j] = -table[row][d]
    coeffs[d] = domain.one
    return coeffs


def interaction_basis(ssm: SSM) -> InteractionBasis:
    """Greedy basis lags of span{W(0..d-1)}, coordinates c_{tau,h} for tau < d, and a nonsingular minor."""
    annihilator = minimal_polynomial(ssm)
    d, domain = len(annihilator) - 1, ssm.domain
    vecs = [_flat(W) for W in impulse_responses(ssm, d)]
    columns = DomainMatrix([list(c) for c in zip(*vecs)], (len(vecs[0]), d), domain)  # vec W(tau) as columns
    rref, pivots = columns.rref()
    lags, table = list(pivots), rref.to_list()
    base = [[table[row][tau] for row in range(len(lags))] for tau in range(d)]
    minor_cols: list[int] = []
    if lags:
        rows = DomainMatrix([vecs[t] for t in lags], (len(lags), len(vecs[0])), domain)
        minor_cols = list(rows.rref()[1])
    return InteractionBasis(ssm, annihilator, lags, base, minor_cols)
