"""Section 5, Theorem 5.1: part (1) (linear SSM Jacobian and its norm bound) and the general-point steps
of part (2) that hold as printed: the logit at j, eqs. (13), (15), (16).

Construction-level steps of part (2) (eqs. (11), (12), (14), (17), the final bound) are in s5_construction.
"""

from __future__ import annotations

import sympy

from constructions.gradients import (
    attention_general,
    ldlt_witness,
    norm_lower_vector,
    norm_upper,
    ssm_output,
    sym_matrix,
)
from verify.certificate import Obligation, make_certificate
from verify.claims.s5_common import identity, norm_bound, positive_sos, rational
from verify.claims.s5_general import logit_identities
from verify.exact import matrix_rows
from verify.registry import claim

__all__ = [
    "CONTRACTIVE",
    "NON_NORMAL",
    "PART1_INSTANCES",
    "NORM_LOWER",
    "TAU_MAX",
    "LOOSE",
    "jacobian_identities",
    "every_tau_identities",
    "submultiplicative_bounds",
    "contractive_norm",
    "loose_bounds",
    "logit_j_identity",
    "softmax_derivatives",
    "product_rule_identities",
    "softmax_chain_rule",
    "gradient_norm_obligations",
]

R = sympy.Rational
# ||A||_2 = 1/2 exactly (half a rotation by arctan(4/3)); ||B||_2 = ||C||_2 = 1.
CONTRACTIVE = {
    "A": sympy.Matrix([[R(3, 10), R(-4, 10)], [R(4, 10), R(3, 10)]]),
    "B": sympy.Matrix([[1, 0], [0, R(1, 2)]]),
    "C": sympy.Matrix([[R(3, 5), R(4, 5)]]),
}
# A Jordan block: ||A||_2 = (1 + sqrt 2)/2 > 1 while its spectral radius is 1/2.
NON_NORMAL = {
    "A": sympy.Matrix([[R(1, 2), 1], [0, R(1, 2)]]),
    "B": sympy.Matrix([[0], [1]]),
    "C": sympy.Matrix([[1, 0]]),
}
PART1_INSTANCES = {"contractive": CONTRACTIVE, "non-normal": NON_NORMAL}
# Lower bounds (lC, lB, lA) on ||C||_2, ||B||_2, ||A||_2 of each instance, certified by vector witnesses.
NORM_LOWER = {"contractive": (R(1), R(1), R(1, 2)), "non-normal": (R(1), R(1), R(6, 5))}
TAU_MAX = {"contractive": 30, "non-normal": 40}
LOOSE = {10: 10**2, 20: 10**5, 40: 10**12}  # tau -> factor by which ||A^tau|| is below ||A||^tau


def jacobian_identities() -> list[Obligation]:
    """dy_4/dx_j = C A^(4-j) B entrywise (j = 1..4) for symbolic 2x2 A, B, C and symbolic inputs x_1..x_4."""
    A, B, C = sym_matrix("a", 2, 2), sym_matrix("b", 2, 2), sym_matrix("c", 2, 2)
    xs = [sympy.Matrix([sympy.Symbol(f"x{t}_{k}") for k in (1, 2)]) for t in range(1, 5)]
    y = ssm_output(A, B, C, xs, 4)
    names = [str(s) for s in (*A, *B, *C, *[c for x in xs for c in x])]
    obligations = []
    for j in (1, 2, 3, 4):
        W = (C * A ** (4 - j) * B).applyfunc(sympy.expand)
        for k in (0, 1):
            for lcol in (0, 1):
                obligations.append(
                    rational(f"J4{j}-{k + 1}{lcol + 1}", names, {}, (y[k], 1), (W[k, lcol], 1), wrt=f"x{j}_{lcol + 1}")
                )
    return obligations


@claim("thm5.1.part1.jacobian")
def part1_jacobian() -> dict:
    """dy_4/dx_j = C A^(4-j) B for symbolic 2x2 A, B, C and symbolic inputs x_1..x_4, and for every lag."""
    return make_certificate("thm5.1.part1.jacobian", "certified", [*jacobian_identities(), *every_tau_identities()])


def every_tau_identities() -> list[Obligation]:
    """Any i > j: y_i = r + C P B x_j with P = A^(i-j) and r (the other inputs' terms) free of x_j; symbolic P, r."""
    B, C, P = sym_matrix("b", 2, 2), sym_matrix("c", 2, 2), sym_matrix("p", 2, 2)
    r, xj = sympy.Matrix(sympy.symbols("r1 r2")), sympy.Matrix(sympy.symbols("xj_1 xj_2"))
    y = (r + C * P * B * xj).applyfunc(sympy.expand)
    W = (C * P * B).applyfunc(sympy.expand)
    names = [str(s) for s in (*B, *C, *P, *r, *xj)]
    return [
        rational(f"every-tau-{k + 1}{c + 1}", names, {}, (y[k], 1), (W[k, c], 1), wrt=f"xj_{c + 1}")
        for k in (0, 1)
        for c in (0, 1)
    ]


