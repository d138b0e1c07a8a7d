"""Theorem 5.1 part (1) (the linear SSM's Jacobian and its norm bound) and the general-point steps of part (2) that
hold as printed (the logit at j, eqs. (13), (15), (16)), as statement goals written from the paper.

Independent of the certificate builders (verify/claims/s5_gradients.py); the kernel compares the two goals.
"""

from __future__ import annotations

from fractions import Fraction

from verify.statements.s5_corrected import CONSTRUCTION, WEIGHTS, logit_identities
from verify.statements.s5_model import add, const, mul, positive_polynomial, terms, var

__all__ = [
    "jacobian_identities",
    "every_tau_identities",
    "part1_bound_goals",
    "loose_bounds",
    "logit_j_identity",
    "softmax_derivatives",
    "product_rule_identities",
    "softmax_chain_rule",
    "gradient_norm_goals",
]

# ||A||_2 = 1/2 exactly (half a rotation by arctan(4/3)); ||B||_2 = ||C||_2 = 1.
CONTRACTIVE = {"A": [["3/10", "-2/5"], ["2/5", "3/10"]], "B": [["1", "0"], ["0", "1/2"]], "C": [["3/5", "4/5"]]}
# A Jordan block: ||A||_2 = (1 + sqrt 2)/2 > 1 while its spectral radius is 1/2.
NON_NORMAL = {"A": [["1/2", "1"], ["0", "1/2"]], "B": [["0"], ["1"]], "C": [["1", "0"]]}
PART1_INSTANCES = {"contractive": CONTRACTIVE, "non-normal": NON_NORMAL}
# Lower bounds (lC, lB, lA) on ||C||_2, ||B||_2, ||A||_2 of each instance.
NORM_LOWER = {"contractive": ("1", "1", "1/2"), "non-normal": ("1", "1", "6/5")}
TAU_MAX = {"contractive": 30, "non-normal": 40}
LOOSE = {10: 10**2, 20: 10**5, 40: 10**12}  # tau -> factor by which ||A^tau|| is below ||A||^tau
# Upper bounds of ||A^tau||_2 for the non-normal A (computed once, frozen; the kernel checks each with its witness).
TIGHT = {10: "195801/10000000", 20: "381709/10000000000", 40: "727711/10000000000000000"}

SSM_ATOMS = {"A": ("n", "n"), "B": ("n", "d"), "C": ("p", "n"), "P": ("n", "n"), "r": ("p", "1"), "h": ("d", "1")}
SSM_ATOMS.update({f"x{t}": ("d", "1") for t in (1, 2, 3, 4)})
ATT_ATOMS = {"WQ": ("r", "d"), "WK": ("r", "d"), "V": ("p", "d"), "N": ("p", "1"), "u": ("d", "1"), "h": ("d", "1")}
ATT_ATOMS.update({f"x{t}": ("d", "1") for t in (1, 2, 3)})
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


def _goal(name: str, kind: str, goal: dict) -> dict:
    """One goal of a statement."""
    return {"name": name, "kind": kind, "goal": goal}


def _dimension_free(name: str, atoms: dict, scalars: list, lets: list, f: str, value: str, wrt: str | None) -> dict:
    """f == value (or d/d wrt f at wrt = 0 == value) for matrix atoms of every size."""
    goal: dict = {"atoms": {k: list(v) for k, v in atoms.items()}, "scalars": list(scalars)}
    goal.update(lets=[[k, v] for k, v in lets], f=f, value=value)
    if wrt is not None:
        goal["wrt"] = wrt
    return _goal(name, "dimension_free_identity", goal)


def _implied(name: str, names: list[str], facts: list, claim: str) -> dict:
    """claim >= 0 follows from the facts, every variable >= 0."""
    goal = {"vars": names, "nonneg": sorted(names), "facts": [{"name": n, "poly": p, "rel": r} for n, p, r in facts]}
    return _goal(name, "implied_inequality", {**goal, "claim": claim})


