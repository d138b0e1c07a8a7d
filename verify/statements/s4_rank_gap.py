"""Statements of Section 4.1: Theorem 4.2 (interaction rank gap), every step of its proof, and Remark 4.3.

The instance (A, B, C) = (90-degree rotation, I_2, I_2) of Step 1 and the one-token input X = [e1, 0, ..., 0] of
Step 2 are literal data written here (the certificates build them in constructions/rotation.py). The model's free quantities are symbols: a =
alpha_11(X), b = alpha_21(X), v = V e1 = (v1, v2), s = ||v||^2 = v1^2 + v2^2 (with w = v3^2 + ... + vd^2 >= 0 in
dimension d, Remark 4.3) and R >= 0 for the outputs after the second. Each polynomial goal is the paper's
display written out as an expression (eq. (4)'s error, the projections of Step 4, eq. (5)); the certificates
(verify/claims/s4_rank_gap.py) build them independently in SymPy and the kernel compares them as polynomials.
"""

from __future__ import annotations

from fractions import Fraction

from verify.statements import entry
from verify.statements.s4_rank_gap_texts import TEXTS

__all__ = ["entries", "TEXTS"]


E = {1: [["1"], ["0"]], 2: [["0"], ["1"]]}  # e1, e2
V_E1 = ("v1", "v2")  # v = V e1
S = "(v1^2+v2^2)"  # s = ||v||^2 (the scale that clears the denominators of the projections)
S_D = "(v1^2+v2^2+w)"  # ||v||^2 in dimension d (Remark 4.3): w = v3^2 + ... + vd^2


ROTATION = [["0", "-1"], ["1", "0"]]  # the 90-degree rotation of R^2
I2 = [["1", "0"], ["0", "1"]]
X_ONE_TOKEN = [["1", "0", "0"], ["0", "0", "0"]]  # Step 2's X = [e1, 0, 0] in QQ^{2 x 3} (tokens are columns)


def _ssm() -> dict[str, list[list[str]]]:
    """Step 1's target SSM: A the 90-degree rotation, B = C = I_2."""
    return {"A": ROTATION, "B": I2, "C": I2}


def _times(P: list[list[str]], Q: list[list[str]]) -> list[list[str]]:
    """The exact product of two rational matrices given as strings."""
    return [
        [str(sum(Fraction(p) * Fraction(q) for p, q in zip(row, col, strict=True))) for col in zip(*Q)] for row in P
    ]


def _lag(tau: int) -> list[list[str]]:
    """W(tau) = C A^tau B of Step 1's SSM."""
    m = _ssm()
    power = I2
    for _ in range(tau):
        power = _times(power, m["A"])
    return _times(_times(m["C"], power), m["B"])


def _matrix_identity(name: str, matrices: dict, lhs: str, rhs: str) -> dict:
    """lhs == rhs as matrices, for the named literal matrices."""
    return {"name": name, "kind": "matrix_identity", "goal": {"matrices": matrices, "lhs": lhs, "rhs": rhs}}


def _identity(name: str, variables: str, lhs: str, rhs: str) -> dict:
    """lhs == rhs as polynomials in the variables."""
    return {"name": name, "kind": "polynomial_identity", "goal": {"vars": variables.split(), "lhs": lhs, "rhs": rhs}}


def _sos(name: str, variables: str, poly: str, nonneg: str = "") -> dict:
    """poly >= 0 for all reals (the atoms in nonneg >= 0), by a sum of squares."""
    goal = {"vars": variables.split(), "poly": poly, "nonneg": nonneg.split()}
    return {"name": name, "kind": "sum_of_squares", "goal": goal}


def _attained(name: str, variables: str, poly: str, point: str, nonzero: str) -> dict:
    """poly = 0 at some value of the point variables (a rational function of the others) wherever nonzero != 0."""
    goal = {"vars": variables.split(), "poly": poly, "point": point.split(), "nonzero": nonzero}
    return {"name": name, "kind": "attained", "goal": goal}


def _not_collinear(name: str) -> dict:
    """vec W(0) and vec W(1), W(tau) = C A^tau B, are linearly independent: the matrix of both has rank 2."""
    rows = [[x for row in _lag(tau) for x in row] for tau in (0, 1)]
    return {"name": name, "kind": "rank", "goal": {"matrix": rows, "rank": 2}}


def _one_token_norm() -> str:
    """||X||_F^2 of the one-token input: ||x_1||^2 + z ||0||^2, z standing for the n - 1 zero tokens."""
    columns = [list(c) for c in zip(*X_ONE_TOKEN)]
    first, zero = (" + ".join(f"{x}^2" for x in c) for c in columns[:2])
    return f"{first} + z*({zero})"


