"""Statements of Section 5: Theorem 5.1 (gradient paths), part (1) and the steps of part (2)'s proof.

Part (1) and the general-point steps of part (2) ((13), (15), (16)) are identities and norm bounds written in
s5_part1.py. The proof of part (2) at its construction (x_i = u,
x_j = gamma a/||a||^2, zero tokens elsewhere) has steps that fail as printed: each such claim states the
printed formula, on the literal model (9) written in s5_model.py, as a counterexample goal under
the theorem's hypotheses (HYP: a != 0, V != 0, gamma > 0, position n >= 2), next to an identity proving that
the "true" Jacobian it uses is the derivative of that model. The corrected statements, in every dimension, are
written in s5_corrected.py. No claim has inputs: every goal is literal.
"""

from __future__ import annotations

from fractions import Fraction

from verify.statements import entry
from verify.statements.s5_corrected import CORRECTED, true_jacobian_1d
from verify.statements.s5_gradients_texts import TEXTS
from verify.statements.s5_model import (
    CONCLUSION_EPS,
    CONCLUSION_RANGE,
    HYP,
    TRUE_ALPHA_CASE,
    VARS,
    M,
    counterexample_goal,
    dimension_free_goal,
    literal_model,
    model,
    positive_polynomial,
)
from verify.statements.s5_part1 import (
    every_tau_identities,
    gradient_norm_goals,
    jacobian_identities,
    logit_j_identity,
    loose_bounds,
    part1_bound_goals,
    product_rule_identities,
    softmax_chain_rule,
    softmax_derivatives,
)

__all__ = ["entries", "printed_fails"]

ALPHA, J = M["alpha"], M["J"]  # alpha_ij and the true Jacobian (13) of the 1-D model at the construction


def printed_fails(name: str, claim: tuple[str, str, str], names: list[str] = VARS, assume: list = HYP) -> dict:
    """The goal: some point satisfying the hypotheses violates the printed claim (lhs, op, rhs)."""
    return {"name": name, "kind": "counterexample", "goal": counterexample_goal(names, assume, claim)}


def _goal(name: str, kind: str, goal: dict) -> dict:
    """One goal of a statement."""
    return {"name": name, "kind": kind, "goal": goal}


def true_alpha_reading() -> dict:
    """In 2-D: 1 - alpha_ij <= eps/(2||V||) for the true alpha and ||V|| g (i-1) e^-g <= eps/2, yet ||J||_F <
    ||V|| - eps is possible."""
    lit = literal_model(**TRUE_ALPHA_CASE, g="g", n="n")
    nv = lit["norm_V"]
    hyp = [
        ("g", ">", "0"),
        ("n", ">=", "2"),
        ("eps", ">", "0"),
        (nv, ">", "0"),
        (f"1 - {lit['alpha']}", "<=", f"eps/(2*{nv})"),
        (f"{nv}*g*(n-1)*exp(0-g)", "<=", "eps/2"),
    ]
    return printed_fails("conclusion-true-alpha", (lit["frobenius_J"], ">=", f"{nv} - eps"), ["g", "n", "eps"], hyp)


def true_jacobian_2d() -> list[dict]:
    """Each entry J[p][k] of the 2-D literal model is d/dt y_p(x_j + t e_k) at t = 0 (the entries of ||J||_F)."""
    J = literal_model(**TRUE_ALPHA_CASE, g="g", n="n")["J"]
    out = []
    for k in (0, 1):
        y = literal_model(**TRUE_ALPHA_CASE, g="g", n="n", direction=k)["y"]
        for p in (0, 1):
            goal = dimension_free_goal(["g", "n", "t"], y[p], J[p][k], "t")
            out.append(_goal(f"true-jacobian-2d-{p + 1}{k + 1}", "dimension_free_identity", goal))
    return out


def eq12_cleared() -> list[dict]:
    """alpha(1-alpha) <= 1 - alpha <= (C + m)/G with alpha = G/S, S = G + C + m (G = e^g, C = e^(a^T u), m = i - 2),
    cleared of the positive denominators: each difference has nonnegative coefficients in G, C, m >= 0."""
    names, s = ["G", "C", "m"], "G+C+m"
    first = [(1, ["C+m", s]), (-1, ["G", "C+m"])]  # (1 - alpha) - alpha (1 - alpha), times S^2
    second = [(1, ["C+m", s]), (-1, ["C+m", "G"])]  # (C + m)/G - (C + m)/S, times G S
    outer = [(1, ["C+m", s, s]), (-1, ["G", "G", "C+m"])]  # (C + m)/G - alpha (1 - alpha), times G S^2
    return [
        _goal(name, "sum_of_squares", positive_polynomial(names, products, names))
        for name, products in (("first", first), ("second", second), ("outer", outer))
    ]