def _norm(name: str, matrices: dict, expr: str, op: str, bound: str) -> dict:
    """||expr||_2 op bound for the exact matrices."""
    return _goal(name, "spectral_norm_bound", {"matrices": matrices, "expr": expr, "op": op, "bound": bound})


def jacobian_identities() -> list[dict]:
    """d y_4/d x_j = C A^(4-j) B (j = 1..4) for A in R^{n x n}, B in R^{n x d}, C in R^{p x n}, every n, d, p."""
    out = []
    for j in (1, 2, 3, 4):
        lets = [(f"X{t}", f"x{t} + t*h" if t == j else f"x{t}") for t in (1, 2, 3, 4)]
        y = " + ".join(f"C*{'A^' + str(4 - t) + '*' if t < 4 else ''}B*X{t}" for t in (1, 2, 3, 4))
        power = f"A^{4 - j}*" if j < 4 else ""
        out.append(_dimension_free(f"J4{j}", SSM_ATOMS, ["t"], lets, y, f"C*{power}B*h", "t"))
    return out


def every_tau_identities() -> list[dict]:
    """Any i > j: y_i = r + C P B x_j with P = A^(i-j) and r (the other inputs' terms) free of x_j; every size."""
    return [_dimension_free("every-tau", SSM_ATOMS, ["t"], [], "r + C*P*B*(x1 + t*h)", "C*P*B*h", "t")]


def _general_bound() -> list[dict]:
    """Every size and tau: ||A^(tau+1)|| <= z ||A|| from ||A^tau|| <= z, and ||C A^tau B|| <= ||C|| ||B|| z."""
    step = [("induction-hypothesis", "z - nP", ">="), ("submultiplicative", "nP*nA - nP1", ">=")]
    bound = [("submultiplicative-C", "nC*nPB - nJ", ">="), ("submultiplicative-B", "nP*nB - nPB", ">="),
             ("power", "z - nP", ">=")]  # fmt: skip
    return [
        _implied("power-step", ["nA", "nP", "nP1", "z"], step, "z*nA - nP1"),
        _implied("bound-every-tau", ["nJ", "nC", "nB", "nP", "nPB", "z"], bound, "nC*nB*z - nJ"),
    ]


def _instance_bounds(label: str) -> list[dict]:
    """||C||, ||B||, ||A|| >= lC, lB, lA and ||C A^tau B||_2 <= lC lB lA^tau (tau <= TAU_MAX) on one instance."""
    mats = PART1_INSTANCES[label]
    lows = NORM_LOWER[label]
    out = [_norm(f"{label}-{key}-lower", mats, key, ">=", low) for key, low in zip("CBA", lows, strict=True)]
    lC, lB, lA = lows
    out += [
        _norm(f"{label}-J{t}", mats, f"C*A^{t}*B", "<=", f"({lC})*({lB})*({lA})^{t}") for t in range(TAU_MAX[label] + 1)
    ]
    return out


def part1_bound_goals() -> list[dict]:
    """The general bound (every size, every tau), the two exact instances and ||A||_2 <= 1/2 for the contractive A."""
    instances = [g for label in PART1_INSTANCES for g in _instance_bounds(label)]
    return [*_general_bound(), *instances, _norm("contractive-A-upper", CONTRACTIVE, "A", "<=", "1/2")]


def loose_bounds() -> list[dict]:
    """||A||_2 >= 6/5 for the Jordan block A, its characteristic polynomial (l - 1/2)^2, and ||A^tau||_2 far below
    (6/5)^tau with a tight upper bound."""
    A, mats, names = NON_NORMAL["A"], {"A": NON_NORMAL["A"]}, ["l"]
    entry = lambda r, c: const(names, Fraction(A[r][c]))  # noqa: E731
    minus = lambda a: add((1, var(names, "l")), (-1, a))  # noqa: E731  l - a
    charpoly = add((1, mul(minus(entry(0, 0)), minus(entry(1, 1)))), (-1, mul(entry(0, 1), entry(1, 0))))
    square = mul(minus(const(names, Fraction(1, 2))), minus(const(names, Fraction(1, 2))))
    charpoly_goal = {"vars": names, "lhs": terms(names, charpoly), "rhs": terms(names, square)}
    out = [_norm("A-lower", mats, "A", ">=", "6/5"), _goal("charpoly", "polynomial_identity", charpoly_goal)]
    for tau, factor in LOOSE.items():
        out.append(_norm(f"A{tau}-far-below", mats, f"A^{tau}", "<=", f"(6/5)^{tau}/{factor}"))
        out.append(_norm(f"A{tau}-upper", mats, f"A^{tau}", "<=", TIGHT[tau]))
    return out


