"""Section 5, Theorem 5.1 part (2), corrected, in every dimension: the construction's logits, weights and
Jacobian as dimension-free identities (matrix atoms W_Q, W_K in R^{r x d}, V in R^{p x d}, u, h in R^d for
symbolic d, r, p), and the bounds of the corrected proof as implications from named norm facts.

Norms and inner products are real variables; the facts they obey are hypotheses of the statements (properties
of the spectral norm of real matrices of any size) or lemmas proved in the same certificate, as each
statement says. exp is built into the kernel kind only through e^y >= 1 + y and exp(k s) = exp(s)^k.
"""

from __future__ import annotations

from verify.certificate import Obligation, make_certificate
from verify.claims.s5_common import dimension_free, implied
from verify.claims.s5_construction import complement_bound, corrected_gamma_checks, true_jacobian_1d
from verify.registry import claim

__all__ = [
    "ATOMS",
    "CONSTRUCTION",
    "WEIGHTS",
    "NORM_NAMES",
    "NORM_FACTS",
    "GAMMA_FACT",
    "GAMMA",
    "logit_identities",
    "weight_identities",
    "jacobian_every_d",
    "score_bounds",
    "reverse_triangle_every_d",
    "gamma_condition",
    "gamma_nonneg",
    "conclusion_every_d",
    "CORRECTED",
]

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


def _identity(name: str, f: str, value: str, lets: list | None = None, wrt: str | None = None) -> Obligation:
    """A dimension-free identity over the construction (scalars gamma = g, m = i - 2 and t)."""
    return dimension_free(name, ATOMS, ["g", "m", "t"], lets or CONSTRUCTION, f, value, wrt)


def logit_identities() -> list[Obligation]:
    """q_i^T k_j = gamma, q_i^T k_i = a^T u, q_i^T k_t = 0 for the zero tokens, in every dimension."""
    return [
        _identity("logit-j", "s_j", "g"),
        _identity("logit-i", "s_i", "T(a)*u"),
        _identity("logit-zero-token", "s_0", "0"),
    ]


def weight_identities() -> list[Obligation]:
    """alpha_ij = e^g/S, 1 - alpha_ij = (e^(a^T u) + m)/S and alpha_ii = e^(a^T u)/S from the softmax of (9)."""
    softmax = "exp(s_j) + exp(s_i) + m*exp(s_0)"
    lets = [*CONSTRUCTION, *WEIGHTS[:3]]
    return [
        _identity("alpha", f"exp(s_j)/({softmax})", "alpha", lets),
        _identity("one-minus-alpha", f"1 - exp(s_j)/({softmax})", "(exp(T(a)*u) + m)/S", lets),
        _identity("alpha-ii", f"exp(s_i)/({softmax})", "alpha_ii", lets),
    ]


def jacobian_every_d() -> Obligation:
    """d/dt y_i(x_j + t h) at t = 0 equals J h for every direction h: J is the Jacobian dy_i/dx_j (every d)."""
    return _identity("jacobian", "y", "J*h", [*CONSTRUCTION, *WEIGHTS, *OUTPUT], wrt="t")


# --- the bounds: norms as variables, with named facts -----------------------------------------------------

# nJ = ||J||, nV = ||V||, na = ||a||, nu = ||u||, nxj = ||x_j||, nVxj = ||V x_j||, nVu = ||V u||,
# nA = ||alpha V||, nB = ||alpha(1-alpha)(V x_j) a^T||, nD = ||alpha_ii alpha (V u) a^T||,
# nBo = ||(V x_j) a^T||, nDo = ||(V u) a^T||; g = gamma, G = e^g, c = a^T u, C = e^c, m = i - 2.
NORM_NAMES = ["nJ", "nV", "na", "nu", "nxj", "nVxj", "nVu", "nA", "nB", "nD", "nBo", "nDo"]
S = "(G + C + m)"
NORM_FACTS = [
    ("triangle", "nJ - nA + nB + nD", ">="),
    ("homogeneity-value", f"{S}*nA - G*nV", "=="),
    ("homogeneity-score-j", f"{S}^2*nB - G*(C + m)*nBo", "=="),
    ("homogeneity-score-i", f"{S}^2*nD - C*G*nDo", "=="),
    ("rank-one-j", "nBo - nVxj*na", "=="),
    ("rank-one-i", "nDo - nVu*na", "=="),
    ("operator-norm-j", "nV*nxj - nVxj", ">="),
    ("operator-norm-i", "nV*nu - nVu", ">="),
    ("norm-xj", "na*nxj - g", "=="),
]
# The choice gamma = 2 log(1 + ||V||(4(e^(a^T u) + i - 2) + 2 e^(a^T u)||u|| ||a||)/eps), written with T = e^(g/2).
GAMMA_FACT = ("gamma", "eps*T - eps - nV*(4*(C + m) + 2*C*nu*na)", "==")
GAMMA = "2*log(1 + nV*(4*(exp(c) + m) + 2*exp(c)*nu*na)/eps)"
EXPS = {"G": "g", "C": "c"}
GAMMA_EXPS = {"G": "g", "T": "g/2", "C": "c"}
SCALARS = ["g", "G", "c", "C", "m"]
RT_CLAIM = "G*nJ - nV*(G - (1 + g)*(C + m) - C*nu*na)"  # the corrected sufficient condition, cleared of 1/G
GC_CLAIM = "eps*G - nV*((1 + g)*(C + m) + C*nu*na)"  # ((1+g)(C+m) + C nu na) e^-g <= eps/nV, cleared
# Multipliers of the facts in the reverse-triangle step (found by hand; the rest is checked nonnegative).
RT_MULTIPLIERS = {
    "triangle": f"G^2*{S}^2",
    "homogeneity-value": f"G^2*{S}",
    "homogeneity-score-j": "-G^2",
    "rank-one-j": "-G^3*(C + m)",
    "operator-norm-j": "G^3*(C + m)*na",
    "norm-xj": "-G^3*(C + m)*nV",
    "homogeneity-score-i": "-G^2",
    "rank-one-i": "-G^3*C",
    "operator-norm-i": "G^3*C*na",
}
GC_MULTIPLIERS = {
    "exp_power:G:T:2": "eps^2",
    "gamma": "eps + nV*(4*(C + m) + 2*C*nu*na) + eps*T - 2*nV*(C + m)",
    "exp_tangent:T": "2*eps*nV*(C + m)",
}