# J_{n,1}(X) at W_Q = W_K = V = u = 1 as (1 + r(1+g) - c)/(1+r)^2, r = (C + m)/G, c = C/G, C = e (a^T u = 1).
R_INSTANCE = "((exp(1) + (n-2))/exp({g}))"
C_INSTANCE = "(exp(1)/exp({g}))"
J_INSTANCE = "(1 + {r}*(1+{g}) - {c})/(1+{r})^2"


def _instance_j(g: str) -> str:
    """J_{n,1}(X) at the scalar instance, with gamma = g."""
    return J_INSTANCE.format(r=R_INSTANCE.format(g=g), c=C_INSTANCE.format(g=g), g=g)


def instance_jacobian() -> dict:
    """d/dt y_n(x_j + t) at t = 0 for the model at W_Q = W_K = V = u = 1 equals (1 + r(1+g) - c)/(1+r)^2."""
    goal = dimension_free_goal(["g", "n", "t"], model("1", "1", "1", "1")["y"], _instance_j("g"), "t")
    return _goal("jacobian", "dimension_free_identity", goal)


def distance_bound(eps: Fraction) -> dict:
    """|J_{n,1}(X)| >= ||V|| - eps for every real n in CONCLUSION_RANGE, gamma = 2 + log(n/eps)."""
    lhs = f"abs({_instance_j(f'(2 + log({eps.denominator}*n/{eps.numerator}))')})"
    goal = {"box": {"n": [str(x) for x in CONCLUSION_RANGE]}, "lhs": lhs, "op": ">=", "rhs": f"1 - {eps}"}
    return _goal(f"eps-{eps.denominator}", "interval_inequality", goal)


def condition_not_met() -> dict:
    """At n = 10^6 + 1, eps = 1/10, gamma = 2 + log(n/eps) the corrected sufficient condition exceeds eps."""
    n = CONCLUSION_RANGE[1]
    g = f"(2 + log(10*{n}))"
    lhs = f"((1+{g})*(exp(1) + ({n}-2)) + exp(1)*1*1)*exp(0-{g})"
    return _goal("condition-not-met", "interval_inequality", {"box": {}, "lhs": lhs, "op": ">", "rhs": "(1/10)/1"})


def part1_jacobian() -> list[dict]:
    """J_ij = dy_i/dx_j = C A^(i-j) B: for i = 4, j = 1..4 (symbolic 2x2), and for any lag with P = A^(i-j)."""
    return [*jacobian_identities(), *every_tau_identities()]


def part1_bound() -> list[dict]:
    """||C A^tau B||_2 <= ||C||_2 ||B||_2 ||A||_2^tau in general (from submultiplicativity, by induction on tau),
    and on a contractive and a non-normal instance; ||A|| <= 1/2 for the contractive one."""
    return part1_bound_goals()


def logits_other() -> list[dict]:
    """Printed: every t' != j has x_t' = 0, hence logit 0; but x_i = u and the logit at t' = i is a u."""
    return [printed_fails("logit-i-zero", (M["s_i"], "==", "0"), ["wq", "wk", "u"], [("wk*wq*u", "!=", "0")])]


def eq11() -> list[dict]:
    """Printed (11): alpha_ij = e^g/(e^g + (i-1)), 1 - alpha_ij = (i-1)/(e^g + (i-1)) <= (i-1) e^-g."""
    return [
        printed_fails("alpha", (ALPHA, "==", "exp(g)/(exp(g)+(n-1))")),
        printed_fails("one-minus-alpha", (f"1-{ALPHA}", "==", "(n-1)/(exp(g)+(n-1))")),
        printed_fails("one-minus-alpha-bound", (f"1-{ALPHA}", "<=", "(n-1)*exp(0-g)")),
    ]


def eq12() -> list[dict]:
    """Printed (12): alpha(1-alpha) <= 1 - alpha <= (i-1) e^-g; the middle and the outer bound fail."""
    return [
        printed_fails("middle", (f"1-{ALPHA}", "<=", "(n-1)*exp(0-g)")),
        printed_fails("outer", (f"{ALPHA}*(1-{ALPHA})", "<=", "(n-1)*exp(0-g)")),
    ]


