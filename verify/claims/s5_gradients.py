"""Section 5, Theorem 5.1: part (1) (linear SSM Jacobian and its norm bound) and the general-point steps
of part (2) that hold as printed: the logit at j, eqs. (13), (15), (16).

Construction-level steps of part (2) (eqs. (11), (12), (14), (17), the final bound) are in s5_construction.
"""

from __future__ import annotations

import sympy

from constructions.exact import matrix_rows
from constructions.gradients import (
    ldlt_witness,
    norm_lower_vector,
    norm_upper,
)
from verify.certificate import Obligation, make_certificate
from verify.claims.s5_common import dimension_free, identity, implied, norm_bound, positive_sos, rational
from verify.claims.s5_general import CONSTRUCTION, WEIGHTS, logit_identities
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
    "part1_bound_obligations",
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


SSM_ATOMS = {"A": ("n", "n"), "B": ("n", "d"), "C": ("p", "n"), "P": ("n", "n"), "r": ("p", "1"), "h": ("d", "1"),
             **{f"x{t}": ("d", "1") for t in (1, 2, 3, 4)}}  # fmt: skip


def jacobian_identities() -> list[Obligation]:
    """d y_4/d x_j = C A^(4-j) B (j = 1..4) for A in R^{n x n}, B in R^{n x d}, C in R^{p x n}, every n, d, p."""
    out = []
    for j in (1, 2, 3, 4):
        lets = [(f"X{t}", f"x{t} + t*h" if t == j else f"x{t}") for t in (1, 2, 3, 4)]
        y = " + ".join(f"C*{'A^' + str(4 - t) + '*' if t < 4 else ''}B*X{t}" for t in (1, 2, 3, 4))
        power = f"A^{4 - j}*" if j < 4 else ""
        out.append(dimension_free(f"J4{j}", SSM_ATOMS, ["t"], lets, y, f"C*{power}B*h", "t"))
    return out


@claim("thm5.1.part1.jacobian")
def part1_jacobian() -> dict:
    """dy_4/dx_j = C A^(4-j) B for A, B, C of every size and inputs x_1..x_4, and for every lag."""
    return make_certificate("thm5.1.part1.jacobian", "certified", [*jacobian_identities(), *every_tau_identities()])


def every_tau_identities() -> list[Obligation]:
    """Any i > j: y_i = r + C P B x_j with P = A^(i-j) and r (the other inputs' terms) free of x_j; every size."""
    return [dimension_free("every-tau", SSM_ATOMS, ["t"], [], "r + C*P*B*(x1 + t*h)", "C*P*B*h", "t")]


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


def general_bound() -> list[Obligation]:
    """Every size and every tau, from submultiplicativity (hypotheses): the induction step ||A^(tau+1)|| <=
    z ||A|| from ||A^tau|| <= z, and ||C A^tau B|| <= ||C|| ||B|| z, where z = ||A||^tau (z_0 = 1 = ||I||)."""
    step_facts = [("induction-hypothesis", "z - nP", ">="), ("submultiplicative", "nP*nA - nP1", ">=")]
    bound_facts = [
        ("submultiplicative-C", "nC*nPB - nJ", ">="),
        ("submultiplicative-B", "nP*nB - nPB", ">="),
        ("power", "z - nP", ">="),
    ]
    step_names, bound_names = ["nA", "nP", "nP1", "z"], ["nJ", "nC", "nB", "nP", "nPB", "z"]
    return [
        implied("power-step", step_names, step_facts, "z*nA - nP1", "1",
                {"induction-hypothesis": "nA", "submultiplicative": "1"}, {"nonneg": step_names}),
        implied("bound-every-tau", bound_names, bound_facts, "nC*nB*z - nJ", "1",
                {"submultiplicative-C": "1", "submultiplicative-B": "nC", "power": "nC*nB"}, {"nonneg": bound_names}),
    ]  # fmt: skip


def part1_bound_obligations() -> list[Obligation]:
    """The general bound (every size, every tau) and the two exact instances."""
    instances = [o for label in PART1_INSTANCES for o in submultiplicative_bounds(label)]
    return [*general_bound(), *instances, contractive_norm()]


@claim("thm5.1.part1.bound")
def part1_bound() -> dict:
    """||C A^tau B||_2 <= ||C|| ||B|| ||A||^tau in general, and on a contractive and a non-normal instance."""
    return make_certificate("thm5.1.part1.bound", "certified", part1_bound_obligations())


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


ATT_ATOMS = {"WQ": ("r", "d"), "WK": ("r", "d"), "V": ("p", "d"), "N": ("p", "1"), "u": ("d", "1"),
             "h": ("d", "1"), **{f"x{t}": ("d", "1") for t in (1, 2, 3)}}  # fmt: skip