def _facts(names: list[str]) -> list[tuple[str, str, str]]:
    """The norm facts with these names, in their fixed order."""
    return [f for f in NORM_FACTS if f[0] in names]


def score_bounds() -> list[Obligation]:
    """Corrected (17): ||score_j|| <= ||V|| g (C + m)/G and ||score_i|| <= ||V|| ||u|| ||a|| C/G (gamma >= 0)."""
    signs = {"nonneg": [*NORM_NAMES, "m", "g"]}
    j_facts = ["homogeneity-score-j", "rank-one-j", "operator-norm-j", "norm-xj"]
    i_facts = ["homogeneity-score-i", "rank-one-i", "operator-norm-i"]
    j_mult = {"homogeneity-score-j": "-G", "rank-one-j": "-G^2*(C + m)", "operator-norm-j": "G^2*(C + m)*na",
              "norm-xj": "-G^2*(C + m)*nV"}  # fmt: skip
    i_mult = {"homogeneity-score-i": "-G", "rank-one-i": "-G^2*C", "operator-norm-i": "G^2*C*na"}
    names = [*NORM_NAMES, *SCALARS]
    return [
        implied("score-j", names, _facts(j_facts), "nV*g*(C + m) - G*nB", f"{S}^2", j_mult, signs, EXPS),
        implied("score-i", names, _facts(i_facts), "nV*nu*na*C - G*nD", f"{S}^2", i_mult, signs, EXPS),
    ]


def reverse_triangle_every_d() -> Obligation:
    """||J|| >= ||V||(1 - ((1+g)(C+m) + C ||u|| ||a||)/G) from the norm facts (gamma >= 0), times G > 0."""
    signs = {"nonneg": [*NORM_NAMES, "m", "g"]}
    names = [*NORM_NAMES, *SCALARS]
    return implied("bound", names, NORM_FACTS, RT_CLAIM, f"G*{S}^2", RT_MULTIPLIERS, signs, EXPS)


def gamma_condition() -> Obligation:
    """With gamma = 2 log(1 + nV(4(C+m) + 2 C nu na)/eps): ((1+g)(C+m) + C nu na) e^-g <= eps/nV, every m >= 0."""
    names = ["nV", "nu", "na", "eps", "T", *SCALARS]
    signs = {"nonneg": ["nV", "nu", "na", "m"], "positive": ["eps"]}
    return implied("condition-every-i", names, [GAMMA_FACT], GC_CLAIM, "eps", GC_MULTIPLIERS, signs, GAMMA_EXPS)


def gamma_nonneg() -> Obligation:
    """gamma >= 0 for the choice of gamma (so x_j = gamma a/||a||^2 has ||x_j|| = gamma/||a||)."""
    names = ["nV", "nu", "na", "eps", "T", "g", "c", "C", "m"]
    signs = {"nonneg": ["nV", "nu", "na", "m"], "positive": ["eps"]}
    mult = {"exp_tangent_inv:T": "2*eps", "gamma": "2"}
    return implied("gamma-nonneg", names, [GAMMA_FACT], "g", "eps*T", mult, signs, {"T": "g/2", "C": "c"})


def conclusion_every_d() -> Obligation:
    """||J|| >= ||V|| - eps: the reverse-triangle bound plus the gamma condition (G (claim) = RT + GC)."""
    names = [*NORM_NAMES, "eps", "T", *SCALARS]
    signs = {"nonneg": [*NORM_NAMES, "m", "g"], "positive": ["eps"]}
    multipliers = {k: f"eps*({v})" for k, v in RT_MULTIPLIERS.items()}
    multipliers.update({k: f"G*{S}^2*({v})" for k, v in GC_MULTIPLIERS.items()})
    claim = "nJ - nV + eps"
    return implied("bound", names, [*NORM_FACTS, GAMMA_FACT], claim, f"eps*G^2*{S}^2", multipliers, signs, GAMMA_EXPS)


# The corrected chain: claim id -> its obligations (the statements generator reads the same table).
CORRECTED = {
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


def _register(claim_id: str) -> None:
    """Register the certificate builder of one corrected claim."""
    claim(claim_id)(lambda: make_certificate(claim_id, "certified", CORRECTED[claim_id]()))


for _claim_id in CORRECTED:
    _register(_claim_id)
