"""Section 4.1: Theorem 4.2 (interaction rank gap) and Remark 4.3, every step of the proof.

Goals are produced from the exact objects of constructions.rotation; the kernel compares them with
its frozen statements (verify/kernel/specs/s4_1_rank_gap.json) and re-checks every witness.
"""

from __future__ import annotations

import sympy
from sympy.polys.matrices import DomainMatrix

from constructions.linalg import rank_witness
from constructions.rotation import (
    SYMBOLS,
    impulse_response,
    lagrange_sos,
    one_token_input,
    projection_minimizer,
    rotation_counterexample,
    two_step_error,
)
from verify.certificate import Obligation, make_certificate
from verify.exact import matrix_rows, poly_terms
from verify.registry import claim

__all__: list[str] = []

a, b, v1, v2, w, R = (SYMBOLS[k] for k in ("a", "b", "v1", "v2", "w", "R"))


def _symbols(names: str) -> list[sympy.Symbol]:
    return [SYMBOLS.get(n) or sympy.Symbol(n) for n in names.split()]


def _identity(name: str, names: str, lhs: sympy.Expr | str, rhs: sympy.Expr | str) -> Obligation:
    """A polynomial identity; SymPy expressions become term lists, strings stay as displayed."""
    variables = _symbols(names)
    side = [s if isinstance(s, str) else poly_terms(s, variables) for s in (lhs, rhs)]
    return Obligation(
        name, "polynomial_identity", {"vars": [str(v) for v in variables], "lhs": side[0], "rhs": side[1]}
    )


def _sos(name: str, names: str, poly: sympy.Expr, nonneg: list[str], squares: list) -> Obligation:
    """poly >= 0 by a weighted sum of squares with nonnegative atoms."""
    variables = _symbols(names)
    terms = [{"coeff": str(c), "atoms": atoms, "square": poly_terms(s, variables)} for c, atoms, s in squares]
    goal = {"vars": [str(v) for v in variables], "poly": poly_terms(poly, variables), "nonneg": nonneg}
    return Obligation(name, "sum_of_squares", goal, {"terms": terms})


def _attained(name: str, names: str, poly: sympy.Expr, point: dict, denominator: sympy.Expr) -> Obligation:
    """poly vanishes at point = numerators / denominator wherever the denominator is nonzero."""
    variables = _symbols(names)
    goal = {
        "vars": [str(v) for v in variables],
        "poly": poly_terms(poly, variables),
        "point": sorted(point),
        "nonzero": poly_terms(denominator, variables),
    }
    witness = {
        "numerators": {k: poly_terms(v, variables) for k, v in point.items()},
        "denominator": poly_terms(denominator, variables),
        "scale": "1",
        "power": 1,
    }
    return Obligation(name, "attained", goal, witness)


def _ssm_matrices() -> dict[str, list[list[str]]]:
    A, B, C = rotation_counterexample()
    return {"A": matrix_rows(A), "B": matrix_rows(B), "C": matrix_rows(C)}


def _not_collinear(name: str) -> Obligation:
    """vec W(0), vec W(1) as rows of a matrix of rank 2, with the kernel's rank witness."""
    A, B, C = rotation_counterexample()
    stacked = [sum(impulse_response(A, B, C, t).to_list(), []) for t in (0, 1)]
    rank, witness = rank_witness(DomainMatrix(stacked, (2, 4), A.domain))
    goal = {"matrix": [[str(x) for x in row] for row in stacked], "rank": rank}
    return Obligation(name, "rank", goal, witness)


@claim("thm4.2.step1")
def step1() -> dict:
    """W(0) = I, W(1) = A, A a quarter turn, W(0) and W(1) not collinear."""
    mats = _ssm_matrices()
    identity = lambda name, lhs, rhs: Obligation(name, "matrix_identity", {"matrices": mats, "lhs": lhs, "rhs": rhs})  # noqa: E731
    return make_certificate(
        "thm4.2.step1",
        "certified",
        [
            identity("W0", "C*A^0*B", "I(2)"),
            identity("W1", "C*A^1*B", "A"),
            identity("orthogonal", "T(A)*A", "I(2)"),
            identity("quarter-turn", "A^4", "I(2)"),
            _not_collinear("not-collinear"),
        ],
    )


@claim("thm4.2.step2")
def step2() -> dict:
    """The one-token input has unit norm for every n and gives y1 = e1, y2 = e2."""
    X = one_token_input(3)
    columns = X.transpose().to_list()
    first = " + ".join(f"{x}^2" for x in columns[0])
    zero = " + ".join(f"{x}^2" for x in columns[1])
    mats = {**_ssm_matrices(), "x1": [[str(x)] for x in columns[0]], "x2": [[str(x)] for x in columns[1]]}
    mats.update({"e1": [["1"], ["0"]], "e2": [["0"], ["1"]]})
    identity = lambda name, lhs, rhs: Obligation(name, "matrix_identity", {"matrices": mats, "lhs": lhs, "rhs": rhs})  # noqa: E731
    return make_certificate(
        "thm4.2.step2",
        "certified",
        [
            _identity("unit-norm", "z", f"{first} + z*({zero})", "1"),
            identity("y1", "C*A^0*B*x1", "e1"),
            identity("y2", "C*A^1*B*x1 + C*A^0*B*x2", "e2"),
        ],
    )