def _error(v: tuple[str, str], general: bool = False, spaced: bool = False) -> str:
    """Eq. (4): ||e1 - a v||^2 + ||e2 - b v||^2 (+ (a^2 + b^2) w for the coordinates beyond 2 in dimension d)."""
    minus = " - " if spaced else "-"  # the committed displays write both spellings
    terms = []
    for t, e in (("a", E[1]), ("b", E[2])):
        terms += [f"({e[r][0]}{minus}{t}*{v[r]})^2" for r in range(2)] + ([f"{t}^2*w"] if general else [])
    return " + ".join(terms)


def step1() -> list[dict]:
    """W(0) = C A^0 B = I, W(1) = C A B = A, A orthogonal, A^4 = I, and W(0), W(1) not collinear."""
    m = _ssm()
    return [
        _matrix_identity("W0", m, "C*A^0*B", "I(2)"),
        _matrix_identity("W1", m, "C*A^1*B", "A"),
        _matrix_identity("orthogonal", m, "T(A)*A", "I(2)"),
        _matrix_identity("quarter-turn", m, "A^4", "I(2)"),
        _not_collinear("not-collinear"),
    ]


def step2() -> list[dict]:
    """||X||_F = 1 for X = [e1, 0, ..., 0], y_1 = W(0) x_1 = e1 and y_2 = W(1) x_1 + W(0) x_2 = e2."""
    X = X_ONE_TOKEN
    x = {f"x{j + 1}": [[row[j]] for row in X] for j in (0, 1)}  # the first two tokens e1, 0
    m = {**_ssm(), **x, "e1": E[1], "e2": E[2]}
    return [
        _identity("unit-norm", "z", _one_token_norm(), "1"),
        _matrix_identity("y1", m, "C*A^0*B*x1", "e1"),
        _matrix_identity("y2", m, "C*A^1*B*x1 + C*A^0*B*x2", "e2"),
    ]


def eq4() -> list[dict]:
    """Step 3: the zero tokens add c (V 0) = 0, and the error is eq. (4) with v = V e1."""
    V = [["V11", "V12"], ["V21", "V22"]]
    zero = [row[1] for row in X_ONE_TOKEN]  # x_j = 0 for j >= 2
    Ve1 = [" + ".join(f"{V[r][k]}*{E[1][k][0]}" for k in range(2)) for r in range(2)]
    V0 = [" + ".join(f"{V[r][k]}*{zero[k]}" for k in range(2)) for r in range(2)]
    tails = [_identity(f"tail-row{r + 1}", "V11 V12 V21 V22 c", f"c*({V0[r]})", "0") for r in range(2)]
    error = _error((f"({Ve1[0]})", f"({Ve1[1]})"), spaced=True)
    return [*tails, _identity("error", "V11 V12 V21 V22 a b", error, _error(("V11", "V21"), spaced=True))]


def step4_v0() -> list[dict]:
    """With v = 0 the error (4) is 2 for all a, b."""
    return [_identity("value-2", "a b", _error(("0", "0")), "2")]


def step4_projection() -> list[dict]:
    """For k = 1, 2 (times s): inf_t ||e_k - t v||^2 = 1 - v_k^2/s, attained at t = v_k/s, and Pythagoras.

    The infimum is dist(e_k, L)^2 = ||(I - P_L) e_k||^2 = 1 - ||P_L e_k||^2 with s (I - P_L) e_k = s e_k - v v_k.
    """
    goals = []
    for k, t in ((1, "a"), (2, "b")):
        residual = " + ".join(f"({E[k][r][0]}-{t}*{V_E1[r]})^2" for r in range(2))  # ||e_k - t v||^2
        scaled = f"{S}*({residual}) - ({S} - v{k}^2)"
        away = " + ".join(f"({S if r == k - 1 else '0'} - {V_E1[r]}*v{k})^2" for r in range(2))  # s e_k - v v_k
        goals += [
            _sos(f"inf-e{k}-lower", f"{t} v1 v2", scaled),
            _attained(f"inf-e{k}-attained", f"{t} v1 v2", scaled, t, S),
            _identity(f"pythagoras-e{k}", "v1 v2", away, f"{S}^2 - {S}*v{k}^2"),
        ]
    return goals


def step4_trace() -> list[dict]:
    """||P_L e1||^2 + ||P_L e2||^2 = tr P_L and tr P_L = 1, times s^2 (s P_L = v v^T)."""
    norms = " + ".join(f"({V_E1[r]}*{V_E1[k]})^2" for k in range(2) for r in range(2))  # sum_k ||v v^T e_k||^2
    trace = " + ".join(f"{x}*{x}" for x in V_E1)  # tr(v v^T)
    return [_identity("sum-is-trace", "v1 v2", norms, f"{S}*({trace})"), _identity("trace-is-one", "v1 v2", trace, S)]


def eq5() -> list[dict]:
    """Eq. (5): error - 1 >= 0 for all a, b, v (a sum of squares), attained at a = v1/s, b = v2/s."""
    gap = f"{_error(V_E1)} - 1"
    return [_sos("lower-bound", "a b v1 v2", gap), _attained("attained", "a b v1 v2", gap, "a b", S)]


