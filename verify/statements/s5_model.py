"""The literal model (9) of Theorem 5.1's part (2) at the proof's construction, as kernel expressions, and the goal
forms the Section 5 statements use (counterexamples, dimension-free identities, sums of squares).

The construction: x_i = u, x_j = gamma a/||a||^2 with a = W_K^T W_Q u, the n - 2 other tokens 0; one causal
softmax head y_i = sum_t alpha_it V x_t. Written here from the paper, independently of the certificate builders
(verify/claims/s5_construction.py, constructions/gradients.py); the kernel compares the two goals.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TypedDict

__all__ = [
    "model",
    "literal_model",
    "norm2",
    "M",
    "HYP",
    "VARS",
    "CONCLUSION_EPS",
    "CONCLUSION_RANGE",
    "TRUE_ALPHA_CASE",
    "counterexample_goal",
    "dimension_free_goal",
    "positive_polynomial",
    "var",
    "const",
    "mul",
    "add",
    "terms",
]

# The theorem's hypotheses at the construction: a != 0, V != 0, gamma > 0, position n >= 2.
HYP = [("wk*wq*u", "!=", "0"), ("v", "!=", "0"), ("g", ">", "0"), ("n", ">=", "2")]
VARS = ["wq", "wk", "v", "u", "g", "n"]  # the 1-D model's scalars: W_Q, W_K, V, u, gamma and the position i = n
CONCLUSION_EPS = (Fraction(1, 10), Fraction(1, 100))  # the eps of the scalar instance of the conclusion
CONCLUSION_RANGE = (2, 10**6 + 1)  # i = j + tau with j = 1 and tau = 1 .. 10^6


class Case(TypedDict):
    """Exact W_Q, W_K, V (rows of rational strings) and u of one instance of the construction."""

    WQ: list[list[str]]
    WK: list[list[str]]
    V: list[list[str]]
    u: list[str]


# The strict reading of the choice of gamma (the true alpha), in 2-D: a^T u = 0 but ||u|| ||a|| = 60.
TRUE_ALPHA_CASE: Case = {
    "WQ": [["1", "0"], ["0", "1"]],
    "WK": [["1/60", "1/60"], ["-1/60", "-1/60"]],
    "V": [["1", "0"], ["0", "0"]],
    "u": ["30", "-30"],
}


def model(wq: str = "wq", wk: str = "wk", v: str = "v", u: str = "u", g: str = "g", i: str = "n") -> dict:
    """The 1-D model (9) at the construction: logits, alpha_ij, the true Jacobian J (eq. (13) with every t), the
    printed J of (14), the perturbation norm of (17), and y_i along x_j + t (d/dt at t = 0 is dy_i/dx_j)."""
    a = f"({wk}*{wq}*{u})"  # a = W_K^T W_Q u
    xj = f"({g}*{a}/{a}^2)"  # x_j = gamma a/||a||^2
    q = f"({wq}*{u})"  # the query W_Q x_i
    s_j, s_i, s_0 = f"({q}*({wk}*{xj}))", f"({q}*({wk}*{u}))", f"({q}*({wk}*0))"  # logits of x_j, x_i = u, 0
    S = f"(exp({s_j}) + exp({s_i}) + ({i}-2)*exp({s_0}))"
    al_j, al_i, al_0 = f"(exp({s_j})/{S})", f"(exp({s_i})/{S})", f"(exp({s_0})/{S})"
    grad = f"({wk}*{q})"  # d s_it / d x_t
    value = f"{al_j}*{v}"
    score_j = f"({v}*{xj})*({al_j}*(1-{al_j})*{grad})"  # t = j: d alpha_ij/d x_j = alpha_ij (1 - alpha_ij) grad
    score_i = f"({v}*{u})*({al_i}*(0-{al_j})*{grad})"  # t = i: d alpha_ii/d x_j = -alpha_ii alpha_ij grad
    score_0 = f"({i}-2)*({v}*0)*({al_0}*(0-{al_j})*{grad})"  # the zero tokens
    xl = f"({xj} + t)"
    s_l = f"({q}*({wk}*{xl}))"
    S_l = f"(exp({s_l}) + exp({s_i}) + ({i}-2)*exp({s_0}))"
    y = f"((exp({s_l})*{v}*{xl} + exp({s_i})*{v}*{u} + ({i}-2)*exp({s_0})*{v}*0)/{S_l})"
    return {
        "a": a,
        "xj": xj,
        "s_i": s_i,
        "alpha": al_j,
        "grad": grad,
        "y": y,
        "J": f"({value} + {score_j} + {score_i} + {score_0})",
        "J14": f"({value} + {score_j})",
        "pert": f"abs({v}*{xj})*abs({al_j}*(1-{al_j})*{grad})",
    }


M = model()


def norm2(m: list) -> str:
    """||M||_2 of a 2x2 matrix: sqrt((F + sqrt(F^2 - 4 det^2))/2), F the squared Frobenius norm."""
    F = f"({m[0][0]}^2 + {m[0][1]}^2 + {m[1][0]}^2 + {m[1][1]}^2)"
    det = f"({m[0][0]}*{m[1][1]} - {m[0][1]}*{m[1][0]})"
    return f"sqrt(({F} + sqrt({F}^2 - 4*{det}^2))/2)"


def literal_model(WQ: list, WK: list, V: list, u: list, g: str, n: str, direction: int | None = None) -> dict:
    """Model (9) at the construction for exact d x d matrices: the entries of the true Jacobian J (eq. (13) with
    eq. (15) for t = j, t = i and the zero tokens), alpha_ij, ||J||_F, ||V||_2 and y_i; with `direction` = k the
    token x_j moves to x_j + t e_k, so d/dt y at t = 0 is column k of J."""
    d, r = len(u), len(WQ)
    a = [f"({' + '.join(f'{WK[s][k]}*{WQ[s][c]}*{u[c]}' for s in range(r) for c in range(d))})" for k in range(d)]
    Q = f"({' + '.join(f'{x}*{x}' for x in a)})"  # ||a||^2
    xj = [f"({g}*{a[k]}/{Q}{' + t' if k == direction else ''})" for k in range(d)]
    q = [f"({' + '.join(f'{WQ[s][c]}*{u[c]}' for c in range(d))})" for s in range(r)]

    def logit(x: list) -> str:
        """The logit q^T W_K x."""
        keys = [" + ".join(f"{WK[s][k]}*{x[k]}" for k in range(d)) for s in range(r)]
        return "(" + " + ".join(f"{q[s]}*({keys[s]})" for s in range(r)) + ")"

    s_j, s_i, s_0 = logit(xj), logit([f"({x})" for x in u]), logit(["0"] * d)
    S = f"(exp({s_j}) + exp({s_i}) + ({n}-2)*exp({s_0}))"
    al_j, al_i, al_0 = (f"(exp({s})/{S})" for s in (s_j, s_i, s_0))
    grad = [f"({' + '.join(f'{WK[s][k]}*{q[s]}' for s in range(r))})" for k in range(d)]

    def Vx(x: list) -> list[str]:
        """V x, entrywise."""
        return [f"({' + '.join(f'{V[p][c]}*{x[c]}' for c in range(d))})" for p in range(len(V))]

    Vxj, Vu, V0 = Vx(xj), Vx([f"({x})" for x in u]), Vx(["0"] * d)
    J = [
        [
            f"({al_j}*{V[p][k]} + {Vxj[p]}*({al_j}*(1-{al_j})*{grad[k]}) + {Vu[p]}*({al_i}*(0-{al_j})*{grad[k]})"
            f" + ({n}-2)*{V0[p]}*({al_0}*(0-{al_j})*{grad[k]}))"
            for k in range(d)
        ]
        for p in range(len(V))
    ]
    y = [f"((exp({s_j})*{Vxj[p]} + exp({s_i})*{Vu[p]} + ({n}-2)*exp({s_0})*{V0[p]})/{S})" for p in range(len(V))]
    frobenius = "sqrt(" + " + ".join(f"{x}^2" for row in J for x in row) + ")"
    return {"J": J, "alpha": al_j, "frobenius_J": frobenius, "norm_V": norm2(V), "y": y}


def counterexample_goal(names: Sequence[str], assume: list[tuple[str, str, str]], claim: tuple[str, str, str]) -> dict:
    """Some point (n an integer position, all else real) satisfies every assumption and violates lhs op rhs."""
    relation = lambda r: {"lhs": r[0], "op": r[1], "rhs": r[2]}  # noqa: E731
    domains = {v: "integer" if v == "n" else "real" for v in names}
    return {"vars": list(names), "domains": domains, "assume": [relation(a) for a in assume], "claim": relation(claim)}


def dimension_free_goal(scalars: Sequence[str], f: str, value: str, wrt: str | None = None) -> dict:
    """f == value (or d/d wrt f at wrt = 0 == value) for scalars and no matrix atoms."""
    goal: dict = {"atoms": {}, "scalars": list(scalars), "lets": [], "f": f, "value": value}
    if wrt is not None:
        goal["wrt"] = wrt
    return goal


Poly = dict[tuple[int, ...], Fraction]


def var(names: list[str], x: str) -> Poly:
    """The variable x as a polynomial in the named variables."""
    return {tuple(int(x == y) for y in names): Fraction(1)}


def const(names: list[str], c: Fraction | int) -> Poly:
    """A constant polynomial."""
    return {tuple(0 for _ in names): Fraction(c)} if c else {}


def mul(*ps: Poly) -> Poly:
    """The product of polynomials (exponent tuple -> coefficient; at least one factor)."""
    out = ps[0]
    for q in ps[1:]:
        prod: Poly = {}
        for m1, c1 in out.items():
            for m2, c2 in q.items():
                m = tuple(a + b for a, b in zip(m1, m2, strict=True))
                prod[m] = prod.get(m, Fraction(0)) + c1 * c2
        out = {m: c for m, c in prod.items() if c != 0}
    return out


def add(*ps: tuple[int | Fraction, Poly]) -> Poly:
    """sum sign * p over (sign, p)."""
    out: Poly = {}
    for sign, p in ps:
        for m, c in p.items():
            out[m] = out.get(m, Fraction(0)) + sign * c
    return {m: c for m, c in out.items() if c != 0}


def terms(names: list[str], p: Poly) -> dict:
    """The kernel's term list of a polynomial: [coefficient, exponents] sorted by exponents."""
    return {"vars": list(names), "terms": [[str(c), list(m)] for m, c in sorted(p.items())]}


def positive_polynomial(names: list[str], products: list[tuple[int, list[str]]], nonneg: list[str]) -> dict:
    """A sum_of_squares goal for sum sign * prod(factors), each factor a sum of variables (e.g. "C+m")."""
    total: Poly = {}
    for sign, factors in products:
        term = const(names, 1)
        for factor in factors:
            term = mul(term, add(*((1, var(names, x)) for x in factor.split("+"))))
        total = add((1, total), (sign, term))
    return {"vars": names, "poly": terms(names, total), "nonneg": sorted(nonneg)}