def _instance_rows(inst: dict) -> dict:
    """Exact row lists of an instance's matrices."""
    return {k: matrix_rows(v) for k, v in inst.items()}


def _lower(name: str, mats: dict, key: str, M: sympy.Matrix, c: sympy.Rational) -> Obligation:
    """||M||_2 >= c with a vector witness."""
    return norm_bound(name, mats, key, ">=", str(c), {"vector": norm_lower_vector(M, c)})


def submultiplicative_bounds(label: str) -> list[Obligation]:
    """||C||, ||B||, ||A|| >= lC, lB, lA and ||C A^tau B||_2 <= lC lB lA^tau (tau <= TAU_MAX) on one instance."""
    inst = PART1_INSTANCES[label]
    mats = _instance_rows(inst)
    lC, lB, lA = NORM_LOWER[label]
    obligations = [_lower(f"{label}-{key}-lower", mats, key, inst[key], low) for key, low in zip("CBA", (lC, lB, lA))]
    for tau in range(TAU_MAX[label] + 1):
        J = inst["C"] * inst["A"] ** tau * inst["B"]
        bound = lC * lB * lA**tau
        obligations.append(
            norm_bound(
                f"{label}-J{tau}", mats, f"C*A^{tau}*B", "<=", f"({lC})*({lB})*({lA})^{tau}", ldlt_witness(J, bound)
            )
        )
    return obligations


def contractive_norm() -> Obligation:
    """||A||_2 <= 1/2 for the contractive instance (so ||C A^tau B||_2 <= 2^-tau)."""
    mats = _instance_rows(CONTRACTIVE)
    return norm_bound("contractive-A-upper", mats, "A", "<=", "1/2", ldlt_witness(CONTRACTIVE["A"], R(1, 2)))


@claim("thm5.1.part1.bound")
def part1_bound() -> dict:
    """||C A^tau B||_2 <= lC lB lA^tau <= ||C|| ||B|| ||A||^tau on a contractive and a non-normal instance."""
    obligations = [o for label in PART1_INSTANCES for o in submultiplicative_bounds(label)]
    return make_certificate("thm5.1.part1.bound", "certified", [*obligations, contractive_norm()])


def loose_bounds() -> list[Obligation]:
    """||A||_2 >= 6/5, charpoly (l - 1/2)^2, and ||A^tau||_2 <= (6/5)^tau/factor and a tight upper bound."""
    inst = NON_NORMAL
    mats = {"A": matrix_rows(inst["A"])}
    lam = sympy.Symbol("l")
    A = inst["A"]
    charpoly = (lam - A[0, 0]) * (lam - A[1, 1]) - A[0, 1] * A[1, 0]
    obligations = [
        _lower("A-lower", mats, "A", A, R(6, 5)),
        identity("charpoly", ["l"], charpoly, (lam - R(1, 2)) ** 2),
    ]
    for tau, factor in LOOSE.items():
        J = A**tau
        bound = R(6, 5) ** tau / factor
        obligations.append(
            norm_bound(f"A{tau}-far-below", mats, f"A^{tau}", "<=", f"(6/5)^{tau}/{factor}", ldlt_witness(J, bound))
        )
        upper = norm_upper(J)
        obligations.append(norm_bound(f"A{tau}-upper", mats, f"A^{tau}", "<=", str(upper), ldlt_witness(J, upper)))
    return obligations


@claim("thm5.1.part1.loose")
def part1_loose() -> dict:
    """||A||_2 >= 6/5 > 1 > 1/2 = spectral radius, and ||A^tau|| is orders of magnitude below ||A||^tau."""
    return make_certificate("thm5.1.part1.loose", "certified", loose_bounds())


def logit_j_identity() -> Obligation:
    """q_i^T k_j = (W_Q u)^T W_K (gamma a/||a||^2) = gamma in every dimension (dimension-free identity)."""
    return logit_identities()[0]


@claim("thm5.1.logit-j")
def logit_j() -> dict:
    """The logit at j equals gamma at the construction."""
    return make_certificate("thm5.1.logit-j", "certified", [logit_j_identity()])


