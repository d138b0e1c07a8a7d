"""Section 5, Theorem 5.1 part (2) at the proof's construction, taken literally: x_i = u,
x_j = gamma a/||a||^2, x_t = 0 otherwise. Steps (11), (12), (14), (17), the reverse-triangle step and the
choice of gamma are refuted as printed, on the literal model (9) in d = 1 (and d = 2 for one reading of the
choice of gamma); the true Jacobian in each refutation is tied to the derivative of the literal model by a
dimension_free_identity in the same certificate. The corrected statements, in every dimension, are in
s5_general.py; the scalar instance of the conclusion with gamma = 2 + log(i/eps) is thm5.1.conclusion.instance.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TypedDict

import sympy

from constructions.gradients import geometric_pieces, literal_model
from verify.certificate import Obligation, make_certificate
from verify.claims.s5_common import counterexample, dimension_free, positive_sos
from verify.registry import claim

__all__ = [
    "model",
    "CONCLUSION_EPS",
    "CONCLUSION_RANGE",
    "HYP",
    "VARS",
    "M",
    "GAMMA_CASE",
    "TRUE_ALPHA_CASE",
    "complement_bound",
    "eq12_cleared",
    "true_jacobian_1d",
    "true_jacobian_2d",
    "true_alpha_reading",
    "corrected_gamma_checks",
    "conclusion_goal",
    "instance_jacobian",
    "distance_bound",
    "condition_not_met",
]

R = sympy.Rational
CONCLUSION_EPS = (Fraction(1, 10), Fraction(1, 100))
CONCLUSION_RANGE = (2, 10**6 + 1)  # i = j + tau with j = 1 and tau = 1 .. 10^6
PIECE_RATIO = {Fraction(1, 10): Fraction(11, 10), Fraction(1, 100): Fraction(51, 50)}
HYP = [("wk*wq*u", "!=", "0"), ("v", "!=", "0"), ("g", ">", "0"), ("n", ">=", "2")]


def model(wq: str = "wq", wk: str = "wk", v: str = "v", u: str = "u", g: str = "g", i: str = "n") -> dict:
    """Literal 1-D model (9) at the construction, as kernel expressions: logits, alphas, true and printed J."""
    a = f"({wk}*{wq}*{u})"
    xj = f"({g}*{a}/{a}^2)"
    q = f"({wq}*{u})"
    s_j, s_i, s_0 = f"({q}*({wk}*{xj}))", f"({q}*({wk}*{u}))", f"({q}*({wk}*0))"
    S = f"(exp({s_j}) + exp({s_i}) + ({i}-2)*exp({s_0}))"
    al_j, al_i, al_0 = f"(exp({s_j})/{S})", f"(exp({s_i})/{S})", f"(exp({s_0})/{S})"
    grad = f"({wk}*{q})"
    value = f"{al_j}*{v}"
    score_j = f"({v}*{xj})*({al_j}*(1-{al_j})*{grad})"
    score_i = f"({v}*{u})*({al_i}*(0-{al_j})*{grad})"
    score_0 = f"({i}-2)*({v}*0)*({al_0}*(0-{al_j})*{grad})"
    xl = f"({xj} + t)"  # x_j moved along the line x_j + t: d/dt y at t = 0 is dy_i/dx_j
    s_l = f"({q}*({wk}*{xl}))"
    S_l = f"(exp({s_l}) + exp({s_i}) + ({i}-2)*exp({s_0}))"
    y = f"((exp({s_l})*{v}*{xl} + exp({s_i})*{v}*{u} + ({i}-2)*exp({s_0})*{v}*0)/{S_l})"
    return {
        "a": a, "xj": xj, "s_i": s_i, "alpha": al_j, "grad": grad, "y": y,
        "J": f"({value} + {score_j} + {score_i} + {score_0})",
        "J14": f"({value} + {score_j})",
        "pert": f"abs({v}*{xj})*abs({al_j}*(1-{al_j})*{grad})",
    }  # fmt: skip


ONES = {"wq": 1, "wk": 1, "v": 1, "u": 1, "n": 3}
M = model()
VARS = ["wq", "wk", "v", "u", "g", "n"]


def _cx(name: str, claim: tuple, **point: object) -> Obligation:
    """A counterexample on the 1-D literal model at the all-ones instance, i = 3 unless overridden."""
    return counterexample(name, VARS, HYP, claim, {**ONES, **point})


@claim("thm5.1.logits-other")
def logits_other() -> dict:
    """Printed: every t' != j has x_t' = 0, so its logit is 0. At t' = i the logit is a^T u = 1 != 0."""
    hyp = [("wk*wq*u", "!=", "0")]
    obligation = counterexample(
        "logit-i-zero", ["wq", "wk", "u"], hyp, (M["s_i"], "==", "0"), {"wq": 1, "wk": 1, "u": 1}
    )
    return make_certificate("thm5.1.logits-other", "refuted", [obligation])