def theorem() -> list[dict]:
    """Step 5: the one-token input is feasible for every n, and error + R - 1 >= 0 with R >= 0 the later outputs."""
    return [
        _identity("feasible-input", "z", _one_token_norm(), "1"),
        _sos("uniform-bound", "a b v1 v2 R", f"{_error(V_E1)} + R - 1", "R"),
    ]


def remark() -> list[dict]:
    """Remark 4.3 (any d >= 2): leading blocks independent, A e1 = e2, and the gap >= 1 with w, R >= 0."""
    m = {"A": _ssm()["A"], "e1": E[1], "e2": E[2]}
    return [
        _not_collinear("leading-blocks-independent"),
        _matrix_identity("block-image", m, "A*e1", "e2"),
        _sos("uniform-bound", "a b v1 v2 w R", f"{_error(V_E1, general=True)} + R - 1", "w R"),
    ]


def eq5_general() -> list[dict]:
    """In dimension d: inf over a, b of the error is 2 - (v1^2 + v2^2)/||v||^2 (times ||v||^2), and that is >= 1."""
    infimum = f"(2*{S_D} - v1^2 - v2^2)"
    scaled = f"{S_D}*({_error(V_E1, general=True)}) - {infimum}"
    return [
        _sos("lower-bound", "a b v1 v2 w", scaled, "w"),
        _attained("attained", "a b v1 v2 w", scaled, "a b", S_D),
        _sos("at-least-one", "v1 v2 w", f"{infimum} - {S_D}", "w"),
    ]


# Remark 4.3 for any SSM: inner products as atoms. w0 = W(tau1) x, w1 = W(tau2) x, v = V x; a_, b_ the weights.
GRAM = [["A0", "C0", "P"], ["C0", "B0", "Q"], ["P", "Q", "S"]]  # Gram matrix of w0, w1, v (PSD for every p)
SHIFT = [["A0 - g", "C0"], ["C0", "B0 - g"]]  # G - g I, PSD exactly when g <= lambda_min(G)
ERROR = "(A0 - 2*a*P + a^2*S) + (B0 - 2*b*Q + b^2*S)"  # ||w0 - a v||^2 + ||w1 - b v||^2


def _psd(name: str, variables: str, poly: str, psd: dict, nonneg: str = "") -> dict:
    """poly >= 0 wherever the named matrices are PSD and the nonneg atoms are >= 0."""
    goal = {"vars": variables.split(), "poly": poly, "psd": psd, "nonneg": nonneg.split()}
    return {"name": name, "kind": "psd_certificate", "goal": goal}


def non_collinear() -> list[dict]:
    """Gap lambda_min(Gram(W(tau1) x, W(tau2) x)) for any p, d; the rational gap; the common-range case; rotation."""
    m = {**_ssm(), "x": E[1]}
    w = {0: "C*A^0*B*x", 1: "C*A^1*B*x"}
    return [
        _psd("separating-token", "a b g A0 B0 C0 P Q S R", f"{ERROR} + R - g", {"Gram": GRAM, "Shift": SHIFT}, "R"),
        _sos(
            "rational-gap",
            "y0 y1 A0 B0 C0",
            "(A0 + B0)*(A0*y0^2 + 2*C0*y0*y1 + B0*y1^2) - (A0*B0 - C0^2)*(y0^2 + y1^2)",
        ),
        _psd(
            "common-range",
            "z0 z1 al be ka g",
            "(al*z0 + ka*z1)^2 + (ka*z0 + be*z1)^2 - g*(al*z0^2 + 2*ka*z0*z1 + be*z1^2)",
            {"Shift": [["al - g", "ka"], ["ka", "be - g"]]},
            "g",
        ),
        _matrix_identity("rotation-a", m, f"T({w[0]})*({w[0]})", "I(1)"),
        _matrix_identity("rotation-b", m, f"T({w[1]})*({w[1]})", "I(1)"),
        _matrix_identity("rotation-c", m, f"T({w[0]})*({w[1]})", "0*I(1)"),
    ]


def entries() -> dict:
    """The Section 4.1 statements in paper order."""
    goals = {
        "thm4.2.step1": step1(),
        "thm4.2.step2": step2(),
        "thm4.2.eq4": eq4(),
        "thm4.2.step4.v0": step4_v0(),
        "thm4.2.step4.projection": step4_projection(),
        "thm4.2.step4.trace": step4_trace(),
        "thm4.2.eq5": eq5(),
        "thm4.2": theorem(),
        "rem4.3": remark(),
        "rem4.3.eq5-general": eq5_general(),
        "rem4.3.non-collinear": non_collinear(),
    }
    return {claim: entry(TEXTS[claim], "certified", items) for claim, items in goals.items()}
