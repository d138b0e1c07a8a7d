"""The first real block form of constructions/modes.py (chains from constructions.jordan), kept for tests.

tests/test_blockform.py checks that constructions/blockform.py gives identical T, T^-1 and block sizes (and the
same refusals) on every built-in instance, and tests/test_modes.py that the Newton-identity trace equals this
matrix trace. Not used by the toolkit itself.
"""

from __future__ import annotations

from flint import fmpq, fmpq_mat, fmpq_poly

from constructions.blockform import NotBlockable

__all__ = ["real_block_form", "trace", "eigen_structure"]


def eigen_structure(a: fmpq_mat) -> list:
    """Jordan chains and spectral rows for every factor, all by linear algebra over K (the first version)."""
    from constructions.jordan import (
        Eigen,
        _shifted,
        eigen_factors,
        inverse,
        jordan_chains,
        kmatmul,
        left_inverse,
        nullspace,
    )

    out = []
    for f, e in eigen_factors(a):
        chains = jordan_chains(a, f, e)
        columns = [v for c in chains for v in c]
        shifted_t = [list(r) for r in zip(*_shifted(a, f))]
        power = shifted_t
        for _ in range(max(len(c) for c in chains) - 1):
            power = kmatmul(shifted_t, power, f)
        w = nullspace(power, f)
        wtv = [[sum((x * y for x, y in zip(wr, v)), fmpq_poly([0])) % f for v in columns] for wr in w]
        dual = kmatmul(inverse(wtv, f), w, f)
        out.append(Eigen(f, chains, left_inverse(columns, f), dual))
    return out


def trace(x: fmpq_poly, f: fmpq_poly) -> fmpq:
    """Tr_f(x): the trace of the rational matrix of multiplication by x on the basis 1, a, ..., a^(d-1)."""
    d = f.degree()
    rows = []
    for s in range(d):
        coeffs = list(((x * fmpq_poly([0] * s + [1])) % f).coeffs()) + [fmpq(0)] * d
        rows.append(coeffs[:d])
    return sum((rows[s][s] for s in range(d)), fmpq(0))


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