@claim("thm5.1.eq11")
def eq11() -> dict:
    """Printed (11): alpha_ij = e^g/(e^g + i - 1), 1 - alpha_ij = (n-1)/(e^g + i - 1) <= (n-1) e^-g."""
    return make_certificate(
        "thm5.1.eq11",
        "refuted",
        [
            _cx("alpha", (M["alpha"], "==", "exp(g)/(exp(g)+(n-1))"), g=1),
            _cx("one-minus-alpha", (f"1-{M['alpha']}", "==", "(n-1)/(exp(g)+(n-1))"), g=1),
            _cx("one-minus-alpha-bound", (f"1-{M['alpha']}", "<=", "(n-1)*exp(0-g)"), g=2),
        ],
    )


G_, C_, m_ = sympy.symbols("G C m")
S_ = G_ + C_ + m_


def complement_bound() -> Obligation:
    """1 - alpha_ij = (C + m)/S <= (C + m)/G, times G S > 0, with G, C, m >= 0."""
    return positive_sos("one-minus-alpha-bound", ["G", "C", "m"], (C_ + m_) * S_ - (C_ + m_) * G_, ["G", "C", "m"])


@claim("thm5.1.eq12")
def eq12() -> dict:
    """Printed (12): alpha(1-alpha) <= 1 - alpha <= (n-1) e^-g; both right-hand bounds fail."""
    al = M["alpha"]
    return make_certificate(
        "thm5.1.eq12",
        "refuted",
        [
            _cx("middle", (f"1-{al}", "<=", "(n-1)*exp(0-g)"), g=2),
            _cx("outer", (f"{al}*(1-{al})", "<=", "(n-1)*exp(0-g)"), g=5),
        ],
    )


def eq12_cleared() -> list[Obligation]:
    """alpha(1-alpha) <= 1 - alpha <= (e^(a^T u) + i - 2) e^-g, cleared of the positive denominators."""
    names, pos = ["G", "C", "m"], ["G", "C", "m"]
    return [
        positive_sos("first", names, (C_ + m_) * S_ - G_ * (C_ + m_), pos),
        positive_sos("second", names, (C_ + m_) * S_ - (C_ + m_) * G_, pos),
        positive_sos("outer", names, (C_ + m_) * S_**2 - G_**2 * (C_ + m_), pos),
    ]


@claim("thm5.1.eq12.corrected")
def eq12_corrected() -> dict:
    """Corrected (12)."""
    return make_certificate("thm5.1.eq12.corrected", "certified", eq12_cleared())


def true_jacobian_1d() -> Obligation:
    """The true Jacobian M["J"] of the refutations is d/dt y_i(x_j + t) at t = 0 for the literal 1-D model (9)."""
    return dimension_free("true-jacobian", {}, [*VARS, "t"], [], M["y"], M["J"], wrt="t")


@claim("thm5.1.eq14")
def eq14() -> dict:
    """Printed (14): only t = j contributes to the score term. The t = i term is nonzero."""
    obligations = [_cx("jacobian", (M["J"], "==", M["J14"]), g=1), true_jacobian_1d()]
    return make_certificate("thm5.1.eq14", "refuted", obligations)


@claim("thm5.1.eq17")
def eq17() -> dict:
    """Printed (17): ||(V x_j)(d alpha_ij/d x_j)^T|| <= ||V|| gamma (n-1) e^-g. It fails at gamma = 5."""
    return make_certificate(
        "thm5.1.eq17", "refuted", [_cx("perturbation-bound", (M["pert"], "<=", "abs(v)*g*(n-1)*exp(0-g)"), g=5)]
    )