# Three tokens, i = 3, j = 1, x_1 moved along x_1 + t h; q_3 = W_Q x_3 does not depend on x_1.
THREE = [
    ("q", "WQ*x3"), ("g", "T(WK)*q"), ("X1", "x1 + t*h"),
    ("s1", "T(q)*(WK*X1)"), ("s2", "T(q)*(WK*x2)"), ("s3", "T(q)*(WK*x3)"), ("S", "exp(s1) + exp(s2) + exp(s3)"),
    ("alpha1", "exp(s1)/S"), ("alpha2", "exp(s2)/S"), ("alpha3", "exp(s3)/S"),
]  # fmt: skip
# Any number of tokens: the tokens t != j enter through N = sum_{t != j} e^(s_it) V x_t and R = sum_{t != j} e^(s_it),
# which do not depend on x_j (j < i); x_i = x3 fixes q_i.
EVERY_I = [
    ("q", "WQ*x3"), ("g", "T(WK)*q"), ("X", "x1 + t*h"), ("s", "T(q)*(WK*X)"), ("S", "exp(s) + R"),
    ("alpha", "exp(s)/S"),
]  # fmt: skip


def _att(name: str, lets: list, f: str, value: str, wrt: str | None = "t") -> Obligation:
    """A dimension-free identity for attention with W_Q, W_K in R^{r x d}, V in R^{p x d} (every d, r, p)."""
    return dimension_free(name, ATT_ATOMS, ["t", "R", "c"], lets, f, value, wrt)


def softmax_derivatives() -> list[Obligation]:
    """d alpha_3t/d x_1 = alpha_3t (delta_t1 - alpha_31) W_K^T q_3 for t = 1, 2, 3, in every dimension."""
    return [
        _att(f"dalpha3{t}-dx1", THREE, f"exp(s{t})/S", f"alpha{t}*({1 if t == 1 else 0} - alpha1)*T(g)*h")
        for t in (1, 2, 3)
    ]


def product_rule_identities() -> list[Obligation]:
    """dy_i/dx_j = alpha_ij V + sum_t (V x_t)(alpha_it (delta_tj - alpha_ij) W_K^T q_i)^T: i = 3 explicitly, and
    for every number of tokens with the tokens t != j collected in N, R (every dimension)."""
    y3 = "(exp(s1)*(V*X1) + exp(s2)*(V*x2) + exp(s3)*(V*x3))/S"
    tokens = ((1, "X1"), (2, "x2"), (3, "x3"))
    score = " + ".join(f"(V*{x})*(alpha{t}*({1 if t == 1 else 0} - alpha1))*T(g)" for t, x in tokens)
    every_i = "(alpha*V + (V*X)*(alpha*(1 - alpha))*T(g) - (N/S)*alpha*T(g))*h"
    return [
        _att("dy3-dx1", THREE, y3, f"(alpha1*V + {score})*h"),
        _att("dy-dxj-every-i", EVERY_I, "(exp(s)*(V*X) + N)/S", every_i),
    ]


@claim("thm5.1.eq13")
def eq13() -> dict:
    """(13): dy_i/dx_j = alpha_ij V + sum_t (V x_t)(d alpha_it/dx_j)^T, in every dimension."""
    return make_certificate("thm5.1.eq13", "certified", [*softmax_derivatives(), *product_rule_identities()])


def softmax_chain_rule() -> list[Obligation]:
    """(15): d alpha/d s = alpha(1-alpha), d s_ij/d x_j = W_K^T q_i, so d alpha_ij/d x_j = alpha(1-alpha) W_K^T q_i."""
    s, Ej, Rest = sympy.symbols("s Ej Rest")
    return [
        rational("dalpha-ds", ["s", "Ej", "Rest"], {"Ej": s}, (Ej, Ej + Rest), (Ej * Rest, (Ej + Rest) ** 2), "s"),
        _att("ds-dx", EVERY_I, "s", "T(g)*h"),
        _att("dalpha-dx", EVERY_I, "alpha", "alpha*(1 - alpha)*T(g)*h"),
    ]


@claim("thm5.1.eq15")
def eq15() -> dict:
    """The softmax derivative (15)."""
    return make_certificate("thm5.1.eq15", "certified", softmax_chain_rule())


def gradient_norm_obligations() -> list[Obligation]:
    """(16): W_K^T q_i = a at x_i = u, d alpha_ij/d x_j = alpha(1-alpha) a at the construction, ||c a||^2 =
    c^2 ||a||^2 (every dimension), and alpha(1-alpha) >= 0."""
    Ej, Rest = sympy.symbols("Ej Rest")
    moved = [*CONSTRUCTION, ("x", "xj + t*h"), ("s_x", "T(q)*(WK*x)"), *WEIGHTS[:2]]
    softmax = "exp(s_x)/(exp(s_x) + exp(s_i) + m*exp(s_0))"
    atoms = {k: v for k, v in ATT_ATOMS.items() if k in ("WQ", "WK", "u", "h")}
    return [
        dimension_free("grad-is-a", atoms, ["g"], CONSTRUCTION, "T(WK)*q", "a"),
        dimension_free("alpha-gradient", atoms, ["g", "m", "t"], moved, softmax, "alpha*(1 - alpha)*T(a)*h", "t"),
        dimension_free("norm-scaling", atoms, ["g", "c"], CONSTRUCTION, "T(c*a)*(c*a)", "c^2*(T(a)*a)"),
        positive_sos("weight-nonneg", ["Ej", "Rest"], Ej * Rest, ["Ej", "Rest"]),
    ]


@claim("thm5.1.eq16")
def eq16() -> dict:
    """The gradient of alpha_ij at the construction and its norm (16)."""
    return make_certificate("thm5.1.eq16", "certified", gradient_norm_obligations())
