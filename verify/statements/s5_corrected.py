"""The corrected statements of Theorem 5.1 part (2), in every dimension: the construction's logits, weights and
Jacobian as dimension-free identities over matrix atoms of symbolic size, and the corrected proof's bounds as
implications from named norm facts (properties of the spectral norm, or lemmas of the same certificate).

Written here from the paper and the corrected proof, independently of the certificate builders
(verify/claims/s5_general.py); the kernel compares the two goals. exp enters the kernel kind only through
e^y >= 1 + y and exp(k s) = exp(s)^k.
"""

from __future__ import annotations

from collections.abc import Callable

from verify.statements.s5_model import VARS, dimension_free_goal, model, positive_polynomial

__all__ = ["CORRECTED", "ATOMS", "CONSTRUCTION", "WEIGHTS", "NORM_FACTS", "GAMMA_FACT", "true_jacobian_1d"]

# W_Q, W_K in R^{r x d}, V in R^{p x d}, u in R^d (x_i = u), h in R^d (a direction for x_j); d, r, p symbolic.
ATOMS = {"WQ": ("r", "d"), "WK": ("r", "d"), "V": ("p", "d"), "u": ("d", "1"), "h": ("d", "1")}
# The construction of the proof: x_i = u, x_j = gamma a/||a||^2, the m = i - 2 other tokens zero.
CONSTRUCTION = [
    ("a", "T(WK)*WQ*u"),
    ("q", "WQ*u"),
    ("xj", "g*a/(T(a)*a)"),
    ("x0", "0*u"),
    ("s_j", "T(q)*(WK*xj)"),
    ("s_i", "T(q)*(WK*u)"),
    ("s_0", "T(q)*(WK*x0)"),
]
# The corrected weights (11) and the corrected Jacobian (14).
WEIGHTS = [
    ("S", "exp(g) + exp(T(a)*u) + m"),
    ("alpha", "exp(g)/S"),
    ("alpha_ii", "exp(T(a)*u)/S"),
    ("J", "alpha*V + alpha*(1 - alpha)*(V*xj)*T(a) - alpha_ii*alpha*(V*u)*T(a)"),
]
# Model (9) at position i as a function of x = x_j + t h (only x_j moves; q_i = W_Q x_i does not depend on x_j).
OUTPUT = [
    ("x", "xj + t*h"),
    ("s_x", "T(q)*(WK*x)"),
    ("y", "(exp(s_x)*(V*x) + exp(s_i)*(V*u) + m*exp(s_0)*(V*x0))/(exp(s_x) + exp(s_i) + m*exp(s_0))"),
]

# nJ = ||J||, nV = ||V||, na = ||a||, nu = ||u||, nxj = ||x_j||, nVxj = ||V x_j||, nVu = ||V u||,
# nA = ||alpha V||, nB = ||alpha(1-alpha)(V x_j) a^T||, nD = ||alpha_ii alpha (V u) a^T||,
# nBo = ||(V x_j) a^T||, nDo = ||(V u) a^T||; g = gamma, G = e^g, c = a^T u, C = e^c, m = i - 2.
NORM_NAMES = ["nJ", "nV", "na", "nu", "nxj", "nVxj", "nVu", "nA", "nB", "nD", "nBo", "nDo"]
S = "(G + C + m)"
NORM_FACTS = [
    ("triangle", "nJ - nA + nB + nD", ">="),  # ||J|| >= ||alpha V|| - ||score_j|| - ||score_i||
    ("homogeneity-value", f"{S}*nA - G*nV", "=="),  # ||alpha V|| = alpha ||V||, alpha = G/S
    ("homogeneity-score-j", f"{S}^2*nB - G*(C + m)*nBo", "=="),  # alpha (1 - alpha) = G (C + m)/S^2
    ("homogeneity-score-i", f"{S}^2*nD - C*G*nDo", "=="),  # alpha_ii alpha = C G/S^2
    ("rank-one-j", "nBo - nVxj*na", "=="),  # ||b a^T|| = ||b|| ||a||
    ("rank-one-i", "nDo - nVu*na", "=="),
    ("operator-norm-j", "nV*nxj - nVxj", ">="),  # ||V x|| <= ||V|| ||x||
    ("operator-norm-i", "nV*nu - nVu", ">="),
    ("norm-xj", "na*nxj - g", "=="),  # ||x_j|| = gamma/||a||
]
# The choice gamma = 2 log(1 + ||V||(4(e^(a^T u) + i - 2) + 2 e^(a^T u)||u|| ||a||)/eps), written with T = e^(g/2).
GAMMA_FACT = ("gamma", "eps*T - eps - nV*(4*(C + m) + 2*C*nu*na)", "==")
EXPS = {"G": "g", "C": "c"}
GAMMA_EXPS = {"G": "g", "T": "g/2", "C": "c"}
SCALARS = ["g", "G", "c", "C", "m"]
RT_CLAIM = "G*nJ - nV*(G - (1 + g)*(C + m) - C*nu*na)"  # the corrected sufficient condition, cleared of 1/G
GC_CLAIM = "eps*G - nV*((1 + g)*(C + m) + C*nu*na)"  # ((1+g)(C+m) + C nu na) e^-g <= eps/nV, cleared