def eq14() -> list[dict]:
    """Printed (14): J_ij = alpha_ij V + (V x_j)(d alpha_ij/d x_j)^T, i.e. only t = j in the score term.

    The true Jacobian J of the counterexample is the derivative of the literal model (true-jacobian)."""
    return [printed_fails("jacobian", (J, "==", M["J14"])), true_jacobian_1d()]


def eq17() -> list[dict]:
    """Printed (17): ||(V x_j)(d alpha_ij/d x_j)^T||_2 <= ||V||_2 gamma (i-1) e^-g."""
    return [printed_fails("perturbation-bound", (M["pert"], "<=", "abs(v)*g*(n-1)*exp(0-g)"))]


def reverse_triangle() -> list[dict]:
    """Printed: ||J_ij||_2 >= alpha_ij ||V||_2 - ||(V x_j)(d alpha_ij/d x_j)^T||_2, with J the true Jacobian."""
    claim = (f"abs({J})", ">=", f"{ALPHA}*abs(v) - {M['pert']}")
    return [printed_fails("lower-bound", claim), true_jacobian_1d()]


def gamma_choice() -> list[dict]:
    """Printed: gamma with (i-1) e^-g <= eps/(2||V||) and ||V|| g (i-1) e^-g <= eps/2 gives ||J|| >= ||V|| - eps.

    Read with (i-1) e^-g (the bound (11) offers for 1 - alpha_ij) and, in 2-D, with the true 1 - alpha_ij.
    """
    conditions = [
        ("eps", ">", "0"),
        ("(n-1)*exp(0-g)", "<=", "eps/(2*abs(v))"),
        ("abs(v)*g*(n-1)*exp(0-g)", "<=", "eps/2"),
    ]
    conclusion = printed_fails("conclusion", (f"abs({J})", ">=", "abs(v) - eps"), [*VARS, "eps"], [*HYP, *conditions])
    return [conclusion, true_jacobian_1d(), true_alpha_reading(), *true_jacobian_2d()]


def eq13() -> list[dict]:
    """(13) at a general point in every dimension: i = 3 explicitly, and every number of tokens collected."""
    return [*softmax_derivatives(), *product_rule_identities()]


def corrected(claim_id: str) -> list[dict]:
    """The goals of a corrected claim (s5_corrected.py)."""
    return CORRECTED[claim_id]()


def conclusion_instance() -> list[dict]:
    """The scalar instance W_Q = W_K = V = u = 1 with gamma = 2 + log(i/eps), distances 1 .. 10^6."""
    return [instance_jacobian(), *map(distance_bound, CONCLUSION_EPS), condition_not_met()]


def entries() -> dict:
    """The Section 5 statements in paper order."""
    goals = {
        "thm5.1.part1.jacobian": ("certified", part1_jacobian()),
        "thm5.1.part1.bound": ("certified", part1_bound()),
        "thm5.1.part1.loose": ("certified", loose_bounds()),
        "thm5.1.logit-j": ("certified", [logit_j_identity()]),
        "thm5.1.logits-other": ("refuted", logits_other()),
        "thm5.1.logits-other.corrected": ("certified", corrected("thm5.1.logits-other.corrected")),
        "thm5.1.eq11": ("refuted", eq11()),
        "thm5.1.eq11.corrected": ("certified", corrected("thm5.1.eq11.corrected")),
        "thm5.1.eq12": ("refuted", eq12()),
        "thm5.1.eq12.corrected": ("certified", eq12_cleared()),
        "thm5.1.eq13": ("certified", eq13()),
        "thm5.1.eq14": ("refuted", eq14()),
        "thm5.1.eq14.corrected": ("certified", corrected("thm5.1.eq14.corrected")),
        "thm5.1.eq15": ("certified", softmax_chain_rule()),
        "thm5.1.eq16": ("certified", gradient_norm_goals()),
        "thm5.1.eq17": ("refuted", eq17()),
        "thm5.1.eq17.corrected": ("certified", corrected("thm5.1.eq17.corrected")),
        "thm5.1.reverse-triangle": ("refuted", reverse_triangle()),
        "thm5.1.reverse-triangle.corrected": ("certified", corrected("thm5.1.reverse-triangle.corrected")),
        "thm5.1.gamma-choice": ("refuted", gamma_choice()),
        "thm5.1.gamma-choice.corrected": ("certified", corrected("thm5.1.gamma-choice.corrected")),
        "thm5.1.conclusion": ("certified", corrected("thm5.1.conclusion")),
        "thm5.1.conclusion.instance": ("certified", conclusion_instance()),
    }
    return {claim: entry(TEXTS[claim], verdict, items) for claim, (verdict, items) in goals.items()}
