"""Section 5, Theorem 5.1 part (2) at the proof's construction, taken literally: x_i = u,
x_j = gamma a/||a||^2, x_t = 0 otherwise. Steps (11), (12), (14), (17), the reverse-triangle step and the
choice of gamma are refuted as printed; each has a corrected statement that is certified next to it.
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from constructions.gradients import construction_1d, construction_exact, geometric_pieces, literal_model
from verify.certificate import Obligation, make_certificate
from verify.claims.s5_common import counterexample, identity, positive_sos, rational
from verify.registry import claim

__all__ = [
    "model",
    "EXACT_2D",
    "CONCLUSION_EPS",
    "CONCLUSION_RANGE",
    "HYP",
    "VARS",
    "M",
    "GAMMA_CASE",
    "other_logit_identities",
    "alpha_at_construction_2d",
    "complement_bound",
    "eq12_cleared",
    "jacobian_1d",
    "jacobian_2d",
    "eq17_cleared",
    "reverse_triangle_core",
    "true_alpha_reading",
    "corrected_gamma_checks",
    "conclusion_goal",
    "rewrite_identity",
    "distance_bound",
]

R = sympy.Rational
# An exact 2-D instance (d = r = p = 2) for the corrected Jacobian (14).
EXACT_2D = {
    "WQ": sympy.Matrix([[1, R(1, 2)], [0, 1]]),
    "WK": sympy.Matrix([[2, 0], [1, 1]]),
    "V": sympy.Matrix([[1, 2], [0, 1]]),
    "u": sympy.Matrix([1, -1]),
}
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
    return {
        "a": a, "xj": xj, "s_i": s_i, "alpha": al_j, "grad": grad,
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


def other_logit_identities() -> list[Obligation]:
    """s_ii = q_i^T k_i = a^T u and s_it = 0 for the zero tokens (symbolic 2x2 W_Q, W_K)."""
    WQ = sympy.Matrix(2, 2, sympy.symbols("q11 q12 q21 q22"))
    WK = sympy.Matrix(2, 2, sympy.symbols("k11 k12 k21 k22"))
    u = sympy.Matrix(sympy.symbols("u1 u2"))
    names = [str(s) for s in (*WQ, *WK, *u)]
    a = WK.T * WQ * u
    return [
        identity("logit-i", names, ((WQ * u).T * (WK * u))[0, 0], (a.T * u)[0, 0]),
        identity("logit-zero-token", names, ((WQ * u).T * (WK * sympy.zeros(2, 1)))[0, 0], 0),
    ]


@claim("thm5.1.logits-other.corrected")
def logits_other_corrected() -> dict:
    """The logit at i is a^T u; the zero tokens have logit 0."""
    return make_certificate("thm5.1.logits-other.corrected", "certified", other_logit_identities())


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


def alpha_at_construction_2d() -> list[Obligation]:
    """alpha_ij = G/(G + C + m) and 1 - alpha_ij = (C + m)/(G + C + m) at the construction, symbolic d = r = 2."""
    WQ = sympy.Matrix(2, 2, sympy.symbols("q11 q12 q21 q22"))
    WK = sympy.Matrix(2, 2, sympy.symbols("k11 k12 k21 k22"))
    u = sympy.Matrix(sympy.symbols("u1 u2"))
    g, m, Ej, Ei, E0, G, C = sympy.symbols("g m Ej Ei E0 G C")
    xj, xi, x0 = (sympy.Matrix(sympy.symbols(f"{n}1 {n}2")) for n in ("xj", "xi", "x0"))
    a = WK.T * WQ * u
    Q = sympy.expand((a.T * a)[0, 0])
    logit = lambda x: sympy.expand(((WQ * xi).T * WK * x)[0, 0])  # noqa: E731
    names = [str(s) for s in (*WQ, *WK, *u, g, m, *xj, *xi, *x0, Ej, Ei, E0, G, C)]
    exps = {"Ej": logit(xj), "Ei": logit(xi), "E0": logit(x0), "G": g, "C": sympy.expand((a.T * u)[0, 0])}
    subs = {**{str(xj[k]): g * a[k] for k in (0, 1)}, **{str(xi[k]): u[k] * Q for k in (0, 1)}}
    subs.update({str(x0[k]): 0 for k in (0, 1)})
    at = {"subs": subs, "den": Q, "exps": {"Ej": "G", "Ei": "C", "E0": "1"}}
    S = Ej + Ei + m * E0
    return [
        rational("alpha", names, exps, (Ej, S), (G, G + C + m), at=at),
        rational("one-minus-alpha", names, exps, (S - Ej, S), (C + m, G + C + m), at=at),
    ]


G_, C_, m_, g_, w_ = sympy.symbols("G C m g w")
S_ = G_ + C_ + m_


def complement_bound() -> Obligation:
    """1 - alpha_ij = (C + m)/S <= (C + m)/G, times G S > 0, with G, C, m >= 0."""
    return positive_sos("one-minus-alpha-bound", ["G", "C", "m"], (C_ + m_) * S_ - (C_ + m_) * G_, ["G", "C", "m"])


@claim("thm5.1.eq11.corrected")
def eq11_corrected() -> dict:
    """alpha_ij = e^g/(e^g + e^(a^T u) + i - 2) and 1 - alpha_ij <= (e^(a^T u) + i - 2) e^-g."""
    return make_certificate("thm5.1.eq11.corrected", "certified", [*alpha_at_construction_2d(), complement_bound()])


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


@claim("thm5.1.eq14")
def eq14() -> dict:
    """Printed (14): only t = j contributes to the score term. The t = i term is nonzero."""
    return make_certificate("thm5.1.eq14", "refuted", [_cx("jacobian", (M["J"], "==", M["J14"]), g=1)])


def jacobian_1d() -> Obligation:
    """J = alpha V + alpha(1-alpha)(V x_j) a^T - alpha_ii alpha (V u) a^T at the construction, symbolic 1-D."""
    c = construction_1d()
    wq, wk, v, u, g, m, xj, xi, Ej, Ei, G, C = c["symbols"]
    x0, E0 = sympy.symbols("x0 E0")
    a, Q = c["a"], c["Q"]
    names = [*c["vars"], "x0", "E0"]
    exps = {**c["exps"], "E0": (wq * xi) * (wk * x0)}
    f = (v * (Ej * xj + Ei * xi + m * E0 * x0), Ej + Ei + m * E0)
    S = G + C + m
    value = (v * (G * S * Q + G * (C + m) * g * a * a - C * G * u * a * Q), S**2 * Q)
    at = {"subs": {"xj": g * a, "xi": u * Q, "x0": 0}, "den": Q, "exps": {"Ej": "G", "Ei": "C", "E0": "1"}}
    return rational("jacobian-1d", names, exps, f, value, wrt="xj", at=at)


def jacobian_2d() -> list[Obligation]:
    """The same closed form on the exact 2-D instance EXACT_2D, every entry (k, l), symbolic gamma and m."""
    WQ, WK, V, u = (EXACT_2D[k] for k in ("WQ", "WK", "V", "u"))
    c = construction_exact(WQ, WK, V, u)
    xj, xi, a, Q = c["xj"], c["xi"], c["a"], c["Q"]
    g, m, Ej, Ei, E0, G, C = sympy.symbols("g m Ej Ei E0 G C")
    x0 = sympy.Matrix(sympy.symbols("x01 x02"))
    names = [str(s) for s in (g, m, *xj, *xi, *x0, Ej, Ei, E0, G, C)]
    logit = lambda x: sympy.expand(((WQ * xi).T * WK * x)[0, 0])  # noqa: E731
    exps = {"Ej": logit(xj), "Ei": logit(xi), "E0": logit(x0), "G": g, "C": c["aTu"]}
    subs = {**{str(xj[k]): g * a[k] / Q for k in (0, 1)}, **{str(xi[k]): u[k] for k in (0, 1)}}
    subs.update({str(x0[k]): 0 for k in (0, 1)})
    at = {"subs": subs, "den": 1, "exps": {"Ej": "G", "Ei": "C", "E0": "1"}}
    S = G + C + m
    num_y = V * (Ej * xj + Ei * xi + m * E0 * x0)
    out = []
    for k in (0, 1):
        for lcol in (0, 1):
            value = G * S * Q * V[k, lcol] + G * (C + m) * g * (V * a)[k] * a[lcol] - C * G * (V * u)[k] * a[lcol] * Q
            out.append(
                rational(f"jacobian-2d-{k + 1}{lcol + 1}", names, exps, (num_y[k], Ej + Ei + m * E0), (value, S**2 * Q),
                         wrt=str(xj[lcol]), at=at)
            )  # fmt: skip
    return out


@claim("thm5.1.eq14.corrected")
def eq14_corrected() -> dict:
    """J_ij = alpha_ij V + alpha_ij(1-alpha_ij)(V x_j) a^T - alpha_ii alpha_ij (V u) a^T at the construction."""
    return make_certificate("thm5.1.eq14.corrected", "certified", [jacobian_1d(), *jacobian_2d()])


@claim("thm5.1.eq17")
def eq17() -> dict:
    """Printed (17): ||(V x_j)(d alpha_ij/d x_j)^T|| <= ||V|| gamma (n-1) e^-g. It fails at gamma = 5."""
    return make_certificate(
        "thm5.1.eq17", "refuted", [_cx("perturbation-bound", (M["pert"], "<=", "abs(v)*g*(n-1)*exp(0-g)"), g=5)]
    )


def eq17_cleared() -> list[Obligation]:
    """gamma alpha(1-alpha) <= gamma (C + m) e^-g and alpha_ii alpha_ij <= C e^-g (the new t = i term)."""
    names, pos = ["G", "C", "m", "g"], ["G", "C", "m", "g"]
    return [
        positive_sos("score-j", names, g_ * (C_ + m_) * S_**2 - g_ * G_**2 * (C_ + m_), pos),
        positive_sos("score-i", names, C_ * S_**2 - C_ * G_**2, pos),
    ]


@claim("thm5.1.eq17.corrected")
def eq17_corrected() -> dict:
    """Bounds on both score terms of the corrected (14)."""
    return make_certificate("thm5.1.eq17.corrected", "certified", eq17_cleared())


@claim("thm5.1.reverse-triangle")
def reverse_triangle() -> dict:
    """Printed: ||J|| >= alpha ||V|| - ||(V x_j)(d alpha_ij/d x_j)^T||. It fails at gamma = 1/4."""
    rhs = f"{M['alpha']}*abs(v) - {M['pert']}"
    return make_certificate(
        "thm5.1.reverse-triangle", "refuted", [_cx("lower-bound", (f"abs({M['J']})", ">=", rhs), g=R(1, 4))]
    )


def reverse_triangle_core() -> Obligation:
    """alpha - g alpha(1-alpha) - w alpha_ii alpha >= 1 - ((1+g)(C+m) + C w) e^-g, cleared of G S^2 > 0."""
    names = ["G", "C", "m", "g", "w"]
    P = C_ + m_
    lhs = G_**2 * S_ - g_ * G_**2 * P - w_ * C_ * G_**2
    rhs = G_ * S_**2 - S_**2 * ((1 + g_) * P + C_ * w_)
    return positive_sos("core", names, lhs - rhs, names)


@claim("thm5.1.reverse-triangle.corrected")
def reverse_triangle_corrected() -> dict:
    """The lower bound from the corrected (14) and (17)."""
    return make_certificate("thm5.1.reverse-triangle.corrected", "certified", [reverse_triangle_core()])


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
    return make_certificate("thm5.1.gamma-choice", "refuted", [obligation, true_alpha_reading()])


# The strict reading (first condition on the true alpha) fails too, in 2-D: a^T u = 0 but ||u|| ||a|| = 60.
TRUE_ALPHA_CASE = {
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


@claim("thm5.1.gamma-choice.corrected")
def gamma_choice_corrected() -> dict:
    """Corrected condition on gamma, met on the refuting instance."""
    return make_certificate("thm5.1.gamma-choice.corrected", "certified", corrected_gamma_checks())


def conclusion_goal(eps: Fraction) -> tuple[str, str]:
    """|J_{n,1}(X)| and ||V|| - eps for W_Q = W_K = V = u = 1, gamma = 2 + log(n/eps), n = i a real in the box.

    J is the corrected (14) at this instance, (G S + g G (C+m) - C G)/S^2 with S = G + C + m, written as
    (1 + r(1+g) - c)/(1+r)^2 with r = (C+m)/G, c = C/G (the obligation `rewrite` checks this identity), so that
    ball arithmetic over a range of n does not lose the cancellation in alpha = G/S.
    """
    g = f"(2 + log({eps.denominator}*n/{eps.numerator}))"
    r, c = f"((exp(1) + (n-2))/exp({g}))", f"(exp(1)/exp({g}))"
    return f"abs((1 + {r}*(1+{g}) - {c})/(1+{r})^2)", f"1 - {eps}"


def rewrite_identity() -> Obligation:
    """(G S + g G (C+m) - C G)/S^2 == (1 + r(1+g) - c)/(1+r)^2 with r = (C+m)/G, c = C/G, as rational functions."""
    names = ["G", "C", "m", "g"]
    value = (G_**2 + (C_ + m_) * (1 + g_) * G_ - C_ * G_, G_**2)  # 1 + r(1+g) - c over G^2
    square = (S_**2, G_**2)  # (1 + r)^2 = S^2 / G^2
    f = (G_ * S_ + g_ * G_ * (C_ + m_) - C_ * G_, S_**2)
    return rational("rewrite", names, {}, f, (value[0] * square[1], value[1] * square[0]))


def distance_bound(eps: Fraction) -> Obligation:
    """|J_{n,1}(X)| >= ||V|| - eps for every real n in CONCLUSION_RANGE (every distance 1 .. 10^6)."""
    lhs, rhs = conclusion_goal(eps)
    goal = {"box": {"n": [str(x) for x in CONCLUSION_RANGE]}, "lhs": lhs, "op": ">=", "rhs": rhs}
    pieces = geometric_pieces(*CONCLUSION_RANGE, PIECE_RATIO[eps])
    return Obligation(f"eps-{eps.denominator}", "interval_inequality", goal, {"precision": 64, "pieces": pieces})


@claim("thm5.1.conclusion")
def conclusion() -> dict:
    """|J_{i,j}(X)| >= ||V|| - eps for every distance 1 .. 10^6, with gamma(eps, i) = 2 + log(i/eps)."""
    obligations = [rewrite_identity(), *(distance_bound(eps) for eps in CONCLUSION_EPS)]
    return make_certificate("thm5.1.conclusion", "certified", obligations)
