"""The first real block form of constructions/modes.py (chains from constructions.jordan), kept for tests.

tests/test_blockform.py checks that constructions/blockform.py gives identical T, T^-1 and block sizes (and the
same refusals) on every built-in instance. Not used by the toolkit itself.
"""

from __future__ import annotations

from flint import fmpq, fmpq_mat

from constructions.blockform import NotBlockable
from constructions.jordan import eigen_structure

__all__ = ["real_block_form"]


def real_block_form(a: fmpq_mat) -> tuple[fmpq_mat, fmpq_mat, list[int]]:
    """T, T^-1 and block sizes with T A T^-1 block diagonal in 1x1 and 2x2 rational blocks."""
    columns, sizes = [], []
    for e in eigen_structure(a):
        f, deg = e.modulus, e.modulus.degree()
        if deg == 1 and max(e.sizes) <= 2:
            for chain in e.chains:
                columns.extend([[(x % f).coeffs()[0] if not x.is_zero() else fmpq(0) for x in v] for v in chain])
                sizes.append(len(chain))
        elif deg == 2 and max(e.sizes) == 1:
            for chain in e.chains:
                v = chain[0]
                parts = [list((x % f).coeffs()) + [fmpq(0), fmpq(0)] for x in v]
                columns.append([p[0] for p in parts])
                columns.append([p[1] for p in parts])
                sizes.append(2)
        else:
            raise NotBlockable(
                f"the eigenvalues with minimal polynomial {f} have Jordan blocks of sizes {e.sizes}: "
                "a real similarity to 1x1/2x2 blocks needs blocks <= 2 for a rational eigenvalue, <= 1 for a "
                "quadratic pair, and (for a rational T) no irreducible factor of degree >= 3"
            )
    n = a.nrows()
    t_inv = fmpq_mat(n, n, [columns[j][r] for r in range(n) for j in range(n)])
    return t_inv.inv(), t_inv, sizes
