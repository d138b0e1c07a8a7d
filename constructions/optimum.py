"""Experiment I, exactly: the rotation teachers and the minimum test MSE of an H-head student.

Setting (stated once, used by numeric/experiments/fig3.py and the claims exp.fig3*):

* Teacher: a linear SSM with state dimension k (k even), A = blockdiag(R_1, ..., R_{k/2}) where
  R_b = [[c_b, -s_b], [s_b, c_b]] is the rotation of a Pythagorean triple (c_b, s_b rational, distinct
  angles), B = C = I_k, so d = p = k and W(tau) = A^tau. Its interaction rank is k.
* Student: eq. (6) with H heads, value matrices V^(h) in R^{p x d} and learnable positional tables
  phi^(h), psi^(h): {1..n} -> R^r with r = n and the causal mask; so each alpha^(h) ranges over all
  lower-triangular n x n matrices.
* Inputs x_1..x_n i.i.d. N(0, I_d); test MSE = E (1/(n p)) sum_i ||yhat_i - y_i||^2
  = (1/(n p)) sum_{i >= j} ||K_ij - W(i - j)||_F^2  (K_ij = 0 for i < j by the mask).

Minimum: for fixed S = span{V^(h)} the best K_ij is the Frobenius projection P_S W(i-j) (reachable
because alpha is free), so min MSE = (1/(n p)) min_{dim S <= H} sum_tau (n - tau) ||(I - P_S) W(tau)||^2
= (1/(n p)) * (sum of all but the H largest eigenvalues of G = sum_tau (n - tau) vec W(tau) vec W(tau)^T)
(Eckart-Young-Mirsky). The nonzero eigenvalues of G are those of the n x n matrix Gamma D with
Gamma_st = <W(s), W(t)>_F and D = diag(n - tau); this module computes them from Gamma D (the kernel
uses G itself, a different matrix with the same nonzero spectrum).
"""

from __future__ import annotations

from typing import cast

from flint import acb, arb, ctx, fmpq, fmpq_mat

__all__ = [
    "TRIPLES",
    "rotation_teacher",
    "impulse_responses",
    "frobenius_gram",
    "eigenvalue_balls",
    "optimum_ball",
    "optimum_bounds",
    "exact_student_mse",
    "dyadic",
]

# Pythagorean triples (a, b, c): cos = a/c, sin = b/c; the angles are distinct and in (0, pi/2).
TRIPLES = ((3, 4, 5), (5, 12, 13), (8, 15, 17), (7, 24, 25))


def rotation_teacher(k: int) -> tuple[fmpq_mat, fmpq_mat, fmpq_mat]:
    """(A, B, C) of the rank-k teacher: k/2 rational rotation blocks, B = C = I_k."""
    if k % 2 or not 2 <= k <= 2 * len(TRIPLES):
        raise ValueError(f"k must be even and between 2 and {2 * len(TRIPLES)}, got {k}")
    A = fmpq_mat(k, k)
    for b in range(k // 2):
        a, s, c = TRIPLES[b]
        cos, sin = fmpq(a, c), fmpq(s, c)
        A[2 * b, 2 * b], A[2 * b, 2 * b + 1] = cos, -sin
        A[2 * b + 1, 2 * b], A[2 * b + 1, 2 * b + 1] = sin, cos
    identity = fmpq_mat(k, k, [1 if r == c else 0 for r in range(k) for c in range(k)])
    return A, identity, identity


def impulse_responses(A: fmpq_mat, B: fmpq_mat, C: fmpq_mat, n: int) -> list[fmpq_mat]:
    """W(tau) = C A^tau B for tau = 0, ..., n - 1, exactly."""
    out, power = [], B
    for _ in range(n):
        out.append(C * power)
        power = A * power
    return out


def _inner(X: fmpq_mat, Y: fmpq_mat) -> fmpq:
    """The Frobenius inner product <X, Y> = sum of entrywise products."""
    return sum((X[r, c] * Y[r, c] for r in range(X.nrows()) for c in range(X.ncols())), fmpq(0))


def frobenius_gram(W: list[fmpq_mat]) -> fmpq_mat:
    """Gamma D: Gamma_st = <W(s), W(t)>_F times the lag weight n - t."""
    n = len(W)
    out = fmpq_mat(n, n)
    for s in range(n):
        for t in range(s, n):
            g = _inner(W[s], W[t])
            out[s, t], out[t, s] = g * (n - t), g * (n - s)
    return out


def eigenvalue_balls(M: fmpq_mat, prec: int = 256) -> list[arb]:
    """The eigenvalues of a rational matrix with real spectrum, with multiplicity, ascending, as arb balls."""
    old = ctx.prec
    ctx.prec = prec
    try:
        # python-flint's stub says list[acb]; complex_roots returns (root, multiplicity) pairs
        roots = cast(list[tuple[acb, int]], M.charpoly().complex_roots())
        values = []
        for root, mult in roots:
            if not root.imag.contains(0):
                raise ValueError("a non-real eigenvalue: the matrix is not similar to a symmetric one")
            values += [root.real] * mult
        values.sort(key=lambda x: float(x.mid()))
        for low, high in zip(values, values[1:]):
            if not (low < high or (low.mid() == high.mid() and low.rad() == high.rad())):
                raise ValueError("eigenvalue balls overlap: raise the precision")
        return values
    finally:
        ctx.prec = old


def optimum_ball(k: int, heads: int, n: int, prec: int = 256) -> arb:
    """A ball containing the minimum test MSE of an H-head student against the rank-k teacher."""
    A, B, C = rotation_teacher(k)
    with ctx.workprec(prec):
        eig = eigenvalue_balls(frobenius_gram(impulse_responses(A, B, C, n)), prec)
        kept = eig[: max(len(eig) - heads, 0)]
        return sum(kept, arb(0)) / (n * C.nrows())


def optimum_bounds(k: int, heads: int, n: int, bits: int = 64) -> tuple[fmpq, fmpq]:
    """Rational lower and upper bounds of the optimum with denominators 2^bits (width <= 2^(1-bits) + radius)."""
    with ctx.workprec(256):
        ball = optimum_ball(k, heads, n)
        scale = arb(2) ** bits
        low, high = (ball.lower() * scale).floor().unique_fmpz(), (ball.upper() * scale).ceil().unique_fmpz()
        if low is None or high is None:  # floor and ceil of a finite ball are exact integers
            raise ArithmeticError(f"no integer bounds of the optimum ball {ball}")
        lower, upper = fmpq(int(low), 2**bits), fmpq(int(high), 2**bits)
    return max(lower, fmpq(0)), upper


def dyadic(x: float) -> fmpq:
    """The exact rational value of a binary floating-point number."""
    num, den = float(x).as_integer_ratio()
    return fmpq(num, den)


def exact_student_mse(values: list, alphas: list, W: list[fmpq_mat]) -> fmpq:
    """Exact test MSE of a student with exact V^(h) (p x d) and lower-triangular alpha^(h) (n x n)."""
    n, p = len(W), W[0].nrows()
    heads, size = len(values), W[0].nrows() * W[0].ncols()
    V = fmpq_mat(heads, size, [x for Vh in values for x in Vh.entries()])
    pairs = [(i, j) for i in range(n) for j in range(i + 1)]
    coeff = fmpq_mat(len(pairs), heads, [alphas[h][i, j] for i, j in pairs for h in range(heads)])
    target = fmpq_mat(len(pairs), size, [x for i, j in pairs for x in W[i - j].entries()])
    error = coeff * V - target
    total = sum((x * x for x in error.entries()), fmpq(0))
    return total / (n * p)
