"""Section 6, what the text says about Figures 3 and 4, checked from exact objects.

exp.fig3.monotone: the certified optimum of an H-head student is strictly decreasing up to H = k and 0 after,
because rank G = dim span{W(0..n-1)} = k (kind ssm_heads_necessary at n = 16).
exp.fig3.spectrum: Figure 3 (right)'s 'about 4 dominant components' at H = 4 is structural: [vec K_ij] has rank
<= H for any weights (an untrained, seeded integer student has rank exactly 4), the k = 4 teacher's family has
rank 4, and the teacher's input-output matrix [W(i - j) 1(i >= j)] has full rank n p = 64.
exp.fig4.attention: Figure 4's attention curve decays like 1/T: the exact Jacobian of causal softmax attention
(scalar tokens) at inputs whose earlier tokens are zero, for symbolic T (kind exp_rational_identity).
"""

from __future__ import annotations

import random

import sympy
from flint import fmpq, fmpq_mat
from sympy.polys.domains import QQ
from sympy.polys.matrices import DomainMatrix

from constructions.linalg import rank_witness
from constructions.optimum import rotation_teacher
from constructions.ssm import interaction_basis, ssm_from_strings
from verify.certificate import Obligation, make_certificate
from verify.claims.exp_figures import RANKS, N, _rows
from verify.claims.s4_heads import span_witness
from verify.claims.s5_common import rational
from verify.registry import claim

__all__ = [
    "SPECTRUM_K",
    "SPECTRUM_H",
    "rank_obligation",
    "untrained_student",
    "family_rows",
    "io_operator_rows",
    "rank_of",
    "attention_jacobian",
]

SPECTRUM_K = SPECTRUM_H = 4  # Figure 3 (right): the k = 4 teacher, H = 4 heads
SEED = 15  # the untrained student's integer weights (random.Random(SEED)), entries in -2..2


def teacher_rows(k: int) -> dict:
    """(A, B, C) of the rank-k rotation teacher of Experiment I as exact rows."""
    A, B, C = rotation_teacher(k)
    return {"A": _rows(A), "B": _rows(B), "C": _rows(C)}


def rank_obligation(name: str, k: int, n: int = N) -> Obligation:
    """dim span{W(0..n-1)} = k for the rank-k teacher: (7) holds at n and k lags are independent."""
    rows = teacher_rows(k)
    basis = interaction_basis(ssm_from_strings(rows["A"], rows["B"], rows["C"]))
    witness = {key: v for key, v in span_witness(basis).items() if key != "first_nonzero"}
    return Obligation(name, "ssm_heads_necessary", {**rows, "n": n, "k": basis.k}, witness)


def untrained_student(heads: int = SPECTRUM_H, k: int = SPECTRUM_K, n: int = N) -> dict[str, list[fmpq_mat]]:
    """Seeded integer weights V^(h) (k x k), phi^(h), psi^(h) (n x n): a student that was never trained."""
    rng = random.Random(SEED)
    draw = lambda r, c: fmpq_mat(r, c, [rng.randint(-2, 2) for _ in range(r * c)])  # noqa: E731
    return {"V": [draw(k, k) for _ in range(heads)], "phi": [draw(n, n) for _ in range(heads)],
            "psi": [draw(n, n) for _ in range(heads)]}  # fmt: skip


def family_rows(student: dict[str, list[fmpq_mat]], n: int = N) -> list[list[fmpq]]:
    """[vec K_ij]_{i >= j}, K_ij = sum_h (phi^(h) psi^(h)^T)_ij V^(h): one row per pair (i, j)."""
    alphas = [f * g.transpose() for f, g in zip(student["phi"], student["psi"])]
    rows = []
    for i in range(n):
        for j in range(i + 1):
            K = sum(
                (V * alpha[i, j] for V, alpha in zip(student["V"], alphas)),
                fmpq_mat(student["V"][0].nrows(), student["V"][0].ncols()),
            )
            rows.append(list(K.entries()))
    return rows