def logit_j_identity() -> dict:
    """q_i^T k_j = (W_Q u)^T W_K (gamma a/||a||^2) = gamma in every dimension."""
    return logit_identities()[0]


def _att(name: str, lets: list, f: str, value: str, wrt: str | None = "t") -> dict:
    """A dimension-free identity for attention with W_Q, W_K in R^{r x d}, V in R^{p x d} (every d, r, p)."""
    return _dimension_free(name, ATT_ATOMS, ["t", "R", "c"], lets, f, value, wrt)


def softmax_derivatives() -> list[dict]:
    """d alpha_3t/d x_1 = alpha_3t (delta_t1 - alpha_31) W_K^T q_3 for t = 1, 2, 3, in every dimension."""
    return [
        _att(f"dalpha3{t}-dx1", THREE, f"exp(s{t})/S", f"alpha{t}*({1 if t == 1 else 0} - alpha1)*T(g)*h")
        for t in (1, 2, 3)
    ]


def product_rule_identities() -> list[dict]:
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


def softmax_chain_rule() -> list[dict]:
    """(15): d alpha/d s = alpha(1-alpha) (alpha = Ej/(Ej + Rest), Ej = e^s), d s_ij/d x_j = W_K^T q_i, so
    d alpha_ij/d x_j = alpha(1-alpha) W_K^T q_i."""
    names = ["s", "Ej", "Rest"]
    s, ej, rest = (var(names, x) for x in names)
    den = add((1, ej), (1, rest))
    goal = {"vars": names, "exps": {"Ej": terms(names, s)}}
    goal.update(f={"num": terms(names, ej), "den": terms(names, den)})
    goal.update(value={"num": terms(names, mul(ej, rest)), "den": terms(names, mul(den, den))}, wrt="s")
    return [
        _goal("dalpha-ds", "exp_rational_identity", goal),
        _att("ds-dx", EVERY_I, "s", "T(g)*h"),
        _att("dalpha-dx", EVERY_I, "alpha", "alpha*(1 - alpha)*T(g)*h"),
    ]


def gradient_norm_goals() -> list[dict]:
    """(16): W_K^T q_i = a at x_i = u, d alpha_ij/d x_j = alpha(1-alpha) a at the construction, ||c a||^2 =
    c^2 ||a||^2 (every dimension), and alpha(1-alpha) >= 0 (Ej Rest >= 0)."""
    moved = [*CONSTRUCTION, ("x", "xj + t*h"), ("s_x", "T(q)*(WK*x)"), *WEIGHTS[:2]]
    softmax = "exp(s_x)/(exp(s_x) + exp(s_i) + m*exp(s_0))"
    atoms = {k: v for k, v in ATT_ATOMS.items() if k in ("WQ", "WK", "u", "h")}
    return [
        _dimension_free("grad-is-a", atoms, ["g"], CONSTRUCTION, "T(WK)*q", "a", None),
        _dimension_free("alpha-gradient", atoms, ["g", "m", "t"], moved, softmax, "alpha*(1 - alpha)*T(a)*h", "t"),
        _dimension_free("norm-scaling", atoms, ["g", "c"], CONSTRUCTION, "T(c*a)*(c*a)", "c^2*(T(a)*a)", None),
        _goal(
            "weight-nonneg",
            "sum_of_squares",
            positive_polynomial(["Ej", "Rest"], [(1, ["Ej", "Rest"])], ["Ej", "Rest"]),
        ),
    ]