def _goal(name: str, kind: str, goal: dict) -> dict:
    """One goal of a statement."""
    return {"name": name, "kind": kind, "goal": goal}


def _identity(name: str, f: str, value: str, lets: list | None = None, wrt: str | None = None) -> dict:
    """A dimension-free identity over the construction (scalars gamma = g, m = i - 2 and t)."""
    goal: dict[str, object] = {"atoms": {k: list(v) for k, v in ATOMS.items()}, "scalars": ["g", "m", "t"]}
    goal.update(lets=[[k, v] for k, v in (lets or CONSTRUCTION)], f=f, value=value)
    if wrt is not None:
        goal["wrt"] = wrt
    return _goal(name, "dimension_free_identity", goal)


def _implied(name: str, names: list[str], facts: list, claim: str, signs: dict, exps: dict) -> dict:
    """claim >= 0 follows from the named facts, for variables with the given signs (E in exps stands for exp)."""
    goal: dict = {"vars": list(names), **{k: sorted(v) for k, v in signs.items()}, "exps": dict(exps)}
    goal.update(facts=[{"name": n, "poly": p, "rel": rel} for n, p, rel in facts], claim=claim)
    return _goal(name, "implied_inequality", goal)


def _facts(names: list[str]) -> list[tuple[str, str, str]]:
    """The norm facts with these names, in their fixed order."""
    return [f for f in NORM_FACTS if f[0] in names]


def logit_identities() -> list[dict]:
    """q_i^T k_j = gamma, q_i^T k_i = a^T u, q_i^T k_t = 0 for the zero tokens, in every dimension."""
    return [
        _identity("logit-j", "s_j", "g"),
        _identity("logit-i", "s_i", "T(a)*u"),
        _identity("logit-zero-token", "s_0", "0"),
    ]


def weight_identities() -> list[dict]:
    """alpha_ij = e^g/S, 1 - alpha_ij = (e^(a^T u) + m)/S and alpha_ii = e^(a^T u)/S from the softmax of (9)."""
    softmax = "exp(s_j) + exp(s_i) + m*exp(s_0)"
    lets = [*CONSTRUCTION, *WEIGHTS[:3]]
    return [
        _identity("alpha", f"exp(s_j)/({softmax})", "alpha", lets),
        _identity("one-minus-alpha", f"1 - exp(s_j)/({softmax})", "(exp(T(a)*u) + m)/S", lets),
        _identity("alpha-ii", f"exp(s_i)/({softmax})", "alpha_ii", lets),
    ]


def complement_bound() -> dict:
    """1 - alpha_ij = (C + m)/S <= (C + m)/G, times G S > 0: (C + m) S - (C + m) G >= 0 for G, C, m >= 0."""
    products = [(1, ["C+m", "G+C+m"]), (-1, ["C+m", "G"])]
    return _goal(
        "one-minus-alpha-bound", "sum_of_squares", positive_polynomial(["G", "C", "m"], products, ["G", "C", "m"])
    )


def jacobian_every_d() -> dict:
    """d/dt y_i(x_j + t h) at t = 0 equals J h for every direction h: J is the Jacobian dy_i/dx_j (every d)."""
    return _identity("jacobian", "y", "J*h", [*CONSTRUCTION, *WEIGHTS, *OUTPUT], wrt="t")