@claim("thm5.1.reverse-triangle")
def reverse_triangle() -> dict:
    """Printed: ||J|| >= alpha ||V|| - ||(V x_j)(d alpha_ij/d x_j)^T||. It fails at gamma = 1/4."""
    rhs = f"{M['alpha']}*abs(v) - {M['pert']}"
    obligations = [_cx("lower-bound", (f"abs({M['J']})", ">=", rhs), g=R(1, 4)), true_jacobian_1d()]
    return make_certificate("thm5.1.reverse-triangle", "refuted", obligations)


GAMMA_CASE = {"wq": 1, "wk": 1, "v": 1, "u": 3, "n": 2, "eps": R(1, 2)}


@claim("thm5.1.gamma-choice")
def gamma_choice() -> dict:
    """Printed: gamma with (n-1)e^-g <= eps/(2||V||) and ||V|| g (n-1) e^-g <= eps/2 gives ||J|| >= ||V|| - eps."""
    names = [*VARS, "eps"]
    hyp = [
        *HYP,
        ("eps", ">", "0"),
        ("(n-1)*exp(0-g)", "<=", "eps/(2*abs(v))"),
        ("abs(v)*g*(n-1)*exp(0-g)", "<=", "eps/2"),
    ]
    obligation = counterexample(
        "conclusion", names, hyp, (f"abs({M['J']})", ">=", "abs(v) - eps"), {**GAMMA_CASE, "g": 3}
    )
    obligations = [obligation, true_jacobian_1d(), true_alpha_reading(), *true_jacobian_2d()]
    return make_certificate("thm5.1.gamma-choice", "refuted", obligations)


class Case(TypedDict):
    """Exact W_Q, W_K, V (rows of rational strings) and u of one instance of the construction."""

    WQ: list[list[str]]
    WK: list[list[str]]
    V: list[list[str]]
    u: list[str]


# The strict reading (first condition on the true alpha) fails too, in 2-D: a^T u = 0 but ||u|| ||a|| = 60.
TRUE_ALPHA_CASE: Case = {
    "WQ": [["1", "0"], ["0", "1"]],
    "WK": [["1/60", "1/60"], ["-1/60", "-1/60"]],
    "V": [["1", "0"], ["0", "0"]],
    "u": ["30", "-30"],
}


def true_alpha_reading() -> Obligation:
    """1 - alpha_ij <= eps/(2||V||) for the true alpha and ||V|| g (i-1) e^-g <= eps/2, yet ||J||_F < ||V|| - eps."""
    lit = literal_model(**TRUE_ALPHA_CASE, g="g", n="n")
    nv = lit["norm_V"]
    hyp = [
        ("g", ">", "0"), ("n", ">=", "2"), ("eps", ">", "0"), (nv, ">", "0"),
        (f"1 - {lit['alpha']}", "<=", f"eps/(2*{nv})"), (f"{nv}*g*(n-1)*exp(0-g)", "<=", "eps/2"),
    ]  # fmt: skip
    return counterexample("conclusion-true-alpha", ["g", "n", "eps"], hyp, (lit["frobenius_J"], ">=", f"{nv} - eps"),
                          {"g": 4, "n": 2, "eps": R(1, 4)})  # fmt: skip


def true_jacobian_2d() -> list[Obligation]:
    """Each entry J[p][k] of the 2-D literal model is d/dt y_p(x_j + t e_k) at t = 0 (the strings of ||J||_F)."""
    J = literal_model(**TRUE_ALPHA_CASE, g="g", n="n")["J"]
    out = []
    for k in (0, 1):
        y = literal_model(**TRUE_ALPHA_CASE, g="g", n="n", direction=k)["y"]
        for p in (0, 1):
            out.append(dimension_free(f"true-jacobian-2d-{p + 1}{k + 1}", {}, ["g", "n", "t"], [], y[p], J[p][k], "t"))
    return out


def _fixed(expr: str, values: dict) -> str:
    """Substitute exact values for names in a kernel expression built by model()."""
    m = model(**{k: f"({values[k]})" for k in ("wq", "wk", "v", "u", "g")}, i=f"({values['n']})")
    return m[expr]


