"""Definition 3.1 membership as statement goals: which architectures have weights W_ij = f(x_i, x_j) V.

A member is shown by an identity (its weights are a function of the two tokens, positions included where
needed); a non-member by counterexamples at exact points: the pair (x_1, x_2) does not determine alpha_12,
and the output's mixed second difference in (x_2, x_3), zero for every Definition 3.1 model, is not zero.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from verify.statements.display import (
    Mat,
    col,
    column,
    counterexample,
    dot,
    framework,
    names,
    pairing,
    polynomial_identity,
    product,
    symbols,
    table,
    total,
    transpose,
    vector,
)
from verify.statements.s3_architectures import D, N, P, attention_symbols, softmax_framework, token_scores

__all__ = [
    "positional_pair_function",
    "content_alone_insufficient",
    "kan_membership",
    "linear_attention_membership",
    "SOFTMAX",
    "SOFTMAX_UNIT",
    "POSITIVE_FEATURES",
    "not_a_pair_function",
    "attention_corrected",
]


LAGS = (-2, -1, 0, 1, 2)


def lagrange_coefficients(k: int) -> list[Fraction]:
    """The coefficients (constant first) of l_k(s) = prod_{m != k} (s - m)/(k - m) over the lags m in -2..2."""
    coefficients = [Fraction(1)]
    for m in LAGS:
        if m != k:  # multiply by (s - m)/(k - m)
            shifted = [Fraction(0)] + coefficients
            scaled = [-m * c for c in coefficients] + [Fraction(0)]
            coefficients = [(a + b) / (k - m) for a, b in zip(shifted, scaled, strict=True)]
    return coefficients


def _lagrange(k: int, u: int, v: int) -> str:
    """l_k(u - v) for the Lagrange basis l_k on the lags -2..2 (l_k(m) = 1 if m == k else 0)."""
    coefficients = lagrange_coefficients(k)
    return " + ".join(f"({c})*(({u}) - ({v}))^{p}" for p, c in enumerate(coefficients) if c != 0)


def positional_pair_function(kernel: dict[int, str], W: Mat, parameters: list[str]) -> dict:
    """F(i, j) = sum_k c_k l_k(i - j), a function of the two positions, equals W_ij at every pair (n = 3)."""
    M = symbols("M", N, N)
    F = table(N, N, lambda i, j: " + ".join(f"({c})*({_lagrange(k, i + 1, j + 1)})" for k, c in kernel.items()))
    return polynomial_identity("positional-pair-function", parameters + names(M), pairing(M, F), pairing(M, W))


def content_alone_insufficient(W: Mat, pairs: tuple[tuple[int, int], tuple[int, int]], parameters: list[str]) -> dict:
    """With equal tokens x_1 = ... = x_n a content-only f has f(x_i, x_j) = f(x_k, x_l): refuted by W_ij != W_kl."""
    (i, j), (k, m) = pairs
    x = vector("x", len(W))
    assume = [(x[t], x[t + 1]) for t in range(len(x) - 1)]
    return counterexample("content-alone-insufficient", x + parameters, (W[i][j], W[k][m]), assume)


# KAN-style separable pair function f(u, v) = sum_m g_m(u) h_m(v) with g = (u1, u1 u2), h = (v2, 1 + v1^2).
KAN_G = (lambda u: f"({u[0]})", lambda u: f"({u[0]})*({u[1]})")
KAN_H = (lambda v: f"({v[1]})", lambda v: f"(1 + ({v[0]})^2)")


def kan_membership() -> dict:
    """sum_m g_m(x_i) C_m with content channels C_m = sum_j h_m(x_j) V x_j equals sum_j f(x_i, x_j) V x_j."""
    V, X, L = symbols("V", P, D), symbols("x", D, N), symbols("L", P, N)
    x = [col(X, j) for j in range(N)]
    Vx = [col(product(V, column(X, j)), 0) for j in range(N)]
    channels = [[total(f"({h(x[j])})*({Vx[j][a]})" for j in range(N)) for a in range(P)] for h in KAN_H]
    arch = table(P, N, lambda a, i: total(f"({g(x[i])})*({channels[m][a]})" for m, g in enumerate(KAN_G)))
    f = lambda i, j: [" + ".join(f"{g(x[i])}*{h(x[j])}" for g, h in zip(KAN_G, KAN_H))]  # noqa: E731
    return polynomial_identity("pair-function", names(V, X, L), pairing(L, arch), pairing(L, framework(f, V, X)))


def linear_attention_membership() -> dict:
    """V_val Psi^T Phi with phi(q) = (q1, q1 q2), psi(k) = (k2, k1^2) equals sum_j f(x_i, x_j) W_V x_j."""
    WQ, WK, WV = symbols("WQ", 2, D), symbols("WK", 2, D), symbols("WV", P, D)
    X, L = symbols("x", D, N), symbols("L", P, N)
    Q, K = product(WQ, X), product(WK, X)
    Phi = [[f"({q})" for q in Q[0]], [f"({a})*({b})" for a, b in zip(Q[0], Q[1])]]
    Psi = [[f"({k})" for k in K[1]], [f"({k})^2" for k in K[0]]]
    f = lambda i, j: [dot(col(Phi, i), col(Psi, j))]  # noqa: E731  f(x_i, x_j) = phi(W_Q x_i)^T psi(W_K x_j)
    standard = product(product(product(WV, X), transpose(Psi)), Phi)
    return polynomial_identity(
        "pair-function", names(WQ, WK, WV, X, L), pairing(L, standard), pairing(L, framework(f, WV, X))
    )


Kernel = Callable[[str, str], str]

# Unnormalized kernels kappa(u, v) of scalar tokens (d = 1, W_V = 1): softmax with weights w_Q, w_K, softmax with
# w_Q = w_K = 1, and the positive features phi(q) = psi(k) = 1 + q^2 of normalized linear attention ([9]).
SOFTMAX = lambda u, v: f"exp(wq*{u}*wk*{v})"  # noqa: E731
SOFTMAX_UNIT = lambda u, v: f"exp({u}*{v})"  # noqa: E731
POSITIVE_FEATURES = lambda u, v: f"(1 + {u}^2)*(1 + {v}^2)"  # noqa: E731


def _alpha(kappa: Kernel, x: list[str], i: int, j: int) -> str:
    """alpha_ij = kappa(x_i, x_j) / sum_l kappa(x_i, x_l)."""
    return f"{kappa(x[i], x[j])}/({' + '.join(kappa(x[i], t) for t in x)})"


def _y1(kappa: Kernel, x: list[str]) -> str:
    """y_1 = sum_j alpha_1j x_j."""
    return f"({' + '.join(f'{kappa(x[0], t)}*{t}' for t in x)})/({' + '.join(kappa(x[0], t) for t in x)})"


def not_a_pair_function(
    kappa: tuple[Kernel, Kernel], goal_names: tuple[str, str], parameters: tuple[str, ...] = ()
) -> list[dict]:
    """Normalized attention (n = 3): alpha_12 is not a function of (x_1, x_2), and y_1's mixed difference is not 0.

    kappa[0] is the kernel of the first goal (with its `parameters`), kappa[1] that of the second.
    """
    x, y = vector("x", 3), vector("y", 3)
    pair = counterexample(
        goal_names[0],
        [*parameters, *x, *y],
        (_alpha(kappa[0], x, 0, 1), _alpha(kappa[0], y, 0, 1)),
        [(x[0], y[0]), (x[1], y[1])],
    )
    out = lambda s2, s3: _y1(kappa[1], ["x1", s2, s3])  # noqa: E731
    mixed = f"{out('a2', 'a3')} - {out('b2', 'a3')} - {out('a2', 'b3')} + {out('b2', 'b3')}"
    return [pair, counterexample(goal_names[1], ["x1", "a2", "b2", "a3", "b3"], (mixed, "0"))]


def attention_corrected() -> list[dict]:
    """Scores are x_i^T (W_Q^T W_K / sqrt(d_k)) x_j, a pair function; softmax attention is alpha_ij(X) V."""
    WQ, WK, WV, X, E, R, M, L = attention_symbols()
    B = [[f"{e}/2" for e in row] for row in product(transpose(WQ), WK)]
    bilinear = table(
        N, N, lambda i, j: " + ".join(f"({X[a][i]})*({X[b][j]})*({B[a][b]})" for a in range(D) for b in range(D))
    )
    score = polynomial_identity(
        "score-bilinear", names(WQ, WK, X, M), pairing(M, token_scores(WQ, WK, X)), pairing(M, bilinear)
    )
    return [score, softmax_framework("normalized-form", names(WQ, WK, WV, X, E, R, M, L), WV, X, E, R, L)]