def score_bounds() -> list[dict]:
    """Corrected (17): ||score_j|| <= ||V|| g (C + m)/G and ||score_i|| <= ||V|| ||u|| ||a|| C/G (gamma >= 0)."""
    signs = {"nonneg": [*NORM_NAMES, "m", "g"]}
    names = [*NORM_NAMES, *SCALARS]
    j_facts = _facts(["homogeneity-score-j", "rank-one-j", "operator-norm-j", "norm-xj"])
    i_facts = _facts(["homogeneity-score-i", "rank-one-i", "operator-norm-i"])
    return [
        _implied("score-j", names, j_facts, "nV*g*(C + m) - G*nB", signs, EXPS),
        _implied("score-i", names, i_facts, "nV*nu*na*C - G*nD", signs, EXPS),
    ]


def reverse_triangle_every_d() -> dict:
    """||J|| >= ||V||(1 - ((1+g)(C+m) + C ||u|| ||a||)/G) from the norm facts (gamma >= 0), times G > 0."""
    signs = {"nonneg": [*NORM_NAMES, "m", "g"]}
    return _implied("bound", [*NORM_NAMES, *SCALARS], NORM_FACTS, RT_CLAIM, signs, EXPS)


def gamma_condition() -> dict:
    """With gamma = 2 log(1 + nV(4(C+m) + 2 C nu na)/eps): ((1+g)(C+m) + C nu na) e^-g <= eps/nV, every m >= 0."""
    names = ["nV", "nu", "na", "eps", "T", *SCALARS]
    signs = {"nonneg": ["nV", "nu", "na", "m"], "positive": ["eps"]}
    return _implied("condition-every-i", names, [GAMMA_FACT], GC_CLAIM, signs, GAMMA_EXPS)


def gamma_nonneg() -> dict:
    """gamma >= 0 for the choice of gamma (so x_j = gamma a/||a||^2 has ||x_j|| = gamma/||a||)."""
    names = ["nV", "nu", "na", "eps", "T", "g", "c", "C", "m"]
    signs = {"nonneg": ["nV", "nu", "na", "m"], "positive": ["eps"]}
    return _implied("gamma-nonneg", names, [GAMMA_FACT], "g", signs, {"T": "g/2", "C": "c"})


def conclusion_every_d() -> dict:
    """||J|| >= ||V|| - eps: the reverse-triangle bound plus the gamma condition."""
    names = [*NORM_NAMES, "eps", "T", *SCALARS]
    signs = {"nonneg": [*NORM_NAMES, "m", "g"], "positive": ["eps"]}
    return _implied("bound", names, [*NORM_FACTS, GAMMA_FACT], "nJ - nV + eps", signs, GAMMA_EXPS)


def true_jacobian_1d() -> dict:
    """The true Jacobian M["J"] of the refutations is d/dt y_i(x_j + t) at t = 0 for the literal 1-D model (9)."""
    m = model()
    return _goal("true-jacobian", "dimension_free_identity", dimension_free_goal([*VARS, "t"], m["y"], m["J"], "t"))


def corrected_gamma_checks() -> list[dict]:
    """On the refuting instance (W_Q = W_K = V = 1, u = 3, i = 2, eps = 1/2), gamma = 13 meets the corrected
    condition and gives |J| >= ||V|| - eps."""
    J = model("(1)", "(1)", "(1)", "(3)", "(13)", "(2)")["J"]
    cond = "((1+13)*(exp(9)+(2-2)) + exp(9)*3*3)*exp(0-13)"
    interval = lambda name, lhs, op, rhs: _goal(  # noqa: E731
        name, "interval_inequality", {"box": {}, "lhs": lhs, "op": op, "rhs": rhs}
    )
    return [interval("condition", cond, "<=", "(1/2)/1"), interval("conclusion", f"abs({J})", ">=", "1 - 1/2")]


# The corrected chain: claim id -> its goals.
CORRECTED: dict[str, Callable[[], list[dict]]] = {
    "thm5.1.logits-other.corrected": lambda: logit_identities()[1:],
    "thm5.1.eq11.corrected": lambda: [*weight_identities(), complement_bound()],
    "thm5.1.eq14.corrected": lambda: [jacobian_every_d()],
    "thm5.1.eq17.corrected": score_bounds,
    "thm5.1.reverse-triangle.corrected": lambda: [jacobian_every_d(), reverse_triangle_every_d()],
    "thm5.1.gamma-choice.corrected": lambda: [
        gamma_condition(),
        gamma_nonneg(),
        *corrected_gamma_checks(),
        true_jacobian_1d(),
    ],
    "thm5.1.conclusion": lambda: [jacobian_every_d(), gamma_nonneg(), conclusion_every_d()],
}
