"""Section 3.2, nonlinear RNNs: Eq. (1) with Jacobian weights W_ij = dy_i/dx_j fails; what holds instead.

Goals are computed with SymPy (derivatives by sympy.diff, canonical term lists); the kernel compares them with
the displayed formulas of verify/statements/s3_rnn.py as polynomials and re-checks each identity. The
counterexample goals are the registered ones; their exact points come from here.
"""

from __future__ import annotations

import sympy

from constructions.exact import poly_terms
from verify.certificate import Obligation, make_certificate
from verify.claims.s5_common import rational
from verify.kernel import statements
from verify.registry import claim

__all__ = ["POINTS", "tanh_jacobian", "linear_rnn", "first_order"]

# Exact points at which Eq. (1) with Jacobian weights differs from the output y_1 (refuted claim).
POINTS = {"tanh-eq1": {"U": 1, "x1": 1}, "polynomial-eq1": {"U": 1, "x1": 1}}


def tanh_jacobian() -> Obligation:
    """d/dx1 tanh(U x1), written with E = exp(2 U x1), as a rational function (SymPy's diff)."""
    U, x1, E = sympy.symbols("U x1 E")
    tanh = (sympy.exp(2 * U * x1) - 1) / (sympy.exp(2 * U * x1) + 1)
    num, den = sympy.fraction(sympy.together(sympy.diff(tanh, x1).subs(sympy.exp(2 * U * x1), E)))
    return rational("tanh-jacobian", ["E", "U", "x1"], {"E": 2 * U * x1}, (E - 1, E + 1), (num, den), wrt="x1")


def _polynomial_jacobian() -> Obligation:
    """sigma(z) = z + z^2, y_1 = sigma(U x1): y_1(x1 + t) - y_1(x1) - t dy_1/dx1 is divisible by t^2."""
    U, x1, t = sympy.symbols("U x1 t")
    y1 = lambda x: U * x + (U * x) ** 2  # noqa: E731
    remainder = y1(x1 + t) - y1(x1) - t * sympy.diff(y1(x1), x1)
    goal = {"vars": ["U", "x1", "t"], "poly": poly_terms(remainder, [U, x1, t]), "var": "t", "order": 2}
    return Obligation("polynomial-jacobian", "vanishing_order", goal)


def _counterexample(claim_id: str, name: str) -> Obligation:
    """The registered counterexample goal with its exact point."""
    spec = statements()[claim_id]
    goal = next(o["goal"] for v in ("certified", "refuted") for o in spec.get(v) or [] if o["name"] == name)
    return Obligation(
        name, "counterexample", goal, {"point": {k: str(v) for k, v in POINTS[name].items()}, "precision": 128}
    )


def _pairing(L: sympy.Matrix, M: sympy.Matrix) -> sympy.Expr:
    """sum L_ai M_ai: zero identically in L exactly when M = 0."""
    return sum((L[k] * M[k] for k in range(len(M))), sympy.Integer(0))


def _symbols(prefix: str, rows: int, cols: int) -> sympy.Matrix:
    """prefix{r}_{c}, 1-based."""
    return sympy.Matrix(rows, cols, lambda r, c: sympy.Symbol(f"{prefix}{r + 1}_{c + 1}"))


def linear_rnn(n: int = 3) -> list[Obligation]:
    """sigma = id: the Jacobian dy_i/dx_j (sympy.diff) is exact for the increment t e_j, and sum_j J_ij x_j = y_i."""
    W, L = _symbols("W", 2, 2), _symbols("L", n, 2)
    U = sympy.Matrix(sympy.symbols("U1 U2"))
    x, t = list(sympy.symbols(f"x1:{n + 1}")), sympy.Symbol("t")
    variables = [*W, *U, *x, t, *L]

    def outputs(xs: list) -> sympy.Matrix:
        h, rows = sympy.zeros(2, 1), []
        for xt in xs:
            h = W * h + U * xt
            rows.append(h.T)
        return sympy.Matrix.vstack(*rows)  # n x 2, row i = y_i

    y = outputs(x)
    jac = {j: y.diff(x[j]) for j in range(n)}  # n x 2: row i = dy_i/dx_j
    out = []
    for j in range(n):
        moved = outputs([xt + t if k == j else xt for k, xt in enumerate(x)])
        poly = _pairing(L, moved - y - t * jac[j])
        goal = {
            "vars": [str(v) for v in variables],
            "lhs": poly_terms(poly, variables),
            "rhs": poly_terms(0, variables),
        }
        out.append(Obligation(f"linear.jacobian-x{j + 1}", "polynomial_identity", goal))
    eq1 = sum((jac[j] * x[j] for j in range(n)), sympy.zeros(n, 2))
    goal = {"vars": [str(v) for v in variables]}
    goal.update(lhs=poly_terms(_pairing(L, eq1), variables), rhs=poly_terms(_pairing(L, y), variables))
    out.append(Obligation("linear.eq1", "polynomial_identity", goal))
    return out


def first_order() -> Obligation:
    """sigma(z) = z + z^2, n = 2: y(X + t D) - y(X) - t sum_j (dy/dx_j) D_j (sympy.diff) is divisible by t^2."""
    W, L = _symbols("W", 2, 2), _symbols("L", 2, 2)
    U = sympy.Matrix(sympy.symbols("U1 U2"))
    x1, x2, d1, d2, t = sympy.symbols("x1 x2 d1 d2 t")
    variables = [*W, *U, x1, x2, d1, d2, t, *L]
    sigma = lambda v: v.applyfunc(lambda z: z + z**2)  # noqa: E731

    def outputs(a: sympy.Expr, b: sympy.Expr) -> sympy.Matrix:
        h1 = sigma(U * a)
        return sympy.Matrix.vstack(h1.T, sigma(W * h1 + U * b).T)

    y = outputs(x1, x2)
    remainder = outputs(x1 + t * d1, x2 + t * d2) - y - t * (y.diff(x1) * d1 + y.diff(x2) * d2)
    poly = poly_terms(_pairing(L, remainder), variables)
    goal = {"vars": [str(v) for v in variables], "poly": poly, "var": "t", "order": 2}
    return Obligation("nonlinear.first-order", "vanishing_order", goal)


@claim("sec3.2.rnn-jacobian.eq1")
def rnn_eq1() -> dict:
    """Eq. (1) with W_ij = dy_i/dx_j does not reproduce y_1 = tanh(U x_1) (nor sigma(z) = z + z^2)."""
    claim_id = "sec3.2.rnn-jacobian.eq1"
    obligations = [tanh_jacobian(), _counterexample(claim_id, "tanh-eq1"), _polynomial_jacobian()]
    obligations.append(_counterexample(claim_id, "polynomial-eq1"))
    return make_certificate(claim_id, "refuted", obligations)


@claim("sec3.2.rnn-jacobian.eq1.corrected")
def rnn_eq1_corrected() -> dict:
    """Exact for the linear RNN; first-order (local sensitivity) for a nonlinear one."""
    obligations = [*linear_rnn(), first_order(), tanh_jacobian()]
    return make_certificate("sec3.2.rnn-jacobian.eq1.corrected", "certified", obligations)