def corrected_gamma_checks() -> list[Obligation]:
    """On the refuting instance, gamma = 13 meets the corrected condition and gives |J| >= ||V|| - eps."""
    vals = {**{k: str(v) for k, v in GAMMA_CASE.items()}, "g": "13"}
    cond = "((1+13)*(exp(9)+(2-2)) + exp(9)*3*3)*exp(0-13)"
    interval = lambda name, lhs, op, rhs: Obligation(  # noqa: E731
        name, "interval_inequality", {"box": {}, "lhs": lhs, "op": op, "rhs": rhs}, {"precision": 128}
    )
    return [
        interval("condition", cond, "<=", "(1/2)/1"),
        interval("conclusion", f"abs({_fixed('J', vals)})", ">=", "1 - 1/2"),
    ]


R_INSTANCE = "((exp(1) + (n-2))/exp({g}))"  # r = (C + m)/G at W_Q = W_K = V = u = 1 (C = e^(a^T u) = e)
C_INSTANCE = "(exp(1)/exp({g}))"  # c = C/G
J_INSTANCE = "(1 + {r}*(1+{g}) - {c})/(1+{r})^2"


def _instance_j(g: str) -> str:
    """J_{n,1}(X) at W_Q = W_K = V = u = 1 as (1 + r(1+g) - c)/(1+r)^2 (no cancellation in ball arithmetic)."""
    return J_INSTANCE.format(r=R_INSTANCE.format(g=g), c=C_INSTANCE.format(g=g), g=g)


def conclusion_goal(eps: Fraction) -> tuple[str, str]:
    """|J_{n,1}(X)| and ||V|| - eps for W_Q = W_K = V = u = 1, gamma = 2 + log(n/eps), n = i a real in the box.

    J is the closed form of instance_jacobian() with g replaced by gamma(n) = 2 + log(n/eps).
    """
    return f"abs({_instance_j(f'(2 + log({eps.denominator}*n/{eps.numerator}))')})", f"1 - {eps}"


def instance_jacobian() -> Obligation:
    """d/dt y_n(x_j + t) at t = 0 for the literal model at W_Q = W_K = V = u = 1 equals (1 + r(1+g) - c)/(1+r)^2."""
    y = model("1", "1", "1", "1")["y"]
    return dimension_free("jacobian", {}, ["g", "n", "t"], [], y, _instance_j("g"), wrt="t")


def distance_bound(eps: Fraction) -> Obligation:
    """|J_{n,1}(X)| >= ||V|| - eps for every real n in CONCLUSION_RANGE (every distance 1 .. 10^6)."""
    lhs, rhs = conclusion_goal(eps)
    goal = {"box": {"n": [str(x) for x in CONCLUSION_RANGE]}, "lhs": lhs, "op": ">=", "rhs": rhs}
    pieces = geometric_pieces(*CONCLUSION_RANGE, PIECE_RATIO[eps])
    return Obligation(f"eps-{eps.denominator}", "interval_inequality", goal, {"precision": 64, "pieces": pieces})


def condition_not_met() -> Obligation:
    """At n = 10^6 + 1, eps = 1/10 and gamma = 2 + log(n/eps) the corrected sufficient condition fails (> eps)."""
    n = CONCLUSION_RANGE[1]
    g = f"(2 + log(10*{n}))"
    lhs = f"((1+{g})*(exp(1) + ({n}-2)) + exp(1)*1*1)*exp(0-{g})"
    goal = {"box": {}, "lhs": lhs, "op": ">", "rhs": "(1/10)/1"}
    return Obligation("condition-not-met", "interval_inequality", goal, {"precision": 128})


@claim("thm5.1.conclusion.instance")
def conclusion_instance() -> dict:
    """|J_{i,1}(X)| >= ||V|| - eps at W_Q = W_K = V = u = 1 for every distance 1 .. 10^6, gamma = 2 + log(i/eps)."""
    obligations = [instance_jacobian(), *(distance_bound(eps) for eps in CONCLUSION_EPS), condition_not_met()]
    return make_certificate("thm5.1.conclusion.instance", "certified", obligations)
