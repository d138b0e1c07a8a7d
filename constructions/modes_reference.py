"""The first Appendix A constructions, kept for tests: closed forms over K = QQ[a]/(f) in the power basis.

The toolkit now writes the closed forms of W(tau) and the coordinates b_{h,l} in trace coordinates and A^tau by its
Jordan chains (constructions/modes.py). This module keeps the original path, which multiplies the chains V by
explicit dual rows Q' over K: M_l(tau) = V (sum_q binom(tau, q) a^-q N^q) Q', H_l = C M_l B, b_{h,l} = <F_h, H_l>,
and the first real block form. tests/test_modes.py checks that both paths give the same closed forms (the trace
coordinates of these power-basis elements) on every built-in instance, tests/test_blockform.py the block forms.
Not used by the toolkit itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import factorial

from flint import fmpq, fmpq_mat, fmpq_poly

from constructions.blockform import NotBlockable

__all__ = ["RefEigen", "real_block_form", "trace", "eigen_structure", "closed_forms", "head_coefficients"]

KT = dict[int, fmpq_poly]


@dataclass
class RefEigen:
    """An eigenvalue modulus f with its canonical Jordan chains V, a left inverse and the spectral rows Q'."""

    modulus: fmpq_poly
    chains: list
    left: list
    dual: list

    @property
    def sizes(self) -> list[int]:
        """The chain lengths."""
        return [len(c) for c in self.chains]


def eigen_structure(a: fmpq_mat) -> list[RefEigen]:
    """Jordan chains and spectral rows for every factor, all by linear algebra over K (the first version)."""
    from constructions.jordan import (
        eigen_factors,
        inverse,
        jordan_chains,
        kmatmul,
        left_inverse,
        nullspace,
        shifted,
    )

    out = []
    for f, e in eigen_factors(a):
        chains = jordan_chains(a, f, e)
        columns = [v for c in chains for v in c]
        shifted_t = [list(r) for r in zip(*shifted(a, f))]
        power = shifted_t
        for _ in range(max(len(c) for c in chains) - 1):
            power = kmatmul(shifted_t, power, f)
        w = nullspace(power, f)
        wtv = [[sum((x * y for x, y in zip(wr, v)), fmpq_poly([0])) % f for v in columns] for wr in w]
        dual = kmatmul(inverse(wtv, f), w, f)
        out.append(RefEigen(f, chains, left_inverse(columns, f), dual))
    return out


def trace(x: fmpq_poly, f: fmpq_poly) -> fmpq:
    """Tr_f(x): the trace of the rational matrix of multiplication by x on the basis 1, a, ..., a^(d-1)."""
    d = f.degree()
    rows = []
    for s in range(d):
        coeffs = list(((x * fmpq_poly([0] * s + [1])) % f).coeffs()) + [fmpq(0)] * d
        rows.append(coeffs[:d])
    return sum((rows[s][s] for s in range(d)), fmpq(0))


def _binomial_poly(q: int) -> list[fmpq]:
    """Coefficients (in tau) of binom(tau, q) = tau (tau - 1) ... (tau - q + 1) / q!."""
    p = fmpq_poly([1])
    for r in range(q):
        p = p * fmpq_poly([-r, 1])
    p = p / factorial(q)
    return list(p.coeffs())


def _state_form(a: fmpq_mat, e: RefEigen) -> list[list[KT]]:
    """M(tau) = V (sum_q binom(tau, q) a^-q N^q) Q' with N the nilpotent part of Q' A V."""
    from constructions.jordan import inverse_elem, kmatmul

    f = e.modulus
    cols = [v for chain in e.chains for v in chain]
    v = [[cols[j][r] for j in range(len(cols))] for r in range(a.nrows())]
    kmat = [[fmpq_poly([a[r, c]]) % f for c in range(a.ncols())] for r in range(a.nrows())]
    block = kmatmul(kmatmul(e.dual, kmat, f), v, f)
    gen = fmpq_poly([0, 1]) % f
    nil = [[(x - (gen if r == c else 0)) % f for c, x in enumerate(row)] for r, row in enumerate(block)]
    inv_gen = inverse_elem(gen, f)
    n = a.nrows()
    out: list[list[KT]] = [[{} for _ in range(n)] for _ in range(n)]
    power = [[fmpq_poly([1 if r == c else 0]) for c in range(len(cols))] for r in range(len(cols))]
    for q in range(max(e.sizes)):
        g = kmatmul(kmatmul(v, power, f), e.dual, f)
        scale = fmpq_poly([1])
        for _ in range(q):
            scale = (scale * inv_gen) % f
        for k, bc in enumerate(_binomial_poly(q)):
            for r in range(n):
                for c in range(n):
                    term = (g[r][c] * scale * bc) % f
                    out[r][c][k] = (out[r][c].get(k, fmpq_poly([0])) + term) % f
        power = kmatmul(power, nil, f)
    return out


def _kt_matmul(x: list[list[KT]], y: list[list[KT]], f: fmpq_poly) -> list[list[KT]]:
    """Product of matrices over K[tau], reduced modulo f."""
    out = []
    for row in x:
        new = []
        for col in zip(*y):
            acc: KT = {}
            for p, q in zip(row, col):
                for k1, c1 in p.items():
                    for k2, c2 in q.items():
                        acc[k1 + k2] = (acc.get(k1 + k2, fmpq_poly([0])) + c1 * c2) % f
            new.append(acc)
        out.append(new)
    return out


def _const_kt(m: fmpq_mat) -> list[list[KT]]:
    """A rational matrix as constant K[tau] entries."""
    return [[{0: fmpq_poly([m[r, c]])} for c in range(m.ncols())] for r in range(m.nrows())]


def closed_forms(a: fmpq_mat, b: fmpq_mat, c: fmpq_mat) -> tuple[int, list[tuple[fmpq_poly, list, list]]]:
    """(nu, [(f, M_l(tau), H_l(tau)) per nonzero eigenvalue modulus]): the state and output closed forms over K."""
    modes, start = [], 0
    for e in eigen_structure(a):
        if e.modulus == fmpq_poly([0, 1]):
            start = max(e.sizes)
            continue
        state = _state_form(a, e)
        output = _kt_matmul(_kt_matmul(_const_kt(c), state, e.modulus), _const_kt(b), e.modulus)
        modes.append((e.modulus, state, output))
    return start, modes


def head_coefficients(outputs: list[tuple[fmpq_poly, list]], functionals: list[fmpq_mat]) -> list[list[KT]]:
    """b_{h,l}(tau) = <F_h, H_l(tau)> (Frobenius pairing), one K[tau] element per head and mode."""
    out = []
    for fh in functionals:
        row = []
        for f, output in outputs:
            acc: KT = {}
            for r, line in enumerate(output):
                for col, entry in enumerate(line):
                    for k, x in entry.items():
                        acc[k] = (acc.get(k, fmpq_poly([0])) + x * fh[r, col]) % f
            row.append({k: x for k, x in acc.items() if not x.is_zero()})
        out.append(row)
    return out


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