def softmax_derivatives(att: dict, prefix: str = "") -> list:
    """d alpha_3t / d x_1 = alpha_3t (delta_t1 - alpha_31) W_K^T q_3 for t = 1, 2, 3 (general point)."""
    E, S, grad, names = att["E"], att["S"], att["grad"], att["vars"]
    exps = {str(e): s for e, s in zip(E, att["logits"])}
    out = []
    for t, Et in enumerate(E, start=1):
        for lcol in (0, 1):
            delta = S if t == 1 else 0
            value = (Et * (delta - E[0]) * grad[lcol], S**2)
            out.append(
                rational(f"{prefix}dalpha3{t}-dx1_{lcol + 1}", names, exps, (Et, S), value, wrt=f"x1_{lcol + 1}")
            )
    return out


def product_rule_identities(att: dict) -> list[Obligation]:
    """dy_i/dx_j = alpha_ij V + sum_t (V x_t)(alpha_it (delta_tj - alpha_ij) W_K^T q_i)^T entrywise (i = 3, j = 1)."""
    E, S, V, xs, grad, names = att["E"], att["S"], att["V"], att["xs"], att["grad"], att["vars"]
    exps = {str(e): s for e, s in zip(E, att["logits"])}
    obligations = []
    for k in (0, 1):
        num = sum(E[t] * (V * xs[t])[k] for t in range(3))
        for lcol in (0, 1):
            score = sum((V * xs[t])[k] * E[t] * ((S if t == 0 else 0) - E[0]) * grad[lcol] for t in range(3))
            value = (E[0] * V[k, lcol] * S + score, S**2)
            obligations.append(
                rational(f"dy3_{k + 1}-dx1_{lcol + 1}", names, exps, (num, S), value, wrt=f"x1_{lcol + 1}")
            )
    return obligations


@claim("thm5.1.eq13")
def eq13() -> dict:
    """(13): dy_i/dx_j = alpha_ij V + sum_t (V x_t)(d alpha_it/dx_j)^T, for symbolic d = r = p = 2, i = 3, j = 1."""
    att = attention_general(2, 2, 2, 3)
    return make_certificate("thm5.1.eq13", "certified", [*softmax_derivatives(att), *product_rule_identities(att)])


def softmax_chain_rule() -> list[Obligation]:
    """(15): d alpha/d s = alpha(1-alpha), d s_ij/d x_j = W_K^T q_i, so d alpha_ij/d x_j = alpha(1-alpha) W_K^T q_i."""
    s, Ej, Rest = sympy.symbols("s Ej Rest")
    obligations = [
        rational("dalpha-ds", ["s", "Ej", "Rest"], {"Ej": s}, (Ej, Ej + Rest), (Ej * Rest, (Ej + Rest) ** 2), "s")
    ]
    att = attention_general(2, 2, 2, 3)
    names, grad = att["vars"], att["grad"]
    for lcol in (0, 1):
        obligations.append(
            rational(f"ds31-dx1_{lcol + 1}", names, {}, (att["logits"][0], 1), (grad[lcol], 1), f"x1_{lcol + 1}")
        )
    obligations += [o for o in softmax_derivatives(att) if o.name.startswith("dalpha31")]
    return obligations


@claim("thm5.1.eq15")
def eq15() -> dict:
    """The softmax derivative (15)."""
    return make_certificate("thm5.1.eq15", "certified", softmax_chain_rule())


def gradient_norm_obligations() -> list[Obligation]:
    """(16): W_K^T q_i = a at x_i = u, and ||alpha(1-alpha) a|| = alpha(1-alpha) ||a|| since alpha(1-alpha) >= 0."""
    WQ, WK = sym_matrix("q", 2, 2), sym_matrix("k", 2, 2)
    u = sympy.Matrix(sympy.symbols("u1 u2"))
    names = [str(x) for x in (*WQ, *WK, *u)]
    c, a1, a2, Ej, Rest = sympy.symbols("c a1 a2 Ej Rest")
    grad, a = WK.T * (WQ * u), WK.T * WQ * u
    obligations = [identity(f"grad-is-a-{k + 1}", names, grad[k], a[k]) for k in (0, 1)]
    obligations.append(
        identity("norm-scaling", ["c", "a1", "a2"], (c * a1) ** 2 + (c * a2) ** 2, c**2 * (a1**2 + a2**2))
    )
    obligations.append(positive_sos("weight-nonneg", ["Ej", "Rest"], Ej * Rest, ["Ej", "Rest"]))
    return obligations


@claim("thm5.1.eq16")
def eq16() -> dict:
    """The gradient of alpha_ij at the construction and its norm (16)."""
    return make_certificate("thm5.1.eq16", "certified", gradient_norm_obligations())