@claim("thm4.2.eq4")
def eq4() -> dict:
    """Eq (4): the first two outputs of any single-head model are a v and b v, v = V e1."""
    V = sympy.Matrix(2, 2, _symbols("V11 V12 V21 V22"))
    c = sympy.Symbol("c")
    e1, e2, zero = sympy.Matrix([1, 0]), sympy.Matrix([0, 1]), sympy.Matrix([0, 0])
    tail = [" + ".join(f"{V[r, k]}*{zero[k]}" for k in range(2)) for r in range(2)]
    y_hat1, y_hat2 = a * V * e1, b * V * e1
    error = (e1 - y_hat1).dot(e1 - y_hat1) + (e2 - y_hat2).dot(e2 - y_hat2)
    v = V * e1
    target = (e1 - a * v).dot(e1 - a * v) + (e2 - b * v).dot(e2 - b * v)
    return make_certificate(
        "thm4.2.eq4",
        "certified",
        [
            _identity("tail-row1", "V11 V12 V21 V22 c", f"{c}*({tail[0]})", 0),
            _identity("tail-row2", "V11 V12 V21 V22 c", f"{c}*({tail[1]})", 0),
            _identity("error", "V11 V12 V21 V22 a b", error, target),
        ],
    )


@claim("thm4.2.step4.v0")
def step4_v0() -> dict:
    """With v = 0 the error is 2 for all a, b."""
    error = two_step_error().subs({v1: 0, v2: 0})
    return make_certificate("thm4.2.step4.v0", "certified", [_identity("value-2", "a b", error, 2)])


@claim("thm4.2.step4.projection")
def step4_projection() -> dict:
    """inf_a ||e_i - a v||^2 = 1 - v_i^2/||v||^2, scaled by s = ||v||^2."""
    s = v1**2 + v2**2
    obligations = []
    for k, (coord, t) in enumerate(((v1, a), (v2, b)), start=1):
        e = sympy.Matrix([1, 0]) if k == 1 else sympy.Matrix([0, 1])
        residual = e - t * sympy.Matrix([v1, v2])
        scaled = s * residual.dot(residual) - (s - coord**2)
        names = f"{t} v1 v2"
        obligations += [
            _sos(f"inf-e{k}-lower", names, scaled, [], [(1, [], t * s - coord)]),
            _attained(f"inf-e{k}-attained", names, scaled, {str(t): coord}, s),
        ]
        projected_away = s * e - sympy.Matrix([v1, v2]) * coord  # s (I - P_L) e_k
        obligations.append(
            _identity(f"pythagoras-e{k}", "v1 v2", projected_away.dot(projected_away), s**2 - s * coord**2)
        )
    return make_certificate("thm4.2.step4.projection", "certified", obligations)


@claim("thm4.2.step4.trace")
def step4_trace() -> dict:
    """||P e1||^2 + ||P e2||^2 = tr P = 1, scaled by s^2 with s P = v v^T."""
    vv = sympy.Matrix([v1, v2]) * sympy.Matrix([[v1, v2]])  # s * P_L
    norms = sum((vv * sympy.eye(2)[:, k]).dot(vv * sympy.eye(2)[:, k]) for k in range(2))
    s = v1**2 + v2**2
    return make_certificate(
        "thm4.2.step4.trace",
        "certified",
        [_identity("sum-is-trace", "v1 v2", norms, s * vv.trace()), _identity("trace-is-one", "v1 v2", vv.trace(), s)],
    )


@claim("thm4.2.eq5")
def eq5() -> dict:
    """inf_{a,b} error = 1 for every v != 0 in R^2: a sum of squares and an attaining point."""
    gap = two_step_error() - 1
    num_a, num_b, s = projection_minimizer()
    return make_certificate(
        "thm4.2.eq5",
        "certified",
        [
            _sos("lower-bound", "a b v1 v2", gap, [], lagrange_sos()),
            _attained("attained", "a b v1 v2", gap, {"a": num_a, "b": num_b}, s),
        ],
    )


@claim("thm4.2")
def theorem() -> dict:
    """The uniform gap >= 1 for every n >= 2 (R collects the outputs after the second)."""
    squares = lagrange_sos() + [(1, ["R"], 1)]
    return make_certificate(
        "thm4.2",
        "certified",
        [
            _identity("feasible-input", "z", "1^2 + 0^2 + z*(0^2 + 0^2)", 1),
            _sos("uniform-bound", "a b v1 v2 R", two_step_error() + R - 1, ["R"], squares),
        ],
    )


@claim("rem4.3")
def remark() -> dict:
    """Every d >= 2: leading blocks independent, A_d e1 = e2, and the gap >= 1 with w, R >= 0."""
    A, _, _ = rotation_counterexample()
    mats = {"A": matrix_rows(A), "e1": [["1"], ["0"]], "e2": [["0"], ["1"]]}
    squares = lagrange_sos(general_d=True) + [(1, ["R"], 1)]
    return make_certificate(
        "rem4.3",
        "certified",
        [
            _not_collinear("leading-blocks-independent"),
            Obligation("block-image", "matrix_identity", {"matrices": mats, "lhs": "A*e1", "rhs": "e2"}),
            _sos("uniform-bound", "a b v1 v2 w R", two_step_error(True) + R - 1, ["w", "R"], squares),
        ],
    )


@claim("rem4.3.eq5-general")
def eq5_general() -> dict:
    """In dimension d the infimum is 2 - (v1^2 + v2^2)/||v||^2 >= 1."""
    num_a, num_b, s = projection_minimizer(general_d=True)
    scaled = s * two_step_error(True) - (2 * s - v1**2 - v2**2)
    return make_certificate(
        "rem4.3.eq5-general",
        "certified",
        [
            _sos("lower-bound", "a b v1 v2 w", scaled, ["w"], [(1, [], a * s - v1), (1, [], b * s - v2)]),
            _attained("attained", "a b v1 v2 w", scaled, {"a": num_a, "b": num_b}, s),
            _sos("at-least-one", "v1 v2 w", (2 * s - v1**2 - v2**2) - s, ["w"], [(1, ["w"], 1)]),
        ],
    )