def io_operator_rows(k: int = SPECTRUM_K, n: int = N) -> list[list[fmpq]]:
    """The teacher's (n p) x (n d) input-output matrix: block (i, j) = W(i - j) for i >= j, 0 above."""
    A, B, C = rotation_teacher(k)
    W, state = [], B
    for _ in range(n):
        W.append(C * state)
        state = A * state
    p, d = C.nrows(), B.ncols()
    zero = fmpq_mat(p, d)
    return [
        [(W[i - j] if i >= j else zero)[r, c] for j in range(n) for c in range(d)] for i in range(n) for r in range(p)
    ]


def rank_of(name: str, rows: list[list[fmpq]]) -> Obligation:
    """rank(rows) with its witness (a nonsingular minor and the other rows' coordinates)."""
    exact = [[QQ(int(x.p), int(x.q)) for x in row] for row in rows]
    rank, witness = rank_witness(DomainMatrix(exact, (len(rows), len(rows[0])), QQ))
    return Obligation(name, "rank", {"matrix": [[str(x) for x in row] for row in rows], "rank": rank}, witness)


@claim("exp.fig3.monotone")
def monotone() -> dict:
    """rank G = k for each teacher: the optimum falls strictly for H <= k and is 0 for H >= k."""
    obligations = [rank_obligation(f"k{k}.rank", k) for k in RANKS]
    return make_certificate("exp.fig3.monotone", "certified", obligations)


@claim("exp.fig3.spectrum")
def spectrum() -> dict:
    """Figure 3 (right): rank <= H for any student (untrained: 4), teacher family rank 4, input-output rank 64."""
    obligations = [
        rank_obligation("teacher.family", SPECTRUM_K),
        rank_of("untrained.family", family_rows(untrained_student())),
        rank_of("teacher.input-output", io_operator_rows()),
    ]
    return make_certificate("exp.fig3.spectrum", "certified", obligations)


def attention_jacobian(uniform: bool = False) -> Obligation:
    """d y_T/d x_0 at x_0 = 0 for y_T = v (x_0 E0 + u ET)/(E0 + (T - 1) + ET), E0 = e^{s_0}, ET = e^{s_T}.

    Causal single-head softmax attention with scalar tokens: x_0 the source, T - 1 zero tokens, x_T = u the query;
    s_t = (w_q u)(w_k x_t). With uniform=True also u = 0 (every token zero).
    """
    v, wq, wk, u, x0, T, E0, ET = sympy.symbols("v wq wk u x0 T E0 ET")
    names = ["v", "wq", "wk", "u", "x0", "T", "E0", "ET"]
    exps = {"E0": wq * wk * u * x0, "ET": wq * wk * u**2}
    f = (v * (x0 * E0 + u * ET), E0 + (T - 1) + ET)
    subs, emap = {"x0": 0}, {"E0": "1"}
    if uniform:
        subs["u"], emap["ET"] = 0, "1"
    y = (
        v
        * (x0 * sympy.exp(exps["E0"]) + u * sympy.exp(exps["ET"]))
        / (sympy.exp(exps["E0"]) + T - 1 + sympy.exp(exps["ET"]))
    )
    value = sympy.diff(y, x0).subs({x0: 0, **({u: 0} if uniform else {})}).subs(sympy.exp(wq * wk * u**2), ET)
    num, den = sympy.fraction(sympy.factor(sympy.together(value)))
    at = {"subs": subs, "den": 1, "exps": emap}
    return rational("uniform" if uniform else "tied-logits", names, exps, f, (num, den), wrt="x0", at=at)


@claim("exp.fig4.attention")
def attention() -> dict:
    """The attention Jacobian at zero earlier tokens is v (T + e^c (1 - c))/(T + e^c)^2: it decays like 1/T."""
    return make_certificate("exp.fig4.attention", "certified", [attention_jacobian(), attention_jacobian(True)])
